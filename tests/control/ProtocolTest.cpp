// The coordinators' protocol (docs/control-plane.md) on a test network with per-message
// jitter and loss and a test data plane that checks, independently of the control plane, the
// atomic-update invariants: an update is applied only after its exchange delivered every
// contribution, and no centre starts an iteration with a model that is being updated or not
// the version the synchronisation mode allows.
#include "TestMain.hpp"
#include "meridian/control/ControlPlane.hpp"
#include "meridian/sim/Simulator.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <random>
#include <set>

using namespace meridian;
using namespace meridian::control;

// A named namespace, not an anonymous one: CI builds the test areas as unity batches, where
// GCC's -Wsubobject-linkage rejects lambdas of the test class capturing anonymous types.
namespace protocol_test {

/// Every pair of centres: one-way delay base + pair spread, uniform jitter ±jitter_s,
/// independent loss per transmission.
class TestPath : public MessagePath
{
public:
    TestPath(int n, double delay_s, double jitter_s, double loss, std::uint64_t seed)
        : m_n(n), m_delay_s(delay_s), m_jitter_s(jitter_s), m_loss(loss), m_rng(seed)
    {}
    std::optional<double> transmit(int from, int to, double /*bytes*/) override
    {
        if (m_cut.count(from) || m_cut.count(to))
            return std::nullopt;
        std::uniform_real_distribution<double> u(0.0, 1.0);
        if (u(m_rng) < m_loss)
            return std::nullopt;
        return std::max(0.0, base(from, to) + (2 * u(m_rng) - 1) * m_jitter_s);
    }
    std::optional<std::pair<double, double>> roundTrip(int from, int to) override
    {
        return std::pair(2 * base(from, to), m_jitter_s * std::sqrt(2.0 / 3.0));
    }
    double base(int from, int to) const { return m_delay_s * (1.0 + 0.1 * std::abs(from - to)); }
    double maxOneWay() const { return m_delay_s * (1.0 + 0.1 * m_n) + m_jitter_s; }
    void cut(int centre) { m_cut.insert(centre); }

private:
    int m_n;
    double m_delay_s, m_jitter_s, m_loss;
    std::mt19937_64 m_rng;
    std::set<int> m_cut;
};

class TestData : public DataPlane
{
public:
    TestData(sim::Simulator& sim, int n, bool barrier, int lead, std::uint64_t seed)
        : m_version(static_cast<std::size_t>(n), 0), m_sim(sim),
          m_updating(static_cast<std::size_t>(n), 0), m_lost(static_cast<std::size_t>(n), 0),
          m_barrier(barrier), m_lead(lead), m_rng(seed)
    {}
    void startLocal(int c, int k, std::function<void()> done) override
    {
        const auto i = static_cast<std::size_t>(c);
        if (m_updating[i])
            fail("centre starts " + std::to_string(k) + " while updating");
        if (m_barrier) {
            for (std::size_t j = 0; j < m_version.size(); ++j)
                if (!m_lost[j] && m_version[j] != k)
                    fail("barrier: centre " + std::to_string(j) + " has version " +
                         std::to_string(m_version[j]) + " when iteration " + std::to_string(k) +
                         " starts");
        } else if (m_version[i] < k - m_lead) {
            fail("local: version " + std::to_string(m_version[i]) + " too old for " +
                 std::to_string(k));
        }
        std::uniform_real_distribution<double> compute(1.0, 2.0);
        m_sim.scheduleIn(sim::SimTime::fromSeconds(compute(m_rng)), std::move(done));
    }
    void startExchange(int k, int /*attempt*/, const std::vector<int>& members,
                       std::function<void()> done) override
    {
        ++m_exchanges;
        const int gen = ++m_generation;
        m_members = members;
        for (int c : members)
            if (m_lost[static_cast<std::size_t>(c)])
                return; // a lost member never sends its contribution: the exchange stalls
        std::uniform_real_distribution<double> t(0.3, 0.6);
        m_sim.scheduleIn(sim::SimTime::fromSeconds(t(m_rng)),
                         [this, k, gen, done = std::move(done)] {
                             if (gen != m_generation)
                                 return;
                             m_exchanged.insert(k);
                             done();
                         });
    }
    void abortExchange(int /*k*/) override
    {
        ++m_generation;
        ++m_aborts;
    }
    void startUpdate(int c, int k, std::function<void()> done) override
    {
        const auto i = static_cast<std::size_t>(c);
        if (!m_exchanged.count(k))
            fail("centre " + std::to_string(c) + " applies " + std::to_string(k) +
                 " before its exchange delivered every contribution");
        if (m_version[i] != k)
            fail("centre " + std::to_string(c) + " applies " + std::to_string(k) + " on version " +
                 std::to_string(m_version[i]));
        m_updating[i] = 1;
        m_sim.scheduleIn(sim::SimTime::fromSeconds(0.05), [this, i, done = std::move(done)] {
            m_updating[i] = 0;
            ++m_version[i];
            done();
        });
    }
    void centreLost(int c) override { m_lost[static_cast<std::size_t>(c)] = 1; }

    void fail(const std::string& what)
    {
        if (m_errors++ == 0)
            m_first = what;
    }
    int m_errors = 0;
    std::string m_first;
    int m_exchanges = 0, m_aborts = 0;
    std::vector<int> m_version;

private:
    sim::Simulator& m_sim;
    std::vector<char> m_updating, m_lost;
    bool m_barrier;
    int m_lead;
    std::mt19937_64 m_rng;
    std::set<int> m_exchanged;
    std::vector<int> m_members;
    int m_generation = 0;
};

struct Run
{
    Run(int n, ControlSettings s, double delay_s, double jitter_s, double loss, std::uint64_t seed)
        : path(n, delay_s, jitter_s, loss, seed),
          data(sim, n, s.sync == SyncMode::Barrier, s.max_lead_iterations, seed * 7 + 1),
          cp(n, s, sim, path, data)
    {}
    bool go(int iterations)
    {
        bool finished = false;
        if (qEnvironmentVariableIsSet("MERIDIAN_TRACE"))
            cp.setOnMessage([](int f, int t, const char* k, double s, double a) {
                qWarning("%d->%d %s %g %g", f, t, k, s, a);
            });
        cp.start(iterations, [&finished] { finished = true; });
        while (!finished && sim.step())
            if (sim.now().toSeconds() > 1e5)
                break;
        if (!finished) {
            QString state;
            for (int c = 0; c < static_cast<int>(data.m_version.size()); ++c)
                state += QStringLiteral(" c%1: applied %2 lamport %3;")
                             .arg(c)
                             .arg(cp.appliedVersion(c))
                             .arg(cp.lamportTime(c));
            qWarning("not finished at t = %g s, %d iterations committed, exchanges %d, aborts "
                     "%d, failures %d, members %d:%s",
                     sim.now().toSeconds(), cp.outcome().completed_iterations, data.m_exchanges,
                     data.m_aborts, int(cp.failures().size()), int(cp.members().size()),
                     qPrintable(state));
        }
        return finished;
    }
    sim::Simulator sim;
    TestPath path;
    TestData data;
    ControlPlane cp;
};

} // namespace protocol_test

using namespace protocol_test;

class ProtocolTest : public QObject
{
    Q_OBJECT
private slots:
    // Instant messages: the exchange starts when the last centre is ready, nothing is lost,
    // retransmitted or reordered, and every iteration commits.
    void instantMessagesAreAGlobalClock()
    {
        ControlSettings s;
        s.instant = true;
        Run r(4, s, 0.02, 0.0, 0.0, 1);
        std::vector<IterationControl> its;
        r.cp.setOnIterationCommitted([&its](const IterationControl& c) { its.push_back(c); });
        QVERIFY(r.go(3));
        QCOMPARE(int(its.size()), 3);
        for (const auto& it : its) {
            QCOMPARE(it.ready_wait_s, 0.0);
            QCOMPARE(it.commit_wait_s, 0.0);
            double lastReady = 0;
            for (double t : it.ready_s)
                lastReady = std::max(lastReady, t);
            QCOMPARE(it.exchange_start_s, lastReady);
        }
        QCOMPARE(r.cp.stats().retransmissions, 0u);
        QCOMPARE(r.cp.stats().reordered, 0u);
        QCOMPARE(r.cp.invariantViolations(), 0u);
        QCOMPARE(r.data.m_errors, 0);
    }

    // Control latency shows up where the protocol says: READY then the exchange (one one-way
    // delay), VOTE + COMMIT (two), APPLIED barrier (one) — four one-way delays per iteration
    // beyond the work itself.
    void latencyDelaysEveryIteration()
    {
        ControlSettings s;
        Run fast(3, s, 0.0, 0.0, 0.0, 5);
        Run slow(3, s, 0.05, 0.0, 0.0, 5);
        QVERIFY(fast.go(4));
        QVERIFY(slow.go(4));
        const double extra = slow.sim.now().toSeconds() - fast.sim.now().toSeconds();
        // Per iteration ≥ 4 one-way delays of at least 50 ms each.
        QVERIFY2(extra >= 4 * 4 * 0.05 - 1e-9, qPrintable(QString::number(extra)));
        QVERIFY2(extra <= 4 * 4 * 0.05 * 1.2 + 0.01, qPrintable(QString::number(extra)));
    }

    // The atomic-update invariant under heavy jitter and 5 % message loss, thousands of
    // randomised runs, both synchronisation modes: reorders and retransmissions must happen,
    // no invariant may ever break, every run must finish.
    void atomicUpdateUnderJitterAndLoss()
    {
        std::uint64_t reorders = 0, retrans = 0, runs = 0;
        for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
            ControlSettings s;
            s.sync = seed % 3 == 0 ? SyncMode::Local : SyncMode::Barrier;
            s.max_lead_iterations = static_cast<int>(seed % 2);
            s.failure_timeout_s = 30.0; // no false suspicion in this test
            const int n = 3 + static_cast<int>(seed % 4);
            const double delay = 0.005 + 0.001 * static_cast<double>(seed % 40);
            const double jitter = delay * (0.5 + 0.5 * static_cast<double>(seed % 3));
            Run r(n, s, delay, jitter, 0.05, seed);
            QVERIFY2(r.go(5), qPrintable(QStringLiteral("seed %1 did not finish").arg(seed)));
            QVERIFY2(r.cp.invariantViolations() == 0,
                     qPrintable(QStringLiteral("seed %1: %2")
                                    .arg(seed)
                                    .arg(QString::fromStdString(r.cp.firstViolation()))));
            QVERIFY2(r.data.m_errors == 0,
                     qPrintable(QStringLiteral("seed %1: %2")
                                    .arg(seed)
                                    .arg(QString::fromStdString(r.data.m_first))));
            for (int c = 0; c < n; ++c)
                QCOMPARE(r.data.m_version[static_cast<std::size_t>(c)], 5);
            reorders += r.cp.stats().reordered;
            retrans += r.cp.stats().retransmissions;
            ++runs;
        }
        QCOMPARE(runs, 2000u);
        QVERIFY2(reorders > 1000, qPrintable(QString::number(reorders)));
        QVERIFY2(retrans > 1000, qPrintable(QString::number(retrans)));
    }

    // A centre that fails mid-run is detected by timeout within the documented bound
    // (failure + timeout + heartbeat interval + the longest one-way delay), the group
    // re-forms without it and finishes every iteration.
    void centreFailureIsDetectedAndTheGroupReforms()
    {
        for (int victim : {2, 0}) { // a follower, then the leader
            ControlSettings s;
            Run r(4, s, 0.02, 0.005, 0.01, 11);
            const double failAt = 3.7;
            r.sim.schedule(sim::SimTime::fromSeconds(failAt),
                           [&r, victim] { r.cp.failCentre(victim); });
            QVERIFY(r.go(6));
            QCOMPARE(r.cp.invariantViolations(), 0u);
            QCOMPARE(r.data.m_errors, 0);
            QCOMPARE(int(r.cp.failures().size()), 1);
            const FailureDetection& f = r.cp.failures()[0];
            QCOMPARE(f.centre, victim);
            QCOMPARE(f.failed_s, failAt);
            QCOMPARE(f.outcome, std::string("reformed"));
            QVERIFY2(f.detected_s > failAt + s.failure_timeout_s - s.heartbeat_interval_s,
                     qPrintable(QString::number(f.detected_s)));
            QVERIFY2(f.detected_s <=
                         failAt + s.failure_timeout_s + s.heartbeat_interval_s + r.path.maxOneWay(),
                     qPrintable(QString::number(f.detected_s)));
            QCOMPARE(int(r.cp.members().size()), 3);
            QVERIFY(std::find(r.cp.members().begin(), r.cp.members().end(), victim) ==
                    r.cp.members().end());
            QCOMPARE(r.cp.outcome().completed_iterations, 6);
            QVERIFY(!r.cp.outcome().stopped);
        }
    }

    // on_failure = stop: the run ends with a result that names the failed centre.
    void stopPolicyEndsTheRunWithAReason()
    {
        ControlSettings s;
        s.on_failure = FailurePolicy::Stop;
        Run r(3, s, 0.02, 0.0, 0.0, 3);
        r.sim.schedule(sim::SimTime::fromSeconds(2.5), [&r] { r.cp.failCentre(1); });
        QVERIFY(r.go(10));
        QVERIFY(r.cp.outcome().stopped);
        QVERIFY(r.cp.outcome().completed_iterations < 10);
        QVERIFY2(r.cp.outcome().stop_reason.find("centre 1") != std::string::npos,
                 r.cp.outcome().stop_reason.c_str());
        QCOMPARE(r.cp.failures()[0].outcome, std::string("stopped"));
    }

    // Two centres cut apart: neither side has a majority, the run stops instead of hanging.
    void lostMajorityStops()
    {
        ControlSettings s;
        Run r(2, s, 0.02, 0.0, 0.0, 4);
        r.sim.schedule(sim::SimTime::fromSeconds(1.2), [&r] { r.path.cut(1); });
        QVERIFY(r.go(10));
        QVERIFY(r.cp.outcome().stopped);
        QVERIFY2(r.cp.outcome().stop_reason.find("majority") != std::string::npos,
                 r.cp.outcome().stop_reason.c_str());
    }

    // An order issued for iteration 3 rides on COMMIT(2) and is adopted by every centre
    // after it applied... before it starts iteration 3, at the same logical iteration.
    void ordersApplyFromTheSameIterationEverywhere()
    {
        ControlSettings s;
        Run r(4, s, 0.03, 0.01, 0.02, 9);
        r.cp.issueOrderAt(42, 3);
        std::vector<IterationControl> its;
        r.cp.setOnIterationCommitted([&its](const IterationControl& c) { its.push_back(c); });
        QVERIFY(r.go(5));
        QCOMPARE(int(r.cp.adoptions().size()), 4);
        std::set<int> centres;
        for (const OrderAdoption& a : r.cp.adoptions()) {
            QCOMPARE(a.order, 42);
            QCOMPARE(a.iteration, 3);
            centres.insert(a.centre);
            QVERIFY(a.time_s >= its[2].commit_s);
            QVERIFY(a.time_s <= its[3].start_s[static_cast<std::size_t>(a.centre)]);
            QVERIFY(a.lamport > 0);
        }
        QCOMPARE(int(centres.size()), 4);
    }
};

MERIDIAN_TEST(ProtocolTest)
#include "ProtocolTest.moc"
