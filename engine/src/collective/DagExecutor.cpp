#include "meridian/collective/DagExecutor.hpp"

#include "DagGraph.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::collective {

DagExecutor::DagExecutor(const CommDag& dag, TransferBackend& backend, Record record)
    : m_ownGraph(std::make_unique<DagGraph>(dag)), m_graph(*m_ownGraph), m_backend(backend)
{
    init(record);
}

DagExecutor::DagExecutor(const OpGraph& graph, TransferBackend& backend, Record record)
    : m_graph(graph), m_backend(backend)
{
    init(record);
}

void DagExecutor::init(Record record)
{
    m_recordPerOp = record == Record::PerOp;
    const std::size_t n = m_graph.opCount();
    m_state.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t deps = m_graph.depCount(i);
        MERIDIAN_ASSERT(deps <= kWaitingMask, "an op with more than 2^30 dependencies");
        m_state[i] = deps;
    }
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
    if (m_state.empty()) {
        if (m_onFinished)
            m_onFinished();
        return;
    }
    for (std::size_t i = 0; i < m_state.size(); ++i)
        if (m_state[i] == 0)
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
        const OpLaunch op = m_graph.launch(i);
        if (op.kind == OpKind::Send && op.lanePrev >= 0 &&
            (m_state[static_cast<std::size_t>(op.lanePrev)] & kIssued) == 0) {
            m_parked.emplace(static_cast<std::size_t>(op.lanePrev), i);
            continue;
        }
        m_state[i] |= kIssued;
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
    MERIDIAN_ASSERT(op < m_state.size() && (m_state[op] & kDone) == 0,
                    "transfer backend reported an op complete twice");
    m_state[op] |= kDone;
    ++m_completed;
    if (const auto t = m_backend.nowS()) {
        m_makespan_s = std::isnan(m_makespan_s) ? *t : std::max(m_makespan_s, *t);
        if (m_recordPerOp)
            m_timings[op].end_s = *t;
    }
    if (m_recordPerOp)
        m_completionOrder.push_back(op);
    for (const std::uint32_t s : m_graph.successors(op, m_successorScratch))
        if ((--m_state[s] & kWaitingMask) == 0) // a waiting op has neither flag
            m_ready.push_back(s);
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
