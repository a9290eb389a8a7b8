// The control plane's public interface (ControlPlane.hpp states the model). The protocol's
// parts are in ControlMessages.cpp, ControlIteration.cpp and ControlMembership.cpp, their
// shared state in ControlPlaneImpl.hpp.

#include "meridian/control/ControlPlane.hpp"

#include "ControlPlaneImpl.hpp"
#include "meridian/core/Error.hpp"

namespace meridian::control {

ControlPlane::Impl::Impl(ControlPlane& owner, int n, const ControlSettings& s, sim::Simulator& sim,
                         MessagePath& path, DataPlane& data)
    : self(owner), settings(s), sim(sim), path(path), data(data), n(n)
{
    if (n < 1)
        throw InputError("control plane", "centres", "needs at least one centre");
    coords.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        coords.emplace_back(n, i);
        for (int j = 0; j < n; ++j)
            coords.back().members.push_back(j);
    }
    for (int j = 0; j < n; ++j)
        owner.m_members.push_back(j);
    failedAt.assign(static_cast<std::size_t>(n), detail::kNaN);
    lostReported.assign(static_cast<std::size_t>(n), 0);
}

ControlPlane::ControlPlane(int centres, const ControlSettings& settings, sim::Simulator& sim,
                           MessagePath& path, DataPlane& data)
    : m_impl(std::make_unique<Impl>(*this, centres, settings, sim, path, data))
{}

ControlPlane::~ControlPlane() = default;

std::uint64_t ControlPlane::issueOrder(int order)
{
    m_impl->pendingOrders.push_back(order);
    const int l = leader();
    return l >= 0 ? m_impl->at(l).clock.tick() : 0;
}

void ControlPlane::issueOrderAt(int order, int k)
{
    Impl& s = *m_impl;
    if (k <= 0 && !s.started) {
        for (int i : m_members) {
            OrderAdoption a{order, i, s.now(), s.at(i).clock.time(), 0};
            m_adoptions.push_back(a);
            if (m_onAdoption)
                m_onAdoption(a);
        }
        return;
    }
    s.ordersAt[std::max(k, 1)].push_back(order);
}

void ControlPlane::failCentre(int centre)
{
    Impl& s = *m_impl;
    if (centre < 0 || centre >= s.n || !s.at(centre).alive)
        return;
    s.at(centre).alive = false;
    s.failedAt[static_cast<std::size_t>(centre)] = s.now();
    if (!s.lostReported[static_cast<std::size_t>(centre)]) {
        s.lostReported[static_cast<std::size_t>(centre)] = 1;
        s.data.centreLost(centre);
    }
}

void ControlPlane::start(int iterations, std::function<void()> finished)
{
    Impl& s = *m_impl;
    s.iterations = iterations;
    s.finished = std::move(finished);
    s.started = true;
    if (iterations <= 0) {
        s.finish();
        return;
    }
    for (int i = 0; i < s.n; ++i) {
        s.at(i).lastHeard.assign(static_cast<std::size_t>(s.n), s.now());
        s.tryStart(i);
    }
    for (int i = 0; i < s.n; ++i)
        s.sim.scheduleIn(sim::SimTime::fromSeconds(s.settings.heartbeat_interval_s),
                         [&s, i] { s.heartbeat(i); });
}

const ControlStats& ControlPlane::stats() const
{
    Impl& s = *m_impl;
    s.stats.wait_mean_s =
        s.stats.deliveries ? s.waitSum_s / static_cast<double>(s.stats.deliveries) : 0.0;
    return s.stats;
}

int ControlPlane::appliedVersion(int centre) const
{
    return m_impl->at(centre).applied;
}

std::uint64_t ControlPlane::lamportTime(int centre) const
{
    return m_impl->at(centre).clock.time();
}

int ControlPlane::leader() const
{
    if (m_done && m_outcome.stopped)
        return -1;
    return m_members.empty() ? -1 : m_members.front();
}

} // namespace meridian::control
