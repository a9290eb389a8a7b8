// fast_nextseg: a cost-only fix of ns-3.37's TcpTxBuffer::NextSeg, linked into the reference
// programs; it does not change any result.
//
// ns-3.37's NextSeg (RFC 6675) walks the whole list of sent, unacknowledged segments on every
// transmission to look for a segment marked lost (rule 1) and, in recovery, for the first
// unSACKed one (rule 3). With windows of thousands of segments that walk is ~75 % of the run
// time (perf, nccl_ring, 4 MiB windows). The walk can only change the answer when some segment
// is marked lost (the buffer's lost-byte count m_lostOut > 0) or when the socket is in recovery;
// otherwise the answer is rule 2 (send new data) or nothing, which do not read the list. In that
// case this wrapper hands the original function an empty sent list (an O(1) std::list swap)
// and swaps it back; in every other case it calls the original unchanged. The library calls
// NextSeg through its PLT, so this definition (exported by the executable) interposes it, and
// the original is reached with dlsym(RTLD_NEXT).
// Check: outputs are identical with and without it on loss-free and lossy, single and parallel,
// CUBIC and NewReno cases of tcp_flows and on nccl_ring (docs/validation.md).

#include <dlfcn.h>

// Everything tcp-tx-buffer.h includes comes first, so only TcpTxBuffer itself is opened up:
// its members are private and this translation unit reads m_lostOut and swaps m_sentList.
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-option-sack.h"
#include "ns3/tcp-tx-item.h"
#include "ns3/traced-value.h"

#define private public
#include "ns3/tcp-tx-buffer.h"
#undef private

namespace ns3 {

using NextSegFn = bool (*)(const TcpTxBuffer*, SequenceNumber32*, SequenceNumber32*, bool);

bool TcpTxBuffer::NextSeg(SequenceNumber32* seq, SequenceNumber32* seqHigh, bool isRecovery) const
{
    static const NextSegFn original = [] {
        auto fn = reinterpret_cast<NextSegFn>(
            dlsym(RTLD_NEXT, "_ZNK3ns311TcpTxBuffer7NextSegEPNS_14SequenceNumberIjiEES3_b"));
        if (fn == nullptr) {
            std::fprintf(stderr, "fast_nextseg: ns-3's TcpTxBuffer::NextSeg not found\n");
            std::abort();
        }
        return fn;
    }();
    if (m_lostOut != 0 || isRecovery) {
        return original(this, seq, seqHigh, isRecovery);
    }
    PacketList empty;
    auto& sent = const_cast<PacketList&>(m_sentList);
    sent.swap(empty);
    const bool found = original(this, seq, seqHigh, isRecovery);
    sent.swap(empty);
    return found;
}

} // namespace ns3
