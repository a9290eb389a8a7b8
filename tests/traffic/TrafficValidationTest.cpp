// Background traffic generators against closed forms (docs/traffic.md §5): Poisson arrivals
// of fluid (UDP) flows on one link are an M/G/1 processor-sharing queue; CBR sources share a
// link max-min; an on-off source's mean rate is peak·E[on]/(E[on] + E[off]).
#include "TestMain.hpp"
#include "TrafficFixtures.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

using namespace meridian;
using nlohmann::json;

namespace {

constexpr double kC_bps = 1e9;          ///< the link
constexpr double kMeanBytes = 125000.0; ///< E[S]: 1 ms of the link
constexpr double kServiceS = kMeanBytes * 8.0 / kC_bps;

/// Poisson arrivals of UDP flows at load ρ on the one link, `flows` expected, sizes by `size`.
traffic::GeneratorResult processorSharing(double rho, const json& size, double flows,
                                          std::uint64_t seed)
{
    const double lambda = rho / kServiceS;
    const json g = {{"id", "ps"},  {"kind", "poisson"}, {"from", "a"},
                    {"to", "b"},   {"protocol", "udp"}, {"stop_s", flows / lambda},
                    {"load", rho}, {"load_link", "ab"}, {"size", size}};
    return test::runTraffic(test::oneLink(kC_bps), {{"generators", json::array({g})}}, seed)[0];
}

QString figures(const traffic::GeneratorResult& r)
{
    return QStringLiteral("flows %1, mean FCT %2 s, mean slowdown %3")
        .arg(r.flows)
        .arg(r.fct_mean_s, 0, 'g', 6)
        .arg(r.slowdown_mean, 0, 'g', 6);
}

} // namespace

class TrafficValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void poissonFlowsOnOneLinkAreProcessorSharing()
    {
        // M/M/1-PS (Kleinrock 1967; Harchol-Balter, "Performance Modeling and Design of
        // Computer Systems", 2013, ch. 22): a flow of size x takes E[T | x] = x / (C·(1 − ρ)),
        // so over exponential sizes E[T] = E[S]·8 / (C·(1 − ρ)) and every size has the mean
        // slowdown 1 / (1 − ρ). At ρ = 0.5: E[T] = 2 ms, slowdown 2. 60,000 flows.
        // Tolerances here: over seeds 1–10 a run's mean FCT and mean slowdown had a standard
        // deviation of at most 1.06 % (M/D/1 at ρ = 0.7) and their means were within 0.5 % of
        // the closed forms; 5 % is more than four standard deviations.
        const json exp = {{"law", "exponential"}, {"mean_bytes", kMeanBytes}};
        const auto r = processorSharing(0.5, exp, 60000, 1);
        qInfo("M/M/1-PS, rho 0.5: %s", qPrintable(figures(r)));
        QVERIFY2(r.flows_completed == r.flows && r.flows > 55000, qPrintable(figures(r)));
        QCOMPARE(r.carried_bytes, r.offered_bytes);
        QVERIFY2(std::abs(r.fct_mean_s / (kServiceS / 0.5) - 1.0) < 0.05, qPrintable(figures(r)));
        QVERIFY2(std::abs(r.slowdown_mean / 2.0 - 1.0) < 0.05, qPrintable(figures(r)));
    }

    void aFlowOfSizeXTakesXOverCTimesOneMinusRho()
    {
        // Every flow of one size x (an empirical law with all its mass at x: M/D/1-PS): by
        // insensitivity E[T] = x / (C·(1 − ρ)) still. ρ = 0.3 and 0.7; x = 125 kB (1 ms).
        const json fixed = {{"law", "empirical"},
                            {"points", {{kMeanBytes, 0.0}, {kMeanBytes, 1.0}}}};
        for (const double rho : {0.3, 0.7}) {
            const auto r = processorSharing(rho, fixed, 40000, 2);
            const double expected_s = kServiceS / (1.0 - rho);
            qInfo("M/D/1-PS, rho %g: %s (closed form %g s)", rho, qPrintable(figures(r)),
                  expected_s);
            QVERIFY2(std::abs(r.fct_mean_s / expected_s - 1.0) < 0.05,
                     qPrintable(QString::number(rho) + ": " + figures(r) + ", expected " +
                                QString::number(expected_s)));
        }
    }

    void theMeanSlowdownIsInsensitiveToTheSizeLaw()
    {
        // M/G/1-PS is insensitive: the mean slowdown is 1 / (1 − ρ) whatever the size law.
        // Exponential against Pareto α = 2.5 (finite variance, heavy tail) and lognormal
        // σ = 1.5, at ρ = 0.5, same mean size.
        const json laws[] = {{{"law", "exponential"}, {"mean_bytes", kMeanBytes}},
                             {{"law", "pareto"}, {"mean_bytes", kMeanBytes}, {"shape", 2.5}},
                             {{"law", "lognormal"}, {"mean_bytes", kMeanBytes}, {"sigma", 1.5}}};
        std::vector<double> slowdowns;
        for (const json& law : laws) {
            const auto r = processorSharing(0.5, law, 60000, 3);
            slowdowns.push_back(r.slowdown_mean);
            qInfo("%s sizes, rho 0.5: %s", law["law"].get<std::string>().c_str(),
                  qPrintable(figures(r)));
            QVERIFY2(std::abs(r.slowdown_mean / 2.0 - 1.0) < 0.05,
                     qPrintable(QString::fromStdString(law["law"].get<std::string>()) + ": " +
                                figures(r)));
        }
        // And against each other (the difference of two runs: √2 × 0.9 % standard deviation).
        for (const double x : slowdowns)
            QVERIFY(std::abs(x / slowdowns.front() - 1.0) < 0.05);
    }

    void cbrSourcesShareALinkMaxMin()
    {
        // Three CBR sources a → b of 200, 500 and 600 Mbit/s on one 1 Gbit/s link for 10 s.
        // Max-min (network-model.md §3): the 200 Mbit/s source is below the fair share and
        // keeps its rate; the other two split the remaining 800: 400 Mbit/s each. Offered is
        // rate · 10 s; the link carries C · 10 s = 1.25 GB of background bytes.
        const topology::Topology topo = test::oneLink(kC_bps);
        json gens = json::array();
        for (const double rate : {200e6, 500e6, 600e6})
            gens.push_back({{"id", "cbr" + std::to_string(int(rate / 1e6))},
                            {"kind", "cbr"},
                            {"from", "a"},
                            {"to", "b"},
                            {"stop_s", 10},
                            {"rate_bps", rate}});
        traffic::TrafficSpec spec =
            traffic::parseTraffic({{"generators", gens}}, "/experiment/traffic", topo, "t.topo");
        sim::Simulator sim;
        net::Network net(sim, topo);
        traffic::TrafficRun run(sim, net, topo, spec, 1);
        run.start();
        sim.run();
        const auto r = run.results();
        const double offered[] = {200e6, 500e6, 600e6};
        const double carried[] = {200e6, 400e6, 400e6};
        for (std::size_t i = 0; i < 3; ++i) {
            QVERIFY2(std::abs(r[i].offered_bps / offered[i] - 1.0) < 1e-6,
                     qPrintable(QString::number(r[i].offered_bps)));
            QVERIFY2(std::abs(r[i].carried_bps / carried[i] - 1.0) < 1e-6,
                     qPrintable(QString::number(r[i].carried_bps)));
            QCOMPARE(r[i].window_s, 10.0);
            QCOMPARE(r[i].flows, std::uint64_t(1));
        }
        const double background = net.backgroundBytes(*topo.findLink("ab"), 0);
        QVERIFY2(std::abs(background / (kC_bps * 10.0 / 8.0) - 1.0) < 1e-6,
                 qPrintable(QString::number(background)));
        QCOMPARE(net.backgroundBytes(*topo.findLink("ab"), 1), 0.0);
    }

    void anOnOffSourceAveragesPeakTimesItsDutyCycle()
    {
        // Renewal-reward: a source at peak during on periods has the mean rate
        // peak · E[on] / (E[on] + E[off]) = 1 Gbit/s · 0.1 / (0.1 + 0.3) = 250 Mbit/s, for
        // any period laws. 8,000 s ≈ 20,000 cycles; the relative standard error of the mean
        // rate is √(Var(on − ¼(on + off)) / n) / (¼ · E[on + off]) ≈ 0.75 % for exponential
        // periods; over seeds 1–10 the runs' standard deviation was 0.9 % (exponential off)
        // and 1.0 % (Pareto off), their means 249.9 and 249.3 Mbit/s: 4 % is four standard
        // deviations. The link (10 Gbit/s) never binds, so every burst sends peak · on whole.
        const json periods[] = {{{"law", "exponential"}, {"mean_s", 0.3}},
                                {{"law", "pareto"}, {"mean_s", 0.3}, {"shape", 2.5}}};
        for (const json& off : periods) {
            const json g = {{"id", "oo"},
                            {"kind", "on_off"},
                            {"from", "a"},
                            {"to", "b"},
                            {"stop_s", 8000},
                            {"peak_bps", 1e9},
                            {"on", {{"law", "exponential"}, {"mean_s", 0.1}}},
                            {"off", off}};
            const auto r =
                test::runTraffic(test::oneLink(10e9), {{"generators", json::array({g})}}, 5)[0];
            qInfo("on-off, %s off periods: %g bit/s over %llu bursts",
                  off["law"].get<std::string>().c_str(), r.carried_bps,
                  static_cast<unsigned long long>(r.flows));
            QVERIFY2(std::abs(r.carried_bps / 250e6 - 1.0) < 0.04,
                     qPrintable(QString::fromStdString(off["law"].get<std::string>()) + ": " +
                                QString::number(r.carried_bps) + " bit/s over " +
                                QString::number(r.flows) + " bursts"));
            QVERIFY(std::abs(r.carried_bytes / r.offered_bytes - 1.0) < 1e-6);
        }
    }
};

MERIDIAN_TEST(TrafficValidationTest)
#include "TrafficValidationTest.moc"
