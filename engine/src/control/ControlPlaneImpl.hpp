#pragma once
// The control plane's state and steps (private to engine/src/control). The model is the one
// ControlPlane.hpp states; its parts live one a file:
//   ControlMessages.cpp   reliable causal broadcast: copies, ACKs, the RTO of RFC 6298,
//                         causal delivery through each coordinator's CausalBuffer;
//   ControlIteration.cpp  one iteration: local work → READY → exchange → VOTE → COMMIT →
//                         update (→ APPLIED), and the per-iteration records;
//   ControlMembership.cpp heartbeats, suspicion, and stop or REFORM → STATE → RESUME;
//   ControlPlane.cpp      the public interface.
// Checked by tests/control/ProtocolTest.cpp (the protocol on a jittery, lossy test network
// with a data plane that checks the atomic-update invariants) and
// tests/experiment/ControlPlaneRunTest.cpp (the protocol driving a simulated training).

#include "meridian/control/CausalBuffer.hpp"
#include "meridian/control/ControlPlane.hpp"
#include "meridian/control/LamportClock.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace meridian::control::detail {

enum class Kind : std::uint8_t
{
    Ready,   ///< READY(k): the centre's gradient of k is ready for the exchange
    Vote,    ///< VOTE(k): it holds every contribution of k (2PC phase 1)
    Commit,  ///< COMMIT(k, orders): apply k (2PC phase 2), orders apply from k + 1
    Applied, ///< APPLIED(k): its model is k + 1 (barrier)
    State,   ///< STATE(e, c): after REFORM(e), its last committed iteration c
    Resume,  ///< RESUME(e, c): the group continues after iteration c
};

/// The name of a message kind, for ControlPlane::setOnMessage ("READY", "VOTE", …).
const char* kindName(Kind k);

struct Payload
{
    Kind kind = Kind::Ready;
    int iteration = 0;
    int epoch = 0;
    std::vector<std::pair<int, int>> orders; ///< Commit: (order, first iteration)
};

using Buffer = CausalBuffer<Payload>;
using Message = Buffer::Message;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kAckBytes = 64.0; ///< an acknowledgement (or a heartbeat) on the wire

} // namespace meridian::control::detail

namespace meridian::control {

struct ControlPlane::Impl
{
    using Kind = detail::Kind;
    using Payload = detail::Payload;
    using Buffer = detail::Buffer;
    using Message = detail::Message;

    /// One centre's coordinator: a logical process with its clocks, causal buffer, view of
    /// the group and progress through the iterations.
    struct Coordinator
    {
        Coordinator(int n, int self) : buffer(n, self), lastHeard(static_cast<std::size_t>(n), 0.0)
        {}
        bool alive = true;
        bool excluded = false;
        LamportClock clock;
        std::uint64_t sequence = 0; ///< own broadcasts so far
        Buffer buffer;
        std::vector<double> lastHeard;
        std::set<int> suspected;
        int epoch = 0;
        std::vector<int> members;
        // iteration progress
        int next = 0;           ///< next iteration to start
        bool localBusy = false; ///< computing / reducing in the centre
        bool updating = false;  ///< applying an update
        int applied = -1;       ///< last iteration whose update is applied
        int committed = -1;     ///< last COMMIT delivered
        std::deque<int> updateQueue;
        std::map<int, std::set<int>> ready, votes, appliedFrom; ///< k → senders (this epoch)
        std::set<int> readyFor;              ///< iterations whose local work is done
        std::map<int, std::set<int>> states; ///< leader: epoch → STATE senders
        int stateMax = -1;                   ///< leader: highest committed in STATEs of its epoch
        std::set<int> commitSent;            ///< leader: iterations it committed
        bool viewChange = false;             ///< between REFORM and RESUME
    };

    Impl(ControlPlane& owner, int n, const ControlSettings& s, sim::Simulator& sim,
         MessagePath& path, DataPlane& data);

    ControlPlane& self;
    ControlSettings settings;
    sim::Simulator& sim;
    MessagePath& path;
    DataPlane& data;
    int n;
    std::vector<Coordinator> coords;
    ControlStats stats;
    double waitSum_s = 0.0;
    std::vector<double> failedAt;
    std::vector<char> lostReported;
    int iterations = 0;
    std::function<void()> finished;
    bool started = false;
    int epoch = 0; ///< the group's epoch (latest REFORM)
    // exchange (global: one collective among the members)
    int exchangeRunning = -1;
    int exchangeEnded = -1; ///< last iteration whose exchange ended
    std::map<int, int> attempts;
    std::map<int, IterationControl> records;
    int nextRecord = 0;
    // orders
    std::vector<int> pendingOrders;           ///< ride on the next COMMIT
    std::map<int, std::vector<int>> ordersAt; ///< first iteration → orders
    // reliable delivery: (from, to, sender, sequence) copies waiting for their ACK
    std::set<std::tuple<int, int, int, std::uint64_t>> unacked;
    // work queue of deliveries (never re-entered)
    std::deque<std::pair<int, Message>> inbox;
    bool pumping = false;

    double now() const { return sim.now().toSeconds(); }
    Coordinator& at(int i) { return coords[static_cast<std::size_t>(i)]; }
    bool member(int i) const
    {
        return std::find(self.m_members.begin(), self.m_members.end(), i) != self.m_members.end();
    }
    int leaderOf(const Coordinator& c) const
    {
        for (int m : c.members)
            if (!c.suspected.count(m))
                return m;
        return -1;
    }
    static bool containsAll(const std::set<int>& s, const std::vector<int>& members)
    {
        return std::all_of(members.begin(), members.end(), [&](int j) { return s.count(j) > 0; });
    }
    void violation(const std::string& what)
    {
        if (self.m_violations++ == 0)
            self.m_firstViolation = what;
    }

    // --- messages (ControlMessages.cpp) --------------------------------------------------
    double rtoS(int from, int to, int attempt);
    void countTransmission(double bytes);
    void broadcast(int from, Payload p);
    void sendCopy(int from, int to, const Message& m, int attempt);
    void scheduleArrival(int from, int to, const Message& m, double sent_s, sim::SimTime delay);
    void retransmitUnacked(const std::tuple<int, int, int, std::uint64_t>& key, const Message& m,
                           int attempt);
    void observe(int from, int to, const Message& m, double sent_s, double arrived_s);
    void sendAck(int from, int to, int sender, std::uint64_t seq);
    void arrive(int to, int from, const Message& m);
    void queueDeliveries(int to, std::vector<Buffer::Delivery>& deliveries);
    void pump();

    // --- one iteration (ControlIteration.cpp) --------------------------------------------
    IterationControl& record(int k);
    void handle(int i, const Message& m);
    void onState(int i, const Message& m);
    bool mayStart(Coordinator& c, int k);
    void checkStartInvariants(int i, const Coordinator& c, int k);
    void tryStart(int i);
    void localDone(int i, int k);
    bool everyoneReady(int k);
    void tryExchange();
    void exchangeDone(int k);
    void tryCommit(int i, int k);
    void onCommit(int i, const Message& m);
    void runUpdates(int i);
    void checkComplete();
    void finish();
    void stop(double at_s, std::string reason);

    // --- failures and membership (ControlMembership.cpp) ---------------------------------
    void heartbeat(int i);
    void sendHeartbeat(int from, int to);
    void suspect(int i);
    void declare(int leader, const std::string& outcome, std::string reason);
    void reform(int leader);
    void sendReform(int from, int to, int e, const std::vector<int>& survivors, int attempt);
    void onReform(int i, int from, int e, const std::vector<int>& survivors);
    void onResume(int i, int committed);
};

} // namespace meridian::control
