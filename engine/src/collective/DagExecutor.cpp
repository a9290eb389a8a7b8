#include "meridian/collective/DagExecutor.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::collective {

DagExecutor::DagExecutor(const CommDag& dag, TransferBackend& backend, Record record)
    : m_dag(dag), m_backend(backend), m_recordPerOp(record == Record::PerOp)
{
    const auto& ops = dag.ops();
    const std::size_t n = ops.size();
    MERIDIAN_ASSERT(n < std::numeric_limits<std::uint32_t>::max(),
                    "a DAG of more than 2^32 ops (buildCollective stops at 2·10^7)");
    m_indegree.assign(n, 0);
    // m_successorOffsets[d] counts d's successors, then (inclusive prefix sums) the end of
    // d's list; filling the lists from the last op down leaves it at their start and each
    // list in ascending op order, with no second array of offsets.
    m_successorOffsets.assign(n + 1, 0);
    bool forward = true; // every dependency an earlier op: acyclic without a sort
    for (std::size_t i = 0; i < n; ++i) {
        for (const std::size_t d : ops[i].deps) {
            if (d >= n)
                throw InputError({}, "collective/ops/" + std::to_string(i),
                                 "dependency " + std::to_string(d) + " does not exist");
            forward = forward && d < i;
            ++m_successorOffsets[d];
        }
        m_indegree[i] = static_cast<std::uint32_t>(ops[i].deps.size());
    }
    for (std::size_t i = 1; i < n; ++i)
        m_successorOffsets[i] += m_successorOffsets[i - 1];
    if (n > 0)
        m_successorOffsets[n] = m_successorOffsets[n - 1];
    m_successors.resize(m_successorOffsets[n]);
    for (std::size_t i = n; i-- > 0;)
        for (const std::size_t d : ops[i].deps)
            m_successors[--m_successorOffsets[d]] = static_cast<std::uint32_t>(i);
    if (!forward && !dag.isAcyclic())
        throw InputError({}, "collective", "the operation DAG has a dependency cycle");
    m_done.assign(n, 0);
    m_issued.assign(n, 0);
    if (m_recordPerOp) {
        m_timings.assign(n, OpTiming{});
        m_completionOrder.reserve(n);
    }
}

void DagExecutor::setOnOpFinished(std::function<void(std::size_t)> callback)
{
    m_onOpFinished = std::move(callback);
}

void DagExecutor::setOnFinished(std::function<void()> callback)
{
    m_onFinished = std::move(callback);
}

void DagExecutor::start()
{
    MERIDIAN_ASSERT(!m_started, "DagExecutor::start() called twice");
    m_started = true;
    if (m_indegree.empty()) {
        if (m_onFinished)
            m_onFinished();
        return;
    }
    for (std::size_t i = 0; i < m_indegree.size(); ++i)
        if (m_indegree[i] == 0)
            m_ready.push_back(i);
    launchReady();
}

void DagExecutor::launchReady()
{
    // Re-entrancy guard: a backend that completes synchronously calls complete() from inside
    // transfer(); the newly ready ops are queued and launched by the outer loop, so the
    // stack depth stays constant however long the dependency chains are.
    if (m_launching)
        return;
    m_launching = true;
    while (!m_ready.empty()) {
        const std::size_t i = m_ready.front();
        m_ready.pop_front();
        const CommOp& op = m_dag.ops()[i];
        if (op.kind == OpKind::Send && op.lanePrev >= 0 &&
            !m_issued[static_cast<std::size_t>(op.lanePrev)]) {
            m_parked.emplace(static_cast<std::size_t>(op.lanePrev), i);
            continue;
        }
        m_issued[i] = 1;
        if (m_recordPerOp)
            if (const auto t = m_backend.nowS())
                m_timings[i].start_s = *t;
        auto done = [this, i] { complete(i); };
        if (op.kind == OpKind::Send) {
            if (const auto it = m_parked.find(i); it != m_parked.end()) {
                m_ready.push_front(it->second); // the next send of this connection
                m_parked.erase(it);
            }
            m_backend.transfer(op.src, op.dst, op.bytes, op.channel, std::move(done));
        } else {
            m_backend.reduce(op.src, op.bytes, std::move(done));
        }
    }
    m_launching = false;
}

void DagExecutor::complete(std::size_t op)
{
    MERIDIAN_ASSERT(op < m_done.size() && !m_done[op],
                    "transfer backend reported an op complete twice");
    m_done[op] = 1;
    ++m_completed;
    if (const auto t = m_backend.nowS()) {
        m_makespan_s = std::isnan(m_makespan_s) ? *t : std::max(m_makespan_s, *t);
        if (m_recordPerOp)
            m_timings[op].end_s = *t;
    }
    if (m_recordPerOp)
        m_completionOrder.push_back(op);
    for (std::size_t k = m_successorOffsets[op]; k < m_successorOffsets[op + 1]; ++k)
        if (--m_indegree[m_successors[k]] == 0)
            m_ready.push_back(m_successors[k]);
    if (m_onOpFinished)
        m_onOpFinished(op);
    if (finished()) {
        if (m_onFinished)
            m_onFinished();
        return;
    }
    launchReady();
}

double DagExecutor::makespanS() const
{
    return finished() ? m_makespan_s : std::numeric_limits<double>::quiet_NaN();
}

} // namespace meridian::collective
