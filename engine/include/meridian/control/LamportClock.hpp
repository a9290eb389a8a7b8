#pragma once
// Logical clocks of the control plane (docs/control-plane.md, "Clocks").
//
// LamportClock (Lamport, "Time, Clocks, and the Ordering of Events in a Distributed System",
// CACM 21(7), 1978, rules IR1/IR2):
//   local event:  C ← C + 1
//   send:         C ← C + 1, the message carries C
//   receive(T):   C ← max(C, T) + 1
// so that a → b (happened before) implies C(a) < C(b). Ties between concurrent events are
// broken by the process index: (C, process) is a total order consistent with →.
//
// VectorClock (Fidge 1988, Mattern 1989): one counter per process; for causal broadcast the
// entry k counts the broadcasts of process k that the owner has delivered (its own included).
// V(a) < V(b) (every entry ≤, one <) exactly when a → b; neither ≤ the other means the two
// are concurrent, which Lamport times alone cannot tell.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace meridian::control {

class LamportClock
{
public:
    /// A local event (IR1); returns its time.
    std::uint64_t tick() { return ++m_time; }
    /// Stamps an outgoing message: a local event whose time the message carries.
    std::uint64_t send() { return ++m_time; }
    /// Receives a message stamped `stamp` (IR2); returns the time of the receive event.
    std::uint64_t receive(std::uint64_t stamp)
    {
        m_time = std::max(m_time, stamp) + 1;
        return m_time;
    }
    std::uint64_t time() const noexcept { return m_time; }

private:
    std::uint64_t m_time = 0;
};

using VectorClock = std::vector<std::uint64_t>;

/// a → b: every entry of a ≤ b's and at least one smaller (sizes must match).
inline bool happenedBefore(const VectorClock& a, const VectorClock& b)
{
    bool smaller = false;
    for (std::size_t k = 0; k < a.size(); ++k) {
        if (a[k] > b[k])
            return false;
        smaller = smaller || a[k] < b[k];
    }
    return smaller;
}

/// Neither a → b nor b → a, and a ≠ b.
inline bool concurrent(const VectorClock& a, const VectorClock& b)
{
    return a != b && !happenedBefore(a, b) && !happenedBefore(b, a);
}

} // namespace meridian::control
