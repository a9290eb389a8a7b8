#pragma once
// Causal delivery of broadcast control messages at one process (docs/control-plane.md,
// "Causal delivery"): the Birman–Schiper–Stephenson rule (Birman, Schiper & Stephenson,
// "Lightweight causal and atomic group multicast", ACM TOCS 9(3), 1991).
//
// A broadcast of process j carries its vector clock V_m with V_m[j] = its sequence number
// on j's channel (1, 2, …). Process i, whose delivered-vector is D, delivers m when
//   V_m[j] = D[j] + 1           (the next message of j's channel: FIFO), and
//   V_m[k] ≤ D[k] for all k ≠ j (i has delivered everything m's sender had delivered),
// and then sets D[j] = V_m[j]. A message that arrives earlier waits in the buffer and is
// released, in order, once its predecessors are delivered; among messages released at the
// same instant the order is (Lamport time, sender), a total order consistent with causality.
// Duplicates (retransmissions of a delivered or held message) are dropped. A process that
// the group excludes (a failed centre) is forgotten: its messages are dropped and a held
// message no longer waits for its missing ones.
//
// Counted: messages that had to wait (arrived before a causal predecessor: "reordered"), and
// the time each waited between arrival and delivery.

#include "meridian/control/LamportClock.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace meridian::control {

template <class Payload> class CausalBuffer
{
public:
    struct Message
    {
        int sender = 0;
        std::uint64_t lamport = 0; ///< sender's Lamport time at send
        VectorClock clock;         ///< sender's vector at send; clock[sender] = sequence number
        Payload payload{};
        std::uint64_t sequence() const { return clock[static_cast<std::size_t>(sender)]; }
    };
    struct Delivery
    {
        Message message;
        double arrived_s = 0.0;
        double delivered_s = 0.0;
        double waited_s() const { return delivered_s - arrived_s; }
    };

    CausalBuffer(int processes, int self)
        : m_self(self), m_delivered(static_cast<std::size_t>(processes), 0),
          m_excluded(static_cast<std::size_t>(processes), 0)
    {}

    /// The message `m` arrived at `now_s`; returns what it makes deliverable, in delivery
    /// order (possibly empty: held, duplicate, or from an excluded process).
    std::vector<Delivery> offer(Message m, double now_s)
    {
        const auto j = static_cast<std::size_t>(m.sender);
        if (j >= m_delivered.size() || m.clock.size() != m_delivered.size() || m_excluded[j] ||
            m.sender == m_self)
            return {};
        if (m.sequence() <= m_delivered[j] || isHeld(m)) {
            ++m_duplicates;
            return {};
        }
        if (!deliverable(m)) {
            ++m_reordered;
            m_held.push_back({std::move(m), now_s, now_s});
            return {};
        }
        std::vector<Delivery> out;
        out.push_back({std::move(m), now_s, now_s});
        deliver(out.back().message);
        release(now_s, out);
        return out;
    }

    /// Records the owner's own broadcast (delivered to itself at send).
    void deliveredOwn(std::uint64_t sequence)
    {
        m_delivered[static_cast<std::size_t>(m_self)] = sequence;
    }

    /// Forgets process `p`: drops its held messages and releases what waited only for it.
    std::vector<Delivery> exclude(int p, double now_s)
    {
        const auto k = static_cast<std::size_t>(p);
        std::vector<Delivery> out;
        if (k >= m_excluded.size() || m_excluded[k])
            return out;
        m_excluded[k] = 1;
        m_held.erase(std::remove_if(m_held.begin(), m_held.end(),
                                    [p](const Delivery& d) { return d.message.sender == p; }),
                     m_held.end());
        release(now_s, out);
        return out;
    }

    /// Would `m` be delivered now?
    bool deliverable(const Message& m) const
    {
        const auto j = static_cast<std::size_t>(m.sender);
        if (m.clock[j] != m_delivered[j] + 1)
            return false;
        for (std::size_t k = 0; k < m_delivered.size(); ++k)
            if (k != j && !m_excluded[k] && m.clock[k] > m_delivered[k])
                return false;
        return true;
    }

    const VectorClock& delivered() const noexcept { return m_delivered; }
    std::size_t held() const noexcept { return m_held.size(); }
    std::uint64_t reordered() const noexcept { return m_reordered; }
    std::uint64_t duplicates() const noexcept { return m_duplicates; }

private:
    bool isHeld(const Message& m) const
    {
        return std::any_of(m_held.begin(), m_held.end(), [&m](const Delivery& d) {
            return d.message.sender == m.sender && d.message.sequence() == m.sequence();
        });
    }
    void deliver(const Message& m)
    {
        m_delivered[static_cast<std::size_t>(m.sender)] = m.sequence();
    }
    /// Delivers held messages until none is deliverable; among those deliverable at once,
    /// the smallest (Lamport time, sender) first.
    void release(double now_s, std::vector<Delivery>& out)
    {
        for (;;) {
            auto best = m_held.end();
            for (auto it = m_held.begin(); it != m_held.end(); ++it)
                if (deliverable(it->message) &&
                    (best == m_held.end() ||
                     std::pair(it->message.lamport, it->message.sender) <
                         std::pair(best->message.lamport, best->message.sender)))
                    best = it;
            if (best == m_held.end())
                return;
            Delivery d = std::move(*best);
            m_held.erase(best);
            d.delivered_s = now_s;
            deliver(d.message);
            out.push_back(std::move(d));
        }
    }

    int m_self;
    VectorClock m_delivered;
    std::vector<char> m_excluded;
    std::vector<Delivery> m_held;
    std::uint64_t m_reordered = 0;
    std::uint64_t m_duplicates = 0;
};

} // namespace meridian::control
