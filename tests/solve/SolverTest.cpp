// The solver's bisection (app/sweep/SweepSolver.hpp) driven by closed forms instead of runs:
// each case states the exact answer first, then checks that the solver lands within its
// tolerance of it, on the passing side, and stops for the reasons it documents.
#include "TestMain.hpp"
#include "app/sweep/SweepSolver.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <functional>

using namespace meridian;
using namespace meridian::sweep;

namespace {

/// An evaluator from a function of the value, counting the values it was asked for.
SolveEvaluator closedForm(std::function<double(double)> f, int* calls = nullptr)
{
    return [f = std::move(f), calls](const std::vector<double>& values) {
        std::vector<EvaluatedPoint> out;
        for (double v : values) {
            out.push_back({f(v), {}});
            if (calls)
                ++*calls;
        }
        return std::optional<std::vector<EvaluatedPoint>>(out);
    };
}

SolveRequest request(double lo, double hi, const std::string& target)
{
    SolveRequest r;
    r.lo = lo;
    r.hi = hi;
    r.target = parseSolveTarget(target, "test", "--target");
    return r;
}

/// GPU effective compute of a step of c seconds followed by a bandwidth-bound exchange of
/// S gigabits plus a fixed k seconds: c / (c + S/B + k).
double stepRatio(double bandwidth_gbps)
{
    const double compute_s = 10.0, exchange_gbit = 80.0, fixed_s = 2.0;
    return compute_s / (compute_s + exchange_gbit / bandwidth_gbps + fixed_s);
}

} // namespace

class SolverTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void smallestBandwidthForHalfComputeIsTheClosedForm()
    {
        // c / (c + S/B + k) = 0.5  ⇔  B = S / (c − k) = 80 / 8 = 10 Gbit/s.
        const double exact_gbps = 10.0;
        SolveRequest r = request(1, 1000, "gpu_effective_compute_ratio>=0.5");
        r.log_scale = true;
        int calls = 0;
        const SolveResult s = solve(r, closedForm(stepRatio, &calls));
        QVERIFY2(s.solved(), s.message.c_str());
        QVERIFY(s.answer >= exact_gbps);                         // a value that meets it …
        QVERIFY(s.answer <= exact_gbps * (1 + r.rel_tolerance)); // … within the tolerance
        QVERIFY(s.fail < exact_gbps);
        QVERIFY(std::abs(s.pass - s.fail) <= r.rel_tolerance * s.answer);
        // Bisection on a log scale: ln(1000)/ln(1.01) ≈ 694 brackets → ⌈log2 694⌉ = 10 halvings
        // after the two ends (one more where the 6-digit values round).
        QCOMPARE(static_cast<int>(s.evaluations.size()), calls);
        QVERIFY2(calls >= 11 && calls <= 13, qPrintable(QString::number(calls)));
        QCOMPARE(s.evaluations[0].round, 0);
        QCOMPARE(s.evaluations[1].round, 0);
    }

    void severalPointsPerRoundFindTheSameAnswer()
    {
        const double exact_gbps = 10.0;
        for (int batch : {2, 3, 7}) {
            SolveRequest r = request(1, 1000, "gpu_effective_compute_ratio>=0.5");
            r.log_scale = true;
            r.batch = batch;
            const SolveResult s = solve(r, closedForm(stepRatio));
            QVERIFY2(s.solved(), s.message.c_str());
            QVERIFY(s.answer >= exact_gbps && s.answer <= exact_gbps * 1.01);
            // Each round after the ends runs `batch` points.
            QCOMPARE((s.evaluations.size() - 2) % static_cast<std::size_t>(batch), std::size_t{0});
        }
    }

    void largestLossThatStillMeetsTheTarget()
    {
        // 1 / (1 + 1000 p) ≥ 0.5  ⇔  p ≤ 1e-3; the metric falls as the loss grows.
        const double exact = 1e-3;
        SolveRequest r = request(0, 0.01, "gpu_effective_compute_ratio>=0.5");
        r.goal = SolveGoal::Largest;
        const SolveResult s =
            solve(r, closedForm([](double p) { return 1.0 / (1.0 + 1000.0 * p); }));
        QVERIFY2(s.solved(), s.message.c_str());
        QVERIFY(s.answer <= exact);
        QVERIFY(s.answer >= exact * (1 - r.rel_tolerance));
        QVERIFY(s.fail > exact);
    }

    void fewestInnerStepsIsExactOnAnIntegerAxis()
    {
        // H·t / (H·t + s) ≥ 0.8 with t = 1 s, s = 37 s  ⇔  H ≥ 4 · 37 = 148.
        SolveRequest r = request(1, 1000, "gpu_effective_compute_ratio>=0.8");
        r.integer = true;
        r.rel_tolerance = 1e-4; // the integers end it first
        bool whole = true;      // whole values only
        const SolveResult s = solve(r, closedForm([&whole](double h) {
                                        whole = whole && h == std::round(h);
                                        return h / (h + 37.0);
                                    }));
        QVERIFY2(s.solved(), s.message.c_str());
        QVERIFY(whole);
        QCOMPARE(s.answer, 148.0);
        QCOMPARE(s.fail, 147.0);
    }

    void atMostTargetsWork()
    {
        // Iteration time 10 + 80/B ≤ 12  ⇔  B ≥ 40.
        SolveRequest r = request(1, 1000, "iteration_s<=12");
        r.log_scale = true;
        const SolveResult s = solve(r, closedForm([](double b) { return 10.0 + 80.0 / b; }));
        QVERIFY2(s.solved(), s.message.c_str());
        QVERIFY(s.answer >= 40.0 && s.answer <= 40.4);
    }

    void targetOutOfReachIsSaid()
    {
        // The ratio tends to c / (c + k) = 0.833 as B → ∞: 0.9 is out of reach.
        SolveRequest r = request(1, 1000, "gpu_effective_compute_ratio>=0.9");
        r.log_scale = true;
        const SolveResult s = solve(r, closedForm(stepRatio));
        QCOMPARE(s.outcome, SolveOutcome::NotReached);
        QCOMPARE(s.evaluations.size(), std::size_t{2}); // the two ends, nothing guessed
        QVERIFY2(s.message.find("not met anywhere in [1, 1000]") != std::string::npos,
                 s.message.c_str());
    }

    void targetMetAtTheCheapEndIsSaid()
    {
        SolveRequest r = request(20, 1000, "gpu_effective_compute_ratio>=0.5");
        const SolveResult s = solve(r, closedForm(stepRatio));
        QCOMPARE(s.outcome, SolveOutcome::MetAtCheapEnd);
        QVERIFY2(s.message.find("already met at the cheap end 20") != std::string::npos,
                 s.message.c_str());
        // For "largest" the cheap end is the top of the range.
        SolveRequest l = request(0, 1e-4, "gpu_effective_compute_ratio>=0.5");
        l.goal = SolveGoal::Largest;
        const SolveResult ls =
            solve(l, closedForm([](double p) { return 1.0 / (1.0 + 1000.0 * p); }));
        QCOMPARE(ls.outcome, SolveOutcome::MetAtCheapEnd);
        QVERIFY2(ls.message.find("cheap end 0.0001") != std::string::npos, ls.message.c_str());
    }

    void aCurveThatIsNotMonotoneStopsTheSolve()
    {
        // f(x) = x, but 9 on (3.5, 4.5): the midpoint 4 lands on the spike, above f(8) = 8.
        SolveRequest r = request(0, 8, "gpu_effective_compute_ratio>=6");
        const SolveResult s =
            solve(r, closedForm([](double x) { return x > 3.5 && x < 4.5 ? 9.0 : x; }));
        QCOMPARE(s.outcome, SolveOutcome::NotMonotone);
        QCOMPARE(s.evaluations.size(), std::size_t{3});
        QVERIFY2(s.message.find("not monotone") != std::string::npos &&
                     s.message.find("9 at 4, 8 at 8") != std::string::npos,
                 s.message.c_str());
    }

    void aSlackToleratesAGentleFallOnThePlateau()
    {
        // f(x) = x up to 6.5, then falling by 0.01 per unit: f(x) ≥ 6.4 ⇔ x ≥ 6.4 (up to 16.5).
        // The runs at 7 (6.495) and 8 (6.485) fall by 0.01: a break when strict, noise under a
        // slack of 1 % of the figure's scale (0.065).
        const auto f = [](double x) { return x <= 6.5 ? x : 6.5 - 0.01 * (x - 6.5); };
        SolveRequest r = request(0, 8, "gpu_effective_compute_ratio>=6.4");
        const SolveResult strict = solve(r, closedForm(f));
        QCOMPARE(strict.outcome, SolveOutcome::NotMonotone);
        r.monotone_slack = 0.01;
        const SolveResult s = solve(r, closedForm(f));
        QVERIFY2(s.solved(), s.message.c_str());
        QVERIFY(s.answer >= 6.4 && s.answer <= 6.4 * 1.01);
    }

    void aFailedRunAndTheRunLimitStopIt()
    {
        SolveRequest r = request(1, 1000, "gpu_effective_compute_ratio>=0.5");
        r.log_scale = true;
        const SolveEvaluator failing = [](const std::vector<double>& values) {
            std::vector<EvaluatedPoint> out;
            for (double v : values)
                out.push_back(v > 1 && v < 1000 ? EvaluatedPoint{0.0, "link l failed"}
                                                : EvaluatedPoint{stepRatio(v), {}});
            return std::optional<std::vector<EvaluatedPoint>>(out);
        };
        const SolveResult f = solve(r, failing);
        QCOMPARE(f.outcome, SolveOutcome::RunFailed);
        QVERIFY2(f.message.find("link l failed") != std::string::npos, f.message.c_str());
        r.max_runs = 5;
        const SolveResult l = solve(r, closedForm(stepRatio));
        QCOMPARE(l.outcome, SolveOutcome::RunLimit);
        QCOMPARE(l.evaluations.size(), std::size_t{5});
        QVERIFY(std::min(l.pass, l.fail) < 10.0 && std::max(l.pass, l.fail) >= 10.0);
    }

    void badRequestsAreRefused()
    {
        const auto refused = [](const std::function<void()>& f, const std::string& part) {
            try {
                f();
            } catch (const InputError& e) {
                return std::string(e.what()).find(part) != std::string::npos;
            }
            return false;
        };
        QVERIFY(refused([] { parseSolveTarget("gpu>=0.5", "command line", "--target"); },
                        "'gpu' is not a figure of the table"));
        QVERIFY(refused([] { parseSolveTarget("iteration_s=3", "command line", "--target"); },
                        "is not METRIC>=VALUE"));
        QVERIFY(refused([] { parseSolveTarget("iteration_s<=x", "command line", "--target"); },
                        "'x' is not a number"));
        QVERIFY(refused(
            [] {
                SolveRequest r = request(0, 10, "iteration_s<=3");
                r.log_scale = true;
                checkSolveRequest(r, "command line");
            },
            "a --log range needs LO above 0"));
        QVERIFY(refused([] { checkSolveRequest(request(5, 5, "iteration_s<=3"), "x"); },
                        "needs LO < HI"));
        QVERIFY(refused(
            [] {
                SolveRequest r = request(1.5, 10, "iteration_s<=3");
                r.integer = true;
                checkSolveRequest(r, "command line");
            },
            "whole LO and HI"));
    }
};

MERIDIAN_TEST(SolverTest)
#include "SolverTest.moc"
