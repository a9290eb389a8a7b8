// Reliable causal broadcast between the coordinators (ControlPlane.hpp, "Messages are causal
// broadcasts"): every protocol message goes to every member of the sender's view; each copy is
// retransmitted until its receiver acknowledges it, after
//   RTO = min(max_rto_s, max(min_rto_s, RTT + 4·σ_RTT) · 2^attempt)
// (RFC 6298: the SRTT + 4·RTTVAR form of §2.2–2.3 with the route's nominal round trip and
// jitter standing for the samples, the floor of §2.4 (min_rto_s, Linux TCP_RTO_MIN), the
// doubling of §5.5 and the ceiling of §2.5). On arrival a copy is acknowledged and offered to the
// receiver's CausalBuffer (the Birman–Schiper–Stephenson rule); what the buffer releases is handled
// in order through one work queue, never re-entered. With `instant` a copy arrives at once and is
// neither lost nor acknowledged.
// Checked by tests/control/ProtocolTest.cpp (atomicUpdateUnderJitterAndLoss,
// instantMessagesAreAGlobalClock) and tests/control/ClockTest.cpp (the causal buffer).

#include "ControlPlaneImpl.hpp"

#include <cmath>

namespace meridian::control {

namespace detail {

const char* kindName(Kind k)
{
    switch (k) {
    case Kind::Ready:
        return "READY";
    case Kind::Vote:
        return "VOTE";
    case Kind::Commit:
        return "COMMIT";
    case Kind::Applied:
        return "APPLIED";
    case Kind::State:
        return "STATE";
    case Kind::Resume:
        return "RESUME";
    }
    return "?";
}

} // namespace detail

double ControlPlane::Impl::rtoS(int from, int to, int attempt)
{
    double base = settings.min_rto_s;
    if (auto rt = path.roundTrip(from, to))
        base = std::max(settings.min_rto_s, rt->first + 4.0 * rt->second);
    return std::min(settings.max_rto_s, base * std::ldexp(1.0, std::min(attempt, 30)));
}

void ControlPlane::Impl::countTransmission(double bytes)
{
    ++stats.transmissions;
    stats.bytes += bytes;
}

void ControlPlane::Impl::broadcast(int from, Payload p)
{
    Coordinator& c = at(from);
    if (!c.alive || c.excluded)
        return;
    Message m;
    m.sender = from;
    m.clock = c.buffer.delivered();
    m.clock[static_cast<std::size_t>(from)] = ++c.sequence;
    c.buffer.deliveredOwn(c.sequence);
    m.lamport = c.clock.send();
    m.payload = std::move(p);
    for (int r : c.members)
        if (r != from) {
            ++stats.messages;
            sendCopy(from, r, m, 0);
        }
    inbox.emplace_back(from, std::move(m)); // the sender delivers its own at once
    pump();
}

void ControlPlane::Impl::sendCopy(int from, int to, const Message& m, int attempt)
{
    countTransmission(settings.message_bytes);
    if (attempt > 0)
        ++stats.retransmissions;
    const double sent = now();
    if (settings.instant) {
        scheduleArrival(from, to, m, sent, sim::SimTime::zero());
        return;
    }
    if (auto d = path.transmit(from, to, settings.message_bytes)) {
        scheduleArrival(from, to, m, sent, sim::SimTime::fromSeconds(*d));
    } else {
        ++stats.lost;
        observe(from, to, m, sent, -1.0);
    }
    const auto key = std::make_tuple(from, to, m.sender, m.sequence());
    unacked.insert(key);
    sim.scheduleIn(sim::SimTime::fromSeconds(rtoS(from, to, attempt)),
                   [this, key, m, attempt] { retransmitUnacked(key, m, attempt); });
}

void ControlPlane::Impl::scheduleArrival(int from, int to, const Message& m, double sent_s,
                                         sim::SimTime delay)
{
    sim.scheduleIn(delay, [this, to, from, m, sent_s] {
        observe(from, to, m, sent_s, now());
        arrive(to, from, m);
    });
}

/// The retransmission timer of one copy: sends it again unless it was acknowledged, or its
/// sender can no longer send to that receiver, or the run is over.
void ControlPlane::Impl::retransmitUnacked(const std::tuple<int, int, int, std::uint64_t>& key,
                                           const Message& m, int attempt)
{
    if (!unacked.count(key))
        return;
    const int f = std::get<0>(key), t = std::get<1>(key);
    const Coordinator& c = at(f);
    const bool stillMember = std::find(c.members.begin(), c.members.end(), t) != c.members.end();
    if (!c.alive || c.excluded || !stillMember || self.m_done) {
        unacked.erase(key);
        return;
    }
    sendCopy(f, t, m, attempt + 1);
}

void ControlPlane::Impl::observe(int from, int to, const Message& m, double sent_s,
                                 double arrived_s)
{
    if (self.m_onMessage)
        self.m_onMessage(from, to, detail::kindName(m.payload.kind), sent_s, arrived_s);
}

void ControlPlane::Impl::sendAck(int from, int to, int sender, std::uint64_t seq)
{
    countTransmission(detail::kAckBytes);
    ++stats.acks;
    auto d = path.transmit(from, to, detail::kAckBytes);
    if (!d) {
        ++stats.lost;
        return;
    }
    sim.scheduleIn(sim::SimTime::fromSeconds(*d), [this, from, to, sender, seq] {
        if (at(to).alive)
            unacked.erase(std::make_tuple(to, from, sender, seq));
        at(to).lastHeard[static_cast<std::size_t>(from)] = now();
    });
}

void ControlPlane::Impl::arrive(int to, int from, const Message& m)
{
    Coordinator& c = at(to);
    if (!c.alive || c.excluded)
        return;
    c.lastHeard[static_cast<std::size_t>(from)] = now();
    if (!settings.instant)
        sendAck(to, from, m.sender, m.sequence());
    const std::uint64_t dupBefore = c.buffer.duplicates();
    const std::uint64_t heldBefore = c.buffer.reordered();
    auto deliveries = c.buffer.offer(m, now());
    stats.duplicates += c.buffer.duplicates() - dupBefore;
    stats.reordered += c.buffer.reordered() - heldBefore;
    queueDeliveries(to, deliveries);
    pump();
}

/// Queues what centre `to`'s causal buffer released, in order, counting each one's wait.
void ControlPlane::Impl::queueDeliveries(int to, std::vector<Buffer::Delivery>& deliveries)
{
    for (auto& d : deliveries) {
        ++stats.deliveries;
        waitSum_s += d.waited_s();
        stats.wait_max_s = std::max(stats.wait_max_s, d.waited_s());
        inbox.emplace_back(to, std::move(d.message));
    }
}

void ControlPlane::Impl::pump()
{
    if (pumping)
        return;
    pumping = true;
    while (!inbox.empty()) {
        auto [to, m] = std::move(inbox.front());
        inbox.pop_front();
        Coordinator& c = at(to);
        if (!c.alive || c.excluded)
            continue;
        if (m.sender != to)
            c.clock.receive(m.lamport);
        handle(to, m);
    }
    pumping = false;
}

} // namespace meridian::control
