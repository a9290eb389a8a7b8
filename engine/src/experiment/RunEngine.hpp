#pragma once
// The event engine of one run (private to the experiment module): it owns the simulator and
// the flow-level network, moves the bytes of transfers and collectives, advances simulated
// time until a phase's condition holds, turns failures into errors that name their cause,
// sends the observer's snapshots and records the per-link results.
//
// Phase progress (RunSnapshot::phase_bytes_*): a phase's program is the sends of the DAGs it
// runs and its own transfers; a ledger holds their payload bytes, known before the first of
// them moves, and how many have arrived. A message counts in full when it has arrived; a message
// still in flight counts rate × time from the snapshots (its rate at one snapshot held until
// the next), never more than its size. So done never exceeds total, never decreases, and
// equals it once every message has arrived.
//
// A reduction of `bytes` on a rank costs 3 · bytes / HBM bandwidth (read two operands,
// write one); transfers run on the network with the experiment's protocol.

#include "CheckedCollective.hpp"
#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/CommSettings.hpp"
#include "meridian/collective/DagExecutor.hpp"
#include "meridian/collective/RingProgram.hpp"
#include "meridian/collective/TransferBackend.hpp"
#include "meridian/core/StrongId.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/RunObserver.hpp"
#include "meridian/net/Network.hpp"
#include "meridian/sim/Simulator.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace meridian::experiment {

/// A collective in flight: its backend and executor live together until it ends (the DAG
/// must outlive it).
struct RunningCollective
{
    std::unique_ptr<collective::TransferBackend> backend;
    std::unique_ptr<collective::DagExecutor> executor;
};

/// A phase program's ledger (RunEngine::openLedger).
using LedgerId = std::size_t;
inline constexpr LedgerId kNoLedger = static_cast<LedgerId>(-1);
/// Which ledger a message's bytes count towards, and how many times: a centre whose twins
/// take its times (IterationDriver) moves their bytes too, identically.
struct ByteCredit
{
    LedgerId ledger = kNoLedger;
    double weight = 1.0;
};

class RunEngine
{
public:
    using LedgerId = experiment::LedgerId;
    using Credit = ByteCredit;
    static constexpr LedgerId kNoLedger = experiment::kNoLedger;

    struct Options
    {
        std::uint64_t seed = 1;
        double sample_interval_s = 1.0;   ///< link utilisation series
        double snapshot_interval_s = 1.0; ///< observer snapshots
        collective::CommSettings comm;    ///< how collectives move their bytes (NCCL)
        /// Per-interval series of the user's links (Results::links); without, and always for
        /// synthesised fabric links, which results do not report, totals only.
        bool link_series = true;
    };

    /// Simulates `topo` (which must outlive the engine); its first `userLinks` links are the
    /// user's (a run may add synthesised fabric links after them), reported in snapshots and
    /// results.
    RunEngine(const topology::Topology& topo, std::size_t userLinks,
              const net::NetworkConfig& transport, const Options& options,
              const std::atomic<bool>& cancel, RunObserver* observer);

    const topology::Topology& topology() const { return m_topo; }
    sim::Simulator& sim() { return m_sim; }
    net::Network& network() { return *m_net; }
    double now() const { return m_sim.now().toSeconds(); }
    const collective::CommSettings& comm() const { return m_comm; }

    /// Moves `bytes` from src to dst; `done` runs when they have arrived. A failed transfer
    /// makes the next runUntil() throw TransferFailed.
    void transfer(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                  std::function<void(const net::TransferResult&)> done,
                  net::TransferOptions options = {}, Credit credit = {});
    /// Moves `bytes` from src to dst as `parts` equal messages on the streams
    /// options.stream … options.stream + parts − 1 (NCCL's sockets, iperf3 -P); `done` runs
    /// at the latest of readyOf(result) over the parts (their delivery when readyOf is empty).
    void transferInParts(NodeId src, NodeId dst, double bytes, net::Protocol protocol, int parts,
                         net::TransferOptions options,
                         std::function<double(const net::TransferResult&)> readyOf,
                         std::function<void()> done, Credit credit = {});
    /// Starts the collective `dag` with rank i on nodes[i]; reductions at `reduceRate_Bps`
    /// (0 = free); every channel's messages go over comm().sockets in-order streams per rank
    /// pair. `onDone` runs when every op of the DAG has finished.
    RunningCollective startCollective(const collective::CommDag& dag,
                                      const std::vector<NodeId>& nodes, net::Protocol protocol,
                                      double reduceRate_Bps, std::function<void()> onDone,
                                      Credit credit = {});
    /// The same for the implicit program of a flat ring (which must outlive the collective):
    /// the same transfers and times as its CommDag, without holding its ops.
    RunningCollective startCollective(const collective::RingProgram& ring,
                                      const std::vector<NodeId>& nodes, net::Protocol protocol,
                                      double reduceRate_Bps, std::function<void()> onDone,
                                      Credit credit = {});
    /// `program` as its RingProgram (a flat ring) or its DAG (anything else).
    RunningCollective startCollective(const CheckedProgram& program,
                                      const std::vector<NodeId>& nodes, net::Protocol protocol,
                                      double reduceRate_Bps, std::function<void()> onDone,
                                      Credit credit = {});
    /// Topology-aware ring order of `nodes`: the order of least total one-way route delay.
    std::vector<int> ringOrder(const std::vector<NodeId>& nodes);

    /// Control-plane runs: a node whose centre failed sends and receives nothing more (its
    /// collectives' transfers never start), and a transfer that finds no route is retried
    /// (after min_rto, doubling up to 60 s, as TCP keeps retransmitting through an outage)
    /// instead of failing the run; the coordinators decide what a long outage means.
    void blockNode(NodeId node);
    bool blocked(NodeId node) const;
    void setRetryUnroutable(bool retry) { m_retryUnroutable = retry; }

    /// Runs events until `flag` is true. Throws RunCancelled on cancel, TransferFailed when a
    /// transfer failed (its message names the failed link or the cause), InternalError if the
    /// events ran out although nothing failed.
    void runUntil(const bool& flag);

    /// Fraction of the run's phases that have finished (reported in snapshots).
    void setProgress(double progress) { m_progress = progress; }
    /// A ledger for a program of `total_bytes` payload bytes (counting twins' weight), opened
    /// before any of its messages starts.
    LedgerId openLedger(double total_bytes);
    /// The ledger snapshots report from now on: the phase in progress (kNoLedger: a phase
    /// that moves no bytes, reported as 0 of 0).
    void showLedger(LedgerId ledger) { m_shownLedger = ledger; }
    /// The program's phase has ended: every byte it was to move has arrived (or never will,
    /// on a centre that failed); the ledger reports done = total from now on.
    void closeLedger(LedgerId ledger);
    /// Sends the observer a snapshot now (no-op without an observer).
    void emitSnapshot();
    /// Snapshots report the links' background rates (RunSnapshot::link_rates): runs with
    /// background traffic.
    void reportBackground(bool on) { m_reportBackground = on; }

    /// Fills the end time, the per-link results of the user's links and the engine counters.
    void recordResults(Results& results);
    /// Fills the background bytes of the user's links (after recordResults), for runs with
    /// background traffic.
    void recordBackground(Results& results);

private:
    struct Ledger
    {
        double total_bytes = 0.0;
        double arrived_bytes = 0.0; ///< messages that have arrived, by their weight
        double shown_bytes = 0.0;   ///< the last done reported (done never decreases)
        bool closed = false;
    };
    /// A message (one transfer) from its start to its arrival or loss, in indexed slots
    /// (m_messages, reused through m_freeMessages): the network's completion callback holds
    /// only (this, slot), which std::function keeps without a heap block, where a callback
    /// holding the message's fields and continuation took one per message.
    struct Message
    {
        std::function<void(const net::TransferResult&)> done; ///< empty for a part of a group
        NodeId src;
        NodeId dst;
        double bytes = 0.0;
        net::Protocol protocol = net::Protocol::Tcp;
        net::TransferOptions options;
        double backoff_s = 0.0;  ///< wait before the next retry of an unroutable message
        bool retrying = false;   ///< has been retried: retried until a route or a block
        std::uint32_t group = 0; ///< its transferInParts group, or kNoGroup
        // Progress of a message of a ledger, while there is an observer to report it to:
        bool tracked = false;
        FlowId flow;
        Credit credit;
        double credited_bytes = 0.0; ///< rate × time up to since_s, at most bytes
        double rate_Bps = 0.0;       ///< payload rate assumed since since_s (wire rate)
        double since_s = 0.0;
        bool live = false; ///< the slot holds a message (else it is on m_freeMessages)
    };
    /// The parts of one transferInParts message, in indexed slots like Message.
    struct PartGroup
    {
        int left = 0;        ///< parts still to arrive before `done` runs
        int outstanding = 0; ///< parts neither arrived nor gone (the slot is free at 0)
        double ready_s = 0.0;
        std::function<double(const net::TransferResult&)> readyOf;
        std::function<void()> done;
    };
    static constexpr std::uint32_t kNoGroup = static_cast<std::uint32_t>(-1);

    [[noreturn]] void throwFailure() const;
    /// A message in a free slot (counted in the engine's transfers); not started yet.
    std::uint32_t newMessage(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                             net::TransferOptions options, Credit credit);
    /// Starts (or restarts, after no route) message `slot` on the network.
    void startMessage(std::uint32_t slot);
    void messageEnded(std::uint32_t slot, const net::TransferResult& r);
    void retryMessage(std::uint32_t slot);
    /// Message `slot` has arrived (true: its bytes count in its ledger) or is gone (false).
    void releaseMessage(std::uint32_t slot, bool arrived);
    void partArrived(std::uint32_t group, const net::TransferResult& r);
    void partGone(std::uint32_t group);
    /// Every part has arrived and its ready time has come: frees the group, runs its `done`.
    void finishGroup(std::uint32_t group);
    void releaseGroup(std::uint32_t group);
    /// Brings the in-flight estimates up to now; returns (done, total) of the shown ledger.
    std::pair<double, double> phaseBytes();

    const topology::Topology& m_topo;
    sim::Simulator m_sim;
    std::unique_ptr<net::Network> m_net;
    const std::atomic<bool>& m_cancel;
    RunObserver* m_observer;
    double m_snapshotInterval_s;
    collective::CommSettings m_comm;
    double m_nextSnapshot_s = 0.0;
    double m_progress = 0.0;
    std::size_t m_userLinks;
    bool m_reportBackground = false;
    std::string m_error;    ///< first transfer failure
    double m_errorAt_s = 0; ///< when it happened
    std::uint64_t m_transfers = 0;
    std::vector<char> m_blocked; ///< per node
    bool m_retryUnroutable = false;
    std::vector<Ledger> m_ledgers;
    LedgerId m_shownLedger = kNoLedger;
    std::vector<Message> m_messages;
    std::vector<std::uint32_t> m_freeMessages;
    std::vector<PartGroup> m_groups;
    std::vector<std::uint32_t> m_freeGroups;
};

} // namespace meridian::experiment
