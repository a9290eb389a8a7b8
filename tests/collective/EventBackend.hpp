#pragma once
// A TransferBackend with its own event queue, for the collective tests' hand-made networks: a
// backend derived from it decides when each transfer and reduction completes and schedule()s
// its callback then; run() plays the events in time order (ties in the order scheduled).

#include "meridian/collective/DagExecutor.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <tuple>
#include <vector>

namespace meridian::test {

class EventBackend : public collective::TransferBackend
{
public:
    std::optional<double> nowS() const override { return m_now_s; }
    void run()
    {
        while (!m_queue.empty()) {
            Event e = m_queue.top();
            m_queue.pop();
            m_now_s = e.time_s;
            e.done();
        }
    }
    double now() const { return m_now_s; }

protected:
    void schedule(double t_s, std::function<void()> done)
    {
        m_queue.push(Event{t_s, m_seq++, std::move(done)});
    }
    double m_now_s = 0;

private:
    struct Event
    {
        double time_s;
        std::uint64_t seq;
        std::function<void()> done;
        bool operator>(const Event& o) const
        {
            return std::tie(time_s, seq) > std::tie(o.time_s, o.seq);
        }
    };
    std::uint64_t m_seq = 0;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_queue;
};

} // namespace meridian::test
