#pragma once
// The event engine of one run (private to the experiment module): it owns the simulator and
// the flow-level network, moves the bytes of transfers and collectives, advances simulated
// time until a phase's condition holds, turns failures into errors that name their cause,
// sends the observer's snapshots and records the per-link results.
//
// A reduction of `bytes` on a rank costs 3 · bytes / HBM bandwidth (read two operands,
// write one); transfers run on the network with the experiment's protocol.

#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/CommSettings.hpp"
#include "meridian/collective/DagExecutor.hpp"
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
#include <vector>

namespace meridian::experiment {

/// A collective in flight: its backend and executor live together until it ends (the DAG
/// must outlive it).
struct RunningCollective
{
    std::unique_ptr<collective::TransferBackend> backend;
    std::unique_ptr<collective::DagExecutor> executor;
};

class RunEngine
{
public:
    struct Options
    {
        std::uint64_t seed = 1;
        double sample_interval_s = 1.0;   ///< link utilisation series
        double snapshot_interval_s = 1.0; ///< observer snapshots
        collective::CommSettings comm;    ///< how collectives move their bytes (NCCL)
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
                  net::TransferOptions options = {});
    /// Moves `bytes` from src to dst as `parts` equal messages on the streams
    /// options.stream … options.stream + parts − 1 (NCCL's sockets, iperf3 -P); `done` runs
    /// at the latest of readyOf(result) over the parts (their delivery when readyOf is empty).
    void transferInParts(NodeId src, NodeId dst, double bytes, net::Protocol protocol, int parts,
                         net::TransferOptions options,
                         std::function<double(const net::TransferResult&)> readyOf,
                         std::function<void()> done);
    /// Starts the collective `dag` with rank i on nodes[i]; reductions at `reduceRate_Bps`
    /// (0 = free); every channel's messages go over comm().sockets in-order streams per rank
    /// pair. `onDone` runs when every op of the DAG has finished.
    RunningCollective startCollective(const collective::CommDag& dag,
                                      const std::vector<NodeId>& nodes, net::Protocol protocol,
                                      double reduceRate_Bps, std::function<void()> onDone);
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
    /// Sends the observer a snapshot now (no-op without an observer).
    void emitSnapshot();

    /// Fills the end time, the per-link results of the user's links and the engine counters.
    void recordResults(Results& results);
    /// Fills the background bytes of the user's links (after recordResults), for runs with
    /// background traffic.
    void recordBackground(Results& results);

private:
    [[noreturn]] void throwFailure() const;
    void retryTransfer(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                       std::function<void(const net::TransferResult&)> done,
                       net::TransferOptions options, double backoff_s);

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
    std::string m_error;    ///< first transfer failure
    double m_errorAt_s = 0; ///< when it happened
    std::uint64_t m_transfers = 0;
    std::vector<char> m_blocked; ///< per node
    bool m_retryUnroutable = false;
};

} // namespace meridian::experiment
