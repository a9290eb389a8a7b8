// RingProgram: the ring's ops and dependencies from their coordinates (the relations are
// stated in RingProgram.hpp; RingProgramTest compares every op, dependency list and successor
// list with buildCollective()'s DAG).
#include "meridian/collective/RingProgram.hpp"

#include "meridian/collective/BuildCollective.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace meridian::collective {

RingProgram::RingProgram(const CollectiveSpec& spec, std::vector<int> order)
    : m_operation(spec.operation), m_n(spec.ranks), m_slices(spec.slices),
      m_chunks(static_cast<std::size_t>(spec.chunks)), m_channels(spec.channels),
      m_inFlight(spec.in_flight), m_order(std::move(order))
{
    MERIDIAN_ASSERT(hasRingSteps(spec.operation, spec.algorithm) && m_n >= 2 &&
                        static_cast<int>(m_order.size()) == m_n && m_slices >= 1 &&
                        spec.chunks >= 1 && m_channels >= 1 && m_inFlight >= 0,
                    "RingProgram needs a flat ring among two or more ranks (buildRingProgram)");
    const auto n = static_cast<std::size_t>(m_n);
    const auto m = static_cast<std::size_t>(m_slices);
    m_firstPass = m_operation == Operation::AllGather ? 1 : 0;
    m_lastPass = m_operation == Operation::ReduceScatter ? 0 : 1;
    m_stepOffset = m_operation == Operation::AllReduce ? m_n - 1 : 0;
    // The same expressions as buildCollective()'s blocks, so that the bytes are the same doubles.
    if (m_operation == Operation::AllReduce)
        m_opBytes = spec.bytes / (double(m_n) * spec.chunks * m_slices);
    else
        m_opBytes = spec.bytes / (double(m_n) * spec.chunks) / m_slices;
    m_passOps = (n - 1) * n * m;
    m_rsOps = m_firstPass == 0 ? 2 * m_passOps : 0;
    m_chunkOps = m_rsOps + (m_lastPass == 1 ? m_passOps : 0);
    m_opCount = m_chunkOps * m_chunks;
    MERIDIAN_ASSERT(m_opCount < std::numeric_limits<std::uint32_t>::max(),
                    "a ring of more than 2^32 ops (buildRingProgram stops at 2·10^7)");
    if (spec.iterations_per_chunk > 1.0)
        m_merged = {spec.iterations_per_chunk, spec.nccl_slices, spec.slices,
                    (m_operation == Operation::AllReduce ? 2 : 1) * (m_n - 1)};
}

RingProgram::Coord RingProgram::decode(std::size_t op) const
{
    Coord c;
    c.chunk = op / m_chunkOps;
    std::size_t u = op % m_chunkOps;
    if (u < m_rsOps) {
        c.pass = 0;
        c.reduce = (u & 1U) != 0;
        u >>= 1U;
    } else {
        c.pass = 1;
        u -= m_rsOps;
    }
    const auto m = static_cast<std::size_t>(m_slices);
    const auto n = static_cast<std::size_t>(m_n);
    c.slice = static_cast<int>(u % m);
    u /= m;
    c.pos = static_cast<int>(u % n);
    c.step = static_cast<int>(u / n);
    return c;
}

std::size_t RingProgram::sendIndex(std::size_t chunk, int pass, int step, int pos, int slice) const
{
    const std::size_t within = (static_cast<std::size_t>(step) * static_cast<std::size_t>(m_n) +
                                static_cast<std::size_t>(wrap(pos))) *
                                   static_cast<std::size_t>(m_slices) +
                               static_cast<std::size_t>(slice);
    return chunk * m_chunkOps + (pass == 0 ? 2 * within : m_rsOps + within);
}

std::size_t RingProgram::laneIndex(const Coord& c) const
{
    const auto steps = static_cast<std::size_t>(m_n - 1);
    const auto m = static_cast<std::size_t>(m_slices);
    const auto passes = static_cast<std::size_t>(m_lastPass - m_firstPass) + 1;
    const std::size_t round = c.chunk / static_cast<std::size_t>(m_channels);
    return round * passes * steps * m +
           (static_cast<std::size_t>(c.pass - m_firstPass) * steps +
            static_cast<std::size_t>(c.step)) *
               m +
           static_cast<std::size_t>(c.slice);
}

bool RingProgram::laneSend(int pos, int channel, std::size_t lane, std::size_t& op) const
{
    const auto steps = static_cast<std::size_t>(m_n - 1);
    const auto m = static_cast<std::size_t>(m_slices);
    const auto passes = static_cast<std::size_t>(m_lastPass - m_firstPass) + 1;
    const std::size_t perRound = passes * steps * m;
    const std::size_t chunk =
        static_cast<std::size_t>(channel) + lane / perRound * static_cast<std::size_t>(m_channels);
    if (chunk >= m_chunks)
        return false;
    const std::size_t w = lane % perRound;
    const auto slice = static_cast<int>(w % m);
    const auto step = static_cast<int>(w / m % steps);
    const auto pass = m_firstPass + static_cast<int>(w / m / steps);
    op = sendIndex(chunk, pass, step, pos, slice);
    return true;
}

std::size_t RingProgram::lastReceive(std::size_t chunk, int pos) const
{
    // The last step's message from the position before, its last slice: the copy of the
    // all-gather pass, or the reduction of a reduce-scatter's.
    return m_lastPass == 0 ? reduceIndex(chunk, m_n - 2, pos - 1, m_slices - 1)
                           : sendIndex(chunk, 1, m_n - 2, pos - 1, m_slices - 1);
}

int RingProgram::deps(const Coord& c, std::size_t out[5]) const
{
    int count = 0;
    const auto add = [&](std::size_t d) {
        if (std::find(out, out + count, d) == out + count)
            out[count++] = d;
    };
    const std::size_t j = c.chunk;
    const int t = c.step;
    const int p = c.pos;
    const int i = c.slice;
    if (c.reduce) {
        add(sendIndex(j, 0, t, p, i));
        return count;
    }
    if (c.pass == 0) {
        if (t >= 1)
            add(reduceIndex(j, t - 1, p - 1, i)); // the block it sends, reduced last step
    } else {
        if (t >= 1)
            add(sendIndex(j, 1, t - 1, p - 1, i)); // the block it forwards, copied last step
        else if (m_firstPass == 0)
            add(reduceIndex(j, m_n - 2, p - 1, i)); // its shard, fully reduced
        if (m_firstPass == 0) {
            // The block it overwrites at p+1: reduced there at step t−1, sent on at step t.
            if (t >= 1)
                add(reduceIndex(j, t - 1, p, i));
            add(sendIndex(j, 0, t, p + 1, i));
        }
    }
    const auto channels = static_cast<std::size_t>(m_channels);
    if (isFirstSendOfChunk(c) && j >= channels)
        add(lastReceive(j - channels, p));
    if (m_inFlight > 0) {
        const std::size_t lane = laneIndex(c);
        std::size_t slotOwner = 0;
        if (lane >= static_cast<std::size_t>(m_inFlight) &&
            laneSend(p, static_cast<int>(j % channels), lane - static_cast<std::size_t>(m_inFlight),
                     slotOwner))
            add(slotOwner);
    }
    return count;
}

std::uint32_t RingProgram::depCount(std::size_t op) const
{
    std::size_t d[5];
    return static_cast<std::uint32_t>(deps(decode(op), d));
}

std::span<const std::uint32_t> RingProgram::successors(std::size_t op,
                                                       std::vector<std::uint32_t>& scratch) const
{
    scratch.clear();
    const auto push = [&](std::size_t s) { scratch.push_back(static_cast<std::uint32_t>(s)); };
    const Coord c = decode(op);
    const std::size_t j = c.chunk;
    const int t = c.step;
    const int p = c.pos;
    const int i = c.slice;
    const bool allReduce = m_firstPass == 0 && m_lastPass == 1;
    if (c.reduce) {
        if (t + 1 <= m_n - 2) {
            push(sendIndex(j, 0, t + 1, p + 1, i));
            if (allReduce)
                push(sendIndex(j, 1, t + 1, p, i));
        } else if (allReduce) {
            push(sendIndex(j, 1, 0, p + 1, i));
        }
    } else if (c.pass == 0) {
        push(op + 1); // its reduction
        if (allReduce)
            push(sendIndex(j, 1, t, p - 1, i)); // the copy that overwrites what it read
    } else if (t + 1 <= m_n - 2) {
        push(sendIndex(j, 1, t + 1, p + 1, i));
    }
    const auto channels = static_cast<std::size_t>(m_channels);
    // The receiver's last receive of the chunk: its next chunk on the channel starts after it.
    if ((c.reduce || c.pass == 1) && j + channels < m_chunks && op == lastReceive(j, p + 1))
        push(sendIndex(j + channels, m_firstPass, 0, p + 1, 0));
    if (!c.reduce && m_inFlight > 0) {
        std::size_t next = 0;
        if (laneSend(p, static_cast<int>(j % channels),
                     laneIndex(c) + static_cast<std::size_t>(m_inFlight), next))
            push(next);
    }
    // At most four: an insertion sort (std::sort's set-up cost more than the sorting).
    for (std::size_t a = 1; a < scratch.size(); ++a)
        for (std::size_t b = a; b > 0 && scratch[b] < scratch[b - 1]; --b)
            std::swap(scratch[b], scratch[b - 1]);
    scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
    return scratch;
}

OpLaunch RingProgram::launch(std::size_t op) const
{
    const Coord c = decode(op);
    if (c.reduce) {
        const int at = rankAt(c.pos + 1);
        return {OpKind::Reduce, 0, at, at, -1, m_opBytes};
    }
    const auto channel = static_cast<int>(c.chunk % static_cast<std::size_t>(m_channels));
    const std::size_t lane = laneIndex(c);
    std::size_t prev = 0;
    const bool hasPrev = lane > 0 && laneSend(c.pos, channel, lane - 1, prev);
    return {OpKind::Send,
            static_cast<std::int16_t>(channel),
            rankAt(c.pos),
            rankAt(c.pos + 1),
            hasPrev ? static_cast<std::int32_t>(prev) : -1,
            m_opBytes};
}

CommOp RingProgram::op(std::size_t op) const
{
    const Coord c = decode(op);
    const OpLaunch l = launch(op);
    CommOp o;
    o.kind = l.kind;
    o.channel = l.channel;
    o.src = l.src;
    o.dst = l.dst;
    o.lanePrev = l.lanePrev;
    o.bytes = l.bytes;
    o.step = c.pass == 0 ? c.step : m_stepOffset + c.step;
    o.chunk = static_cast<int>(c.chunk);
    const int shard = c.pass == 0 ? wrap(c.pos - c.step - 1) : wrap(c.pos - c.step);
    o.block = static_cast<int>(c.chunk) * m_n * m_slices + shard * m_slices + c.slice;
    o.blockCount = 1;
    std::size_t d[5];
    const int count = deps(c, d);
    o.deps.append(d, d + count);
    o.deps.sortUnique();
    return o;
}

double RingProgram::totalBytesSent() const
{
    // CommDag::totalBytesSent() adds the sends' bytes in op order; every send carries the same.
    const std::size_t sends = m_chunks * (m_rsOps / 2 + (m_lastPass == 1 ? m_passOps : 0));
    double sum = 0;
    for (std::size_t s = 0; s < sends; ++s)
        sum += m_opBytes;
    return sum;
}

} // namespace meridian::collective
