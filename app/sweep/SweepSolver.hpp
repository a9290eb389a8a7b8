#pragma once
// The "what do I need" solver (docs/strategies.md, "The solver"; docs/cli.md, `solve`): the
// smallest value of one axis that meets a target on a figure of the sweep's table — the WAN
// bandwidth for 50 % GPU effective compute — or the largest value that still meets it — the
// loss a link may have —, found by bisection over real runs.
//
// The figure m(x) of a run at axis value x is assumed monotone in x. With the target
// "m ≥ T" (or "m ≤ T") and the goal "smallest x":
//   1. run both ends of [lo, hi]: the target must be met at the rich end (hi) — else it is
//      met nowhere in the range — and not at the cheap end (lo) — else lo is the answer;
//   2. the bracket [fail, pass] = [lo, hi]; each round runs k points (k = the runs allowed at
//      once) evenly spaced inside it, on a log scale for a log axis, and keeps the sub-interval
//      where the target changes from missed to met: bisection for k = 1, (k + 1)-section above;
//   3. stop when |pass − fail| ≤ tolerance · |pass| (relative), or for an integer axis when
//      pass and fail are adjacent integers; the answer is `pass`, a value a run met.
// The goal "largest x" swaps the ends (met at lo, not at hi). After every round the figure is
// checked to be monotone over every point evaluated so far, in the direction the goal implies
// (it must approach the target from the failing side), up to a slack the caller may allow for
// a figure with noise of its own; a point that breaks it stops the solve
// with NotMonotone and names the points, rather than guessing a side. The evaluator is a
// parameter: RunEvaluator below runs the points as a sweep does (files in OUT/points, reused
// by a later call), the tests also drive the bisection with closed forms.

#include "app/sweep/SweepExecutor.hpp"
#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace meridian::sweep {

enum class SolveGoal
{
    Smallest, ///< the smallest value that meets the target (bandwidth, inner steps)
    Largest,  ///< the largest value that still meets it (loss, delay)
};

struct SolveTarget
{
    std::string metric;   ///< a figure column of the table: gpu_effective_compute_ratio
    bool at_least = true; ///< m ≥ value; false: m ≤ value
    double value = 0.0;

    bool meets(double m) const { return at_least ? m >= value : m <= value; }
    /// "gpu_effective_compute_ratio>=0.5"
    std::string text() const;
};

/// "METRIC>=VALUE" or "METRIC<=VALUE" (`where` names it in errors). Throws InputError.
SolveTarget parseSolveTarget(const std::string& text, const std::string& file,
                             const std::string& where);

struct SolveRequest
{
    double lo = 0.0;
    double hi = 0.0;
    bool log_scale = false; ///< split the bracket geometrically (needs lo > 0)
    bool integer = false;   ///< whole values only (inner steps)
    SolveTarget target;
    SolveGoal goal = SolveGoal::Smallest;
    double rel_tolerance = 0.01; ///< the bracket's width relative to the answer
    int max_runs = 40;
    int batch = 1; ///< points run per round (the caller's parallel runs)
    /// A move against the expected direction no larger than this share of the figure's scale
    /// (its largest magnitude over the runs) is tolerated as noise, not a break; 0: strict
    /// (up to 1e-9 for rounding).
    double monotone_slack = 0.0;
};

/// Checks lo < hi, the log and integer conditions, the tolerance and limits. Throws InputError
/// naming `where` ("--range", "--tolerance" …).
void checkSolveRequest(const SolveRequest& request, const std::string& file);

struct SolveEvaluation
{
    double value = 0.0;
    double metric = 0.0; ///< NaN when the run failed
    bool meets = false;
    int round = 0;     ///< 0: the two ends
    std::string error; ///< why the run failed
};

enum class SolveOutcome
{
    Solved,
    NotReached,    ///< the target is not met at the rich end
    MetAtCheapEnd, ///< already met at the cheap end
    NotMonotone,   ///< the evaluated points contradict the monotone assumption
    RunFailed,     ///< a run failed (its error is in the evaluation)
    RunLimit,      ///< max_runs reached before the tolerance
    Interrupted,
};

struct SolveResult
{
    SolveOutcome outcome = SolveOutcome::Solved;
    double answer = 0.0; ///< Solved: the value that meets the target nearest the cheap end
    double pass = 0.0;   ///< the bracket: the end that meets the target …
    double fail = 0.0;   ///< … and the end that does not
    std::vector<SolveEvaluation> evaluations; ///< in the order they ran
    std::string message;                      ///< one paragraph: the answer or the reason

    bool solved() const { return outcome == SolveOutcome::Solved; }
};

/// Runs the points `values` and returns each one's figure (NaN and an error when its run
/// failed), in order; nullopt when cancelled.
struct EvaluatedPoint
{
    double metric = 0.0;
    std::string error;
};
using SolveEvaluator =
    std::function<std::optional<std::vector<EvaluatedPoint>>(const std::vector<double>& values)>;
/// Called after each round with the evaluations so far and the current bracket.
using SolveProgress = std::function<void(const SolveResult& sofar)>;

SolveResult solve(const SolveRequest& request, const SolveEvaluator& evaluate,
                  const SolveProgress& progress = {});

/// A value as the solver writes it into a point: 6 significant digits (integers whole), so
/// that point names and tables stay readable; the bracket is computed on these values.
double solveValue(double x, bool integer);

/// Runs points as `meridian-cli sweep` does: each value becomes a point of a one-axis sweep
/// (`axisPath`) of `project`, checked by buildPoints, run by runPoints into OUT/points (a
/// point finished by an earlier call is reused) and read back by pointRow. Every point runs
/// with the base seed (common random numbers: the curve compares values under the same draws).
class RunEvaluator
{
public:
    /// Resolves the axis (throws InputError as the sweep's --vary does).
    RunEvaluator(const io::Project& project, std::string file, const std::string& axisPath,
                 SweepSpec base, std::filesystem::path out, ExecutorOptions options,
                 std::string metric);

    /// The evaluator for solve(); throws InputError when a point does not build (its lines
    /// joined), or what runPoints throws.
    std::optional<std::vector<EvaluatedPoint>> operator()(const std::vector<double>& values);

    /// The table of every evaluated point, sorted by the axis value (the axis's values are
    /// those points' values, so the sweep's plots and writers take it as a one-axis sweep).
    Table table() const;
    const SweepSpec& spec() const { return m_spec; }
    SweepSpec tableSpec() const;

private:
    const io::Project& m_project;
    std::string m_file;
    SweepSpec m_spec; ///< the one axis, resolved; its values are set per call
    std::filesystem::path m_out;
    ExecutorOptions m_options;
    std::string m_metric;
    std::vector<std::string> m_wanLinks;
    std::vector<std::pair<double, nlohmann::ordered_json>> m_rows; ///< value → row
};

/// Writes OUT/solve.json (the request, the outcome, the answer and bracket, every evaluation
/// in the order it ran), OUT/solve.csv (the evaluations: run, round, value, figure, meets,
/// error) and the runs as a one-axis sweep, OUT/sweep.csv and OUT/sweep.json (writeTable).
void writeSolveFiles(const SolveRequest& request, const SolveResult& result,
                     const RunEvaluator& runs, const std::string& axisPath,
                     const std::string& topologyName, const std::filesystem::path& out);

} // namespace meridian::sweep
