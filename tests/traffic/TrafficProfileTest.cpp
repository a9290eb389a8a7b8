// Load profiles of traffic generators (docs/traffic.md §2.5): the profile's values, integrals
// and segments against hand-worked closed forms, what each kind of generator does under one
// (offered bytes exact for rate sources and bulk windows, Poisson arrival counts by interval),
// and the errors of the "profile" object.
#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/traffic/LoadProfile.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;
using traffic::LoadProfile;

namespace {

bool near(double got, double expected, double rel = 1e-9)
{
    return std::abs(got - expected) <= rel * std::max(1.0, std::abs(expected));
}

json cbrWithProfile(double rate_bps, double stop_s, const json& profile)
{
    return {{"id", "v"},        {"kind", "cbr"},        {"from", "a"},       {"to", "b"},
            {"stop_s", stop_s}, {"rate_bps", rate_bps}, {"profile", profile}};
}

/// The error parsing a traffic experiment on the small WAN with this one generator.
std::string profileErrorOf(const json& generator)
{
    const json experiment = {{"kind", "traffic"},
                             {"traffic", {{"generators", json::array({generator})}}}};
    const io::Project p = io::parseProject(test::wanProject(10, 5, experiment).dump(), "w.topo");
    try {
        experiment::parseExperiment(p.experiment, p.topology, "w.topo");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

void expectProfileError(const json& generator, const std::string& expected)
{
    const std::string got = profileErrorOf(generator);
    QVERIFY2(got.find(expected) != std::string::npos, (got + "\n  expected: " + expected).c_str());
}

} // namespace

class TrafficProfileTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void stepsAndLinearProfilesHaveTheirValuesAndIntegrals()
    {
        // Steps (0, 0.5), (10, 2), (20, 0): ∫_0^30 = 0.5·10 + 2·10 + 0·10 = 25.
        const LoadProfile steps = LoadProfile::steps({{0, 0.5}, {10, 2}, {20, 0}}, 0.0);
        QCOMPARE(steps.at(5), 0.5);
        QCOMPARE(steps.at(10), 2.0);
        QCOMPARE(steps.at(25), 0.0);
        QCOMPARE(steps.maxMultiplier(), 2.0);
        QVERIFY(near(steps.integral(0, 30), 25.0));
        QVERIFY(near(steps.integral(5, 15), 0.5 * 5 + 2 * 5));
        QCOMPARE(steps.nextChange(3), 10.0);
        QCOMPARE(steps.nextChange(25), std::numeric_limits<double>::infinity());
        // Linear (0, 0), (10, 1): ∫_0^20 = 10/2 + 10 = 15; its segments are 10/16 s long.
        const LoadProfile lin = LoadProfile::linear({{0, 0}, {10, 1}}, 0.0);
        QCOMPARE(lin.at(5), 0.5);
        QVERIFY(near(lin.integral(0, 20), 15.0));
        QVERIFY(near(lin.integral(2, 4), 0.6)); // (0.2 + 0.4)/2 · 2
        QVERIFY(near(lin.nextChange(0.1), 10.0 / 16));
        QVERIFY(near(lin.nextChange(9.5), 10.0));
        QCOMPARE(lin.nextChange(12), std::numeric_limits<double>::infinity());
    }

    void aPeriodicLinearProfileWrapsFromItsLastPointToItsFirst()
    {
        // (2, 1), (6, 0), period 8: from (6, 0) to (2 + 8, 1) linearly, so m(8) = m(0) = 0.5,
        // m(1) = 0.75. One period: [0,2) (0.5+1)/2·2 = 1.5, [2,6) 2, [6,8) 0.5: 4, mean 0.5.
        const LoadProfile p = LoadProfile::linear({{2, 1}, {6, 0}}, 8.0);
        QCOMPARE(p.at(0), 0.5);
        QCOMPARE(p.at(1), 0.75);
        QCOMPARE(p.at(9), 0.75);
        QCOMPARE(p.at(4), 0.5);
        QVERIFY(near(p.integral(0, 8), 4.0));
        QVERIFY(near(p.integral(0, 24), 12.0));
        // [1, 9] = [1, 8) + [8, 9) = (4 − 0.625) + 0.625.
        QVERIFY(near(p.integral(1, 9), 4.0));
        QVERIFY(near(p.integral(17, 18), 0.875)); // ≡ [1, 2]: (0.75 + 1)/2
        // A steps profile holds its last value into the next period until its first point.
        const LoadProfile s = LoadProfile::steps({{2, 1}, {6, 3}}, 8.0);
        QCOMPARE(s.at(1), 3.0);
        QCOMPARE(s.at(10), 1.0);
        QVERIFY(near(s.integral(0, 16), 2 * (2 * 3 + 4 * 1 + 2 * 3)));
        QCOMPARE(s.nextChange(9), 10.0);
    }

    void aDiurnalProfileIsACosineBetweenItsTroughAndOne()
    {
        // m(t) = 0.2 + 0.8·(1 + cos(2π(t − 14)/24))/2: 1 at 14, 0.2 at 2; mean (1 + 0.2)/2.
        const LoadProfile d = LoadProfile::diurnal(24, 0.2, 14);
        QVERIFY(near(d.at(14), 1.0));
        QVERIFY(near(d.at(2), 0.2));
        QVERIFY(near(d.at(38), 1.0));
        QVERIFY(near(d.at(8), 0.6)); // a quarter period from the peak: the midpoint
        QCOMPARE(d.maxMultiplier(), 1.0);
        QVERIFY(near(d.integral(0, 48), 48 * 0.6));
        QVERIFY(near(d.integral(7, 31), 24 * 0.6));
        QVERIFY(near(d.nextChange(0.1), 0.5));
    }

    void aCbrSourceOffersTheIntegralOfItsProfile()
    {
        // 500 Mbit/s under linear (0, 0) → (10, 1), then 1, until 20 s, on an idle 1 Gbit/s
        // link: offered = carried = 500e6 · 15 / 8 B, and the link carries them; 16 segments
        // over the ramp and one after it.
        const auto out = test::runTrafficOutcome(
            test::oneLink(1e9),
            {{"generators", json::array({cbrWithProfile(
                                5e8, 20, {{"shape", "linear"}, {"points", {{0, 0}, {10, 1}}}})})}},
            1);
        const traffic::GeneratorResult& r = out.results[0];
        const double expected = 5e8 * 15.0 / 8.0;
        QVERIFY2(near(r.offered_bytes, expected, 1e-6),
                 qPrintable(QString::number(r.offered_bytes)));
        QVERIFY(near(r.carried_bytes, expected, 1e-6));
        QVERIFY(near(out.backgroundBytes[0], expected, 1e-6));
        QCOMPARE(r.flows, std::uint64_t(17));
    }

    void aDiurnalCbrSourceOffersItsMeanRate()
    {
        // Two periods of 48 s, trough 0.2: offered = rate · 96 s · 0.6 / 8.
        const auto r =
            test::runTraffic(test::oneLink(1e9),
                             {{"generators", json::array({cbrWithProfile(4e8, 96,
                                                                         {{"shape", "diurnal"},
                                                                          {"period_s", 48},
                                                                          {"min_multiplier", 0.2},
                                                                          {"peak_at_s", 30}})})}},
                             1)[0];
        QVERIFY2(near(r.offered_bytes, 4e8 * 96 * 0.6 / 8, 1e-6),
                 qPrintable(QString::number(r.offered_bytes)));
        QVERIFY(near(r.carried_bytes, r.offered_bytes, 1e-6));
        QCOMPARE(r.flows, std::uint64_t(2 * LoadProfile::kDiurnalSegments));
    }

    void poissonArrivalsFollowTheProfile()
    {
        // λ = 1000/s under steps 1 on [0, 5), 0 on [5, 10), 3 on [10, 15): a Poisson process of
        // rate λ·m(t), so the counts are Poisson with means 5000, 0 and 15000. Tolerance 5 sd.
        const json g = {{"id", "p"},
                        {"kind", "poisson"},
                        {"from", "a"},
                        {"to", "b"},
                        {"stop_s", 15},
                        {"protocol", "udp"},
                        {"arrivals_per_s", 1000},
                        {"size", {{"law", "exponential"}, {"mean_bytes", 1250}}},
                        {"profile", {{"shape", "steps"}, {"points", {{0, 1}, {5, 0}, {10, 3}}}}}};
        const auto out =
            test::runTrafficOutcome(test::oneLink(1e9), {{"generators", json::array({g})}}, 3);
        double counts[3] = {0, 0, 0};
        for (const net::TransferResult& f : out.flows)
            counts[std::min(2, static_cast<int>(f.start_s / 5.0))] += 1;
        qInfo("arrivals by interval: %g, %g, %g (expected 5000, 0, 15000)", counts[0], counts[1],
              counts[2]);
        QVERIFY(std::abs(counts[0] - 5000) < 5 * std::sqrt(5000.0));
        QCOMPARE(counts[1], 0.0);
        QVERIFY(std::abs(counts[2] - 15000) < 5 * std::sqrt(15000.0));
    }

    void bulkWindowsScaleTheirBytesByTheProfile()
    {
        // Windows every 10 s of 100 MB until 40 s; the profile halves them from 20 s:
        // 100 + 100 + 50 + 50 = 300 MB, all delivered.
        const json g = {{"id", "k"},
                        {"kind", "bulk"},
                        {"from", "a"},
                        {"to", "b"},
                        {"stop_s", 40},
                        {"period_s", 10},
                        {"bytes", "100MB"},
                        {"streams", 2},
                        {"profile", {{"shape", "steps"}, {"points", {{0, 1}, {20, 0.5}}}}}};
        const auto r =
            test::runTraffic(test::oneLink(1e9), {{"generators", json::array({g})}}, 1)[0];
        QVERIFY(near(r.offered_bytes, 300e6, 1e-9));
        QVERIFY(near(r.carried_bytes, 300e6, 1e-6));
        QCOMPARE(r.flows, std::uint64_t(8));
        QCOMPARE(r.flows_completed, std::uint64_t(8));
    }

    void anOnOffSourceRunsAtItsMeanRateTimesTheProfilesMean()
    {
        // peak 1 Gbit/s, exponential on 0.1 s / off 0.3 s: 250 Mbit/s; a periodic profile at 1
        // for 50 s and 0 for 50 s halves it to 125 Mbit/s. 8,000 s: the on-off test's sd of
        // one run is 1 % over the same time, here with half the cycles at most 1.5 %: 6 %.
        const json g = {
            {"id", "o"},
            {"kind", "on_off"},
            {"from", "a"},
            {"to", "b"},
            {"stop_s", 8000},
            {"peak_bps", "1G"},
            {"on", {{"law", "exponential"}, {"mean_s", 0.1}}},
            {"off", {{"law", "exponential"}, {"mean_s", 0.3}}},
            {"profile", {{"shape", "steps"}, {"period_s", 100}, {"points", {{0, 1}, {50, 0}}}}}};
        const auto r =
            test::runTraffic(test::oneLink(1e9), {{"generators", json::array({g})}}, 5)[0];
        qInfo("on-off under a half-time profile: %g Mbit/s (expected 125)", r.offered_bps / 1e6);
        QVERIFY(std::abs(r.offered_bps / 125e6 - 1.0) < 0.06);
    }

    void badProfilesNameTheirPathAndProblem()
    {
        const std::string at = "w.topo: /experiment/traffic/generators/0/profile";
        const auto cbr = [](const json& profile) { return cbrWithProfile(1e9, 10, profile); };
        expectProfileError(cbr({{"shape", "steps"}, {"points", {{0, 1}, {0, 2}}}}),
                           at + "/points: point 1: times must increase");
        expectProfileError(cbr({{"shape", "linear"}, {"points", {{0, -1}}}}),
                           at + "/points: point 0: the multiplier must be within [0, 1000]");
        expectProfileError(cbr({{"shape", "steps"}, {"points", {{0, 0}, {3, 0}}}}),
                           at + "/points: every multiplier is 0");
        expectProfileError(
            cbr({{"shape", "steps"}, {"period_s", 10}, {"points", {{0, 1}, {12, 0}}}}),
            at + "/points: point 1: the time must be within the period (< 10 s)");
        expectProfileError(cbr({{"shape", "square"}}), at + "/shape: unknown profile shape");
        expectProfileError(cbr({{"shape", "diurnal"}, {"min_multiplier", 1.5}}),
                           at + "/min_multiplier: a diurnal profile needs");
        expectProfileError(
            cbr({{"shape", "steps"}, {"points", json::array({json::array({"noon", 1})})}}),
            at + "/points/0: expected a time in seconds");
        expectProfileError(cbr({{"shape", "diurnal"}, {"min_multiplier", 0.5}, {"amp", 1}}),
                           at + "/amp: unknown key");
        expectProfileError({{"id", "k"},
                            {"kind", "bulk"},
                            {"from", "a"},
                            {"to", "b"},
                            {"stop_s", 10},
                            {"profile", {{"shape", "diurnal"}, {"min_multiplier", 0.5}}}},
                           "generators/0/profile: scales a bulk generator's \"bytes\"");
        // Duration strings are accepted as times.
        QCOMPARE(profileErrorOf(
                     cbr({{"shape", "steps"},
                          {"period_s", "1d"},
                          {"points", json::array({json::array({"0h", 0.3}), json::array({"9h", 1}),
                                                  json::array({"18h", 0.6})})}})),
                 std::string());
    }
};

MERIDIAN_TEST(TrafficProfileTest)
#include "TrafficProfileTest.moc"
