#pragma once
// Runs a CommDag, or any OpGraph (a RingProgram), against a TransferBackend: every op starts as
// soon as all its dependencies have completed and, for a send, once the send before it on its
// connection (CommOp::lanePrev) has been issued (a channel's sends leave in program order; a
// ready send parks until then). Built for large programs (10^5–10^7 ops): a CommDag's successor
// lists go into one CSR array (DagGraph), a RingProgram computes them; in-degree counters are
// built once (6 B of state per op in all), each op is touched O(1 + out-degree) times, and
// completions reported synchronously from inside transfer() are queued, not recursed. The same
// ops with the same dependencies launch in the same order whichever OpGraph describes them.
//
// The executor must outlive the backend's pending callbacks (they capture `this`).

#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/OpGraph.hpp"
#include "meridian/collective/TransferBackend.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <unordered_map>
#include <vector>

namespace meridian::collective {

/// Per-op times from the backend's clock; NaN when the backend has no clock or the op has
/// not started / finished.
struct OpTiming
{
    double start_s = std::numeric_limits<double>::quiet_NaN();
    double end_s = std::numeric_limits<double>::quiet_NaN();
};

class DagExecutor
{
public:
    /// What the executor keeps about finished ops beyond the makespan.
    enum class Record
    {
        PerOp,       ///< timings() and completionOrder()
        MakespanOnly ///< both stay empty
    };

    /// Throws InputError if the DAG has a cycle or a dependency index out of range.
    DagExecutor(const CommDag& dag, TransferBackend& backend, Record record = Record::PerOp);
    /// Runs `graph` (which must outlive the executor), e.g. a RingProgram.
    DagExecutor(const OpGraph& graph, TransferBackend& backend, Record record = Record::PerOp);
    DagExecutor(const DagExecutor&) = delete;
    DagExecutor& operator=(const DagExecutor&) = delete;

    /// Called after each op completes (op index), and once when every op has completed.
    void setOnOpFinished(std::function<void(std::size_t)> callback);
    void setOnFinished(std::function<void()> callback);

    /// Launches every op without dependencies; the rest follow as completions arrive.
    /// May be called once. An empty DAG finishes immediately.
    void start();

    bool started() const { return m_started; }
    bool finished() const { return m_completed == m_state.size(); }
    std::size_t completedCount() const { return m_completed; }
    /// Op indices in completion order (empty with Record::MakespanOnly).
    const std::vector<std::size_t>& completionOrder() const { return m_completionOrder; }
    /// Per-op start/end times from TransferBackend::nowS() (NaN when unavailable; empty with
    /// Record::MakespanOnly).
    const std::vector<OpTiming>& timings() const { return m_timings; }
    /// Latest end time over all ops (NaN without a backend clock or before finishing).
    double makespanS() const;

private:
    void init(Record record);
    void launchReady();
    void complete(std::size_t op);

    std::unique_ptr<OpGraph> m_ownGraph; ///< a CommDag's DagGraph
    const OpGraph& m_graph;
    TransferBackend& m_backend;
    std::vector<std::uint32_t> m_successorScratch;
    /// Per op: dependencies not finished yet (kWaitingMask), kIssued, kDone.
    std::vector<std::uint32_t> m_state;
    static constexpr std::uint32_t kDone = 1u << 31;
    static constexpr std::uint32_t kIssued = 1u << 30;
    static constexpr std::uint32_t kWaitingMask = kIssued - 1;
    /// Ready sends waiting for their lanePrev to be issued: lanePrev → send.
    std::unordered_map<std::size_t, std::size_t> m_parked;
    std::deque<std::size_t> m_ready;
    std::vector<std::size_t> m_completionOrder;
    std::vector<OpTiming> m_timings;
    std::function<void(std::size_t)> m_onOpFinished;
    std::function<void()> m_onFinished;
    std::size_t m_completed = 0;
    double m_makespan_s = std::numeric_limits<double>::quiet_NaN();
    bool m_recordPerOp = true;
    bool m_started = false;
    bool m_launching = false;
};

} // namespace meridian::collective
