#include "app/sweep/SweepSolver.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace meridian::sweep {

namespace {

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

/// The figure rises (+1) or falls (−1) towards the rich end of the axis: as the axis grows
/// for the goal "smallest", as it shrinks for "largest".
int expectedDirection(const SolveRequest& r)
{
    return (r.goal == SolveGoal::Smallest) == r.target.at_least ? +1 : -1;
}

/// The first pair of neighbours (by value) whose figures go against the expected direction.
std::optional<std::pair<const SolveEvaluation*, const SolveEvaluation*>>
monotoneBreak(const SolveRequest& r, const std::vector<SolveEvaluation>& evaluations)
{
    std::vector<const SolveEvaluation*> sorted;
    for (const SolveEvaluation& e : evaluations)
        sorted.push_back(&e);
    std::sort(sorted.begin(), sorted.end(),
              [](const auto* a, const auto* b) { return a->value < b->value; });
    double scale = 0.0;
    for (const auto* e : sorted)
        scale = std::max(scale, std::abs(e->metric));
    // Rounding in the results' last digits is never a break; more only when asked for.
    const double ties = std::max(1e-9, r.monotone_slack) * scale;
    const int d = expectedDirection(r);
    for (std::size_t i = 1; i < sorted.size(); ++i)
        if (d * (sorted[i]->metric - sorted[i - 1]->metric) < -ties)
            return std::pair{sorted[i - 1], sorted[i]};
    return std::nullopt;
}

bool converged(const SolveRequest& r, double pass, double fail)
{
    const double width = std::abs(pass - fail);
    if (r.integer && width <= 1.0)
        return true;
    return width <= r.rel_tolerance * std::abs(pass);
}

/// k values evenly spaced strictly inside (pass, fail), on the request's scale, rounded as the
/// solver writes values; values equal to an end or to each other are dropped.
std::vector<double> splitPoints(const SolveRequest& r, double pass, double fail, int k)
{
    const auto to = [&](double x) { return r.log_scale ? std::log(x) : x; };
    const auto from = [&](double u) { return r.log_scale ? std::exp(u) : u; };
    std::vector<double> out;
    for (int i = 1; i <= k; ++i) {
        const double u = to(pass) + (to(fail) - to(pass)) * i / (k + 1);
        const double x = solveValue(from(u), r.integer);
        const bool inside = (x - pass) * (x - fail) < 0;
        if (inside && std::find(out.begin(), out.end(), x) == out.end())
            out.push_back(x);
    }
    return out;
}

/// A value as the point's file and the tables hold it: an integer when whole.
nlohmann::json valueJson(double v)
{
    if (v == std::floor(v) && std::abs(v) < 9007199254740992.0)
        return static_cast<long long>(v);
    return v;
}

std::string endsText(const SolveRequest& r, const SolveResult& s)
{
    std::string text;
    for (const SolveEvaluation& e : s.evaluations)
        if (e.round == 0)
            text += (text.empty() ? "" : ", ") + r.target.metric + " = " + number(e.metric) +
                    " at " + number(e.value);
    return text;
}

} // namespace

std::string SolveTarget::text() const
{
    return metric + (at_least ? ">=" : "<=") + number(value);
}

SolveTarget parseSolveTarget(const std::string& text, const std::string& file,
                             const std::string& where)
{
    SolveTarget t;
    std::size_t op = text.find(">=");
    t.at_least = op != std::string::npos;
    if (!t.at_least)
        op = text.find("<=");
    if (op == std::string::npos || op == 0)
        throw InputError(file, where,
                         "'" + text +
                             "' is not METRIC>=VALUE or METRIC<=VALUE "
                             "(e.g. gpu_effective_compute_ratio>=0.5)");
    t.metric = text.substr(0, op);
    const std::string value = text.substr(op + 2);
    char* end = nullptr;
    t.value = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(t.value))
        throw InputError(file, where, "'" + value + "' is not a number (in '" + text + "')");
    std::vector<std::string> known = figureColumns();
    if (std::find(known.begin(), known.end(), t.metric) == known.end() &&
        t.metric.rfind("bytes.", 0) != 0) {
        std::string list;
        for (const std::string& k : known)
            list += (list.empty() ? "" : ", ") + k;
        throw InputError(file, where,
                         "'" + t.metric + "' is not a figure of the table (" + list +
                             ", bytes.<link id>)");
    }
    return t;
}

void checkSolveRequest(const SolveRequest& r, const std::string& file)
{
    if (!std::isfinite(r.lo) || !std::isfinite(r.hi) || !(r.lo < r.hi))
        throw InputError(file, "--range",
                         "needs LO < HI (got " + number(r.lo) + ":" + number(r.hi) + ")");
    if (r.log_scale && !(r.lo > 0))
        throw InputError(file, "--range", "a --log range needs LO above 0");
    if (r.integer && (r.lo != std::floor(r.lo) || r.hi != std::floor(r.hi)))
        throw InputError(file, "--range", "an --integer range needs whole LO and HI");
    if (!(r.rel_tolerance > 0 && r.rel_tolerance < 1))
        throw InputError(file, "--tolerance", "must be in (0, 1) (0.01 = 1 %)");
    if (r.max_runs < 3 || r.max_runs > 1000)
        throw InputError(file, "--max-runs", "must be in [3, 1000]");
    if (r.batch < 1)
        throw InputError(file, "--jobs", "must be at least 1");
    if (!(r.monotone_slack >= 0 && r.monotone_slack < 1))
        throw InputError(file, "--monotone-slack", "must be in [0, 1) (0.01 = 1 %)");
}

double solveValue(double x, bool integer)
{
    if (integer)
        return std::round(x);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return std::strtod(buf, nullptr);
}

SolveResult solve(const SolveRequest& r, const SolveEvaluator& evaluate,
                  const SolveProgress& progress)
{
    SolveResult s;
    int round = 0;
    // Runs `values` as one round; false when the solve must stop (s.outcome says why).
    auto run = [&](const std::vector<double>& values) {
        const auto got = evaluate(values);
        if (!got) {
            s.outcome = SolveOutcome::Interrupted;
            s.message = "interrupted after " + std::to_string(s.evaluations.size()) + " runs";
            return false;
        }
        for (std::size_t i = 0; i < values.size(); ++i) {
            const EvaluatedPoint& p = got->at(i);
            SolveEvaluation e{values[i], p.metric, false, round, p.error};
            if (!p.error.empty() || !std::isfinite(p.metric)) {
                e.metric = std::numeric_limits<double>::quiet_NaN();
                s.evaluations.push_back(e);
                s.outcome = SolveOutcome::RunFailed;
                s.message = "the run at " + number(values[i]) + " failed: " +
                            (p.error.empty() ? "no figure " + r.target.metric : p.error);
                return false;
            }
            e.meets = r.target.meets(e.metric);
            s.evaluations.push_back(e);
        }
        ++round;
        if (auto broken = monotoneBreak(r, s.evaluations)) {
            const auto [a, b] = *broken;
            s.outcome = SolveOutcome::NotMonotone;
            s.message = r.target.metric +
                        " is not monotone over the evaluated points: " + number(a->metric) +
                        " at " + number(a->value) + ", " + number(b->metric) + " at " +
                        number(b->value) + " (it should " +
                        (expectedDirection(r) > 0 ? "rise" : "fall") +
                        " as the value grows); the solver assumes a monotone curve and does "
                        "not guess: sweep the range to see it";
            return false;
        }
        return true;
    };
    const double cheap = r.goal == SolveGoal::Smallest ? r.lo : r.hi;
    const double rich = r.goal == SolveGoal::Smallest ? r.hi : r.lo;
    if (!run({solveValue(r.lo, r.integer), solveValue(r.hi, r.integer)}))
        return s;
    const SolveEvaluation& atCheap = s.evaluations[r.goal == SolveGoal::Smallest ? 0 : 1];
    const SolveEvaluation& atRich = s.evaluations[r.goal == SolveGoal::Smallest ? 1 : 0];
    if (!atRich.meets) {
        s.outcome = SolveOutcome::NotReached;
        s.message = "the target " + r.target.text() + " is not met anywhere in [" + number(r.lo) +
                    ", " + number(r.hi) + "] (" + endsText(r, s) + "): widen the range towards " +
                    number(rich) + "'s side, or the target is out of reach of this axis";
        return s;
    }
    if (atCheap.meets) {
        s.outcome = SolveOutcome::MetAtCheapEnd;
        s.message = "the target " + r.target.text() + " is already met at the cheap end " +
                    number(cheap) + " (" + endsText(r, s) + "): move that end of the range";
        return s;
    }
    s.pass = atRich.value;
    s.fail = atCheap.value;
    if (progress)
        progress(s);
    while (!converged(r, s.pass, s.fail)) {
        const int left = r.max_runs - static_cast<int>(s.evaluations.size());
        const std::vector<double> mids =
            splitPoints(r, s.pass, s.fail, std::min(r.batch, std::max(left, 0)));
        if (mids.empty()) {
            if (left > 0) // the 6-digit values cannot split the bracket any further
                break;
            s.outcome = SolveOutcome::RunLimit;
            s.message = "no answer within the tolerance after " + std::to_string(r.max_runs) +
                        " runs (--max-runs): the bracket is [" + number(std::min(s.pass, s.fail)) +
                        ", " + number(std::max(s.pass, s.fail)) + "]";
            return s;
        }
        if (!run(mids))
            return s;
        // From the passing end towards the failing end: the new bracket is where it flips.
        std::vector<const SolveEvaluation*> line;
        for (const SolveEvaluation& e : s.evaluations)
            if ((e.value - s.pass) * (e.value - s.fail) < 0)
                line.push_back(&e);
        std::sort(line.begin(), line.end(), [&](const auto* a, const auto* b) {
            return std::abs(a->value - s.pass) < std::abs(b->value - s.pass);
        });
        double pass = s.pass, fail = s.fail;
        for (const auto* e : line) {
            if (!e->meets) {
                fail = e->value;
                break;
            }
            pass = e->value;
        }
        s.pass = pass;
        s.fail = fail;
        if (progress)
            progress(s);
    }
    s.outcome = SolveOutcome::Solved;
    s.answer = s.pass;
    double atAnswer = 0.0;
    for (const SolveEvaluation& e : s.evaluations)
        if (e.value == s.answer)
            atAnswer = e.metric;
    s.message = std::string(r.goal == SolveGoal::Smallest ? "smallest" : "largest") +
                " value meeting " + r.target.text() + ": " + number(s.answer) + " (" +
                r.target.metric + " = " + number(atAnswer) + "); bracket [" +
                number(std::min(s.pass, s.fail)) + ", " + number(std::max(s.pass, s.fail)) + "], " +
                std::to_string(s.evaluations.size()) + " runs";
    return s;
}

// --- Runs ----------------------------------------------------------------------------------

RunEvaluator::RunEvaluator(const io::Project& project, std::string file,
                           const std::string& axisPath, SweepSpec base, std::filesystem::path out,
                           ExecutorOptions options, std::string metric)
    : m_project(project), m_file(std::move(file)), m_spec(std::move(base)), m_out(std::move(out)),
      m_options(std::move(options)), m_metric(std::move(metric)), m_wanLinks(wanLinkIds(project))
{
    Axis axis;
    axis.path = axisPath;
    axis.origin = "--vary " + axisPath; // errors read as the sweep's
    axis.values = {0};
    m_spec.axes = {axis};
    m_spec.zip = false;
    m_spec.common_seed = true;
    resolveAxes(m_spec, m_project, m_file);
}

std::optional<std::vector<EvaluatedPoint>>
RunEvaluator::operator()(const std::vector<double>& values)
{
    SweepSpec spec = m_spec;
    spec.axes[0].values.clear();
    for (double v : values)
        spec.axes[0].values.push_back(valueJson(v));
    const PointsResult built = buildPoints(spec, m_project, m_file);
    if (!built.errors.empty()) {
        std::string lines;
        for (const std::string& e : built.errors)
            lines += (lines.empty() ? "" : "\n") + e;
        throw InputError(lines);
    }
    std::vector<std::size_t> all(built.points.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = i;
    const ExecutorReport report = runPoints(built.points, all, spec, m_out, m_options);
    if (report.interrupted)
        return std::nullopt;
    std::vector<EvaluatedPoint> out;
    for (std::size_t i = 0; i < built.points.size(); ++i) {
        nlohmann::ordered_json row = pointRow(built.points[i], spec, m_wanLinks, m_out);
        EvaluatedPoint p;
        if (row.value("status", "") != "ok")
            p.error = row.value("error", std::string("the run failed"));
        else if (auto it = row.find(m_metric); it != row.end() && it->is_number())
            p.metric = it->get<double>();
        else
            p.error = "its results have no figure " + m_metric;
        out.push_back(p);
        m_rows.emplace_back(values[i], std::move(row));
    }
    return out;
}

SweepSpec RunEvaluator::tableSpec() const
{
    std::vector<std::pair<double, nlohmann::ordered_json>> rows = m_rows;
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    SweepSpec spec = m_spec;
    spec.axes[0].values.clear();
    for (const auto& [value, row] : rows)
        spec.axes[0].values.push_back(row.at(spec.axes[0].path));
    return spec;
}

Table RunEvaluator::table() const
{
    std::vector<std::pair<double, nlohmann::ordered_json>> rows = m_rows;
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<nlohmann::ordered_json> only;
    for (auto& [value, row] : rows)
        only.push_back(std::move(row));
    return makeTable(std::move(only), tableSpec());
}

void writeSolveFiles(const SolveRequest& r, const SolveResult& s, const RunEvaluator& runs,
                     const std::string& axisPath, const std::string& topologyName,
                     const std::filesystem::path& out)
{
    writeTable(runs.table(), runs.tableSpec(), topologyName, out);
    std::ostringstream csv;
    csv << "run,round," << csvCell(axisPath) << "," << csvCell(r.target.metric) << ",meets,error\n";
    for (std::size_t i = 0; i < s.evaluations.size(); ++i) {
        const SolveEvaluation& e = s.evaluations[i];
        csv << i + 1 << "," << e.round << "," << csvCell(valueJson(e.value)) << ","
            << (std::isfinite(e.metric) ? csvCell(e.metric) : std::string()) << ","
            << (e.meets ? "true" : "false") << "," << csvCell(e.error) << "\n";
    }
    io::writeFileAtomically(out / "solve.csv", csv.str());

    static const char* kOutcomes[] = {"solved",       "not_reached", "met_at_cheap_end",
                                      "not_monotone", "run_failed",  "run_limit",
                                      "interrupted"};
    nlohmann::ordered_json j;
    j["format"] = "meridian.solve";
    j["version"] = 1;
    j["topology"] = topologyName;
    j["axis"] = axisPath;
    j["range"] = {r.lo, r.hi};
    j["log"] = r.log_scale;
    j["integer"] = r.integer;
    j["goal"] = r.goal == SolveGoal::Smallest ? "smallest" : "largest";
    j["target"] = {{"metric", r.target.metric},
                   {"op", r.target.at_least ? ">=" : "<="},
                   {"value", r.target.value}};
    j["tolerance"] = r.rel_tolerance;
    j["monotone_slack"] = r.monotone_slack;
    j["outcome"] = kOutcomes[static_cast<int>(s.outcome)];
    if (s.solved())
        j["answer"] = valueJson(s.answer);
    else
        j["answer"] = nullptr;
    if (s.solved() || s.outcome == SolveOutcome::RunLimit)
        j["bracket"] = {std::min(s.pass, s.fail), std::max(s.pass, s.fail)};
    j["runs"] = s.evaluations.size();
    j["message"] = s.message;
    nlohmann::ordered_json evals = nlohmann::ordered_json::array();
    for (const SolveEvaluation& e : s.evaluations) {
        nlohmann::ordered_json row;
        row["round"] = e.round;
        row["value"] = valueJson(e.value);
        if (std::isfinite(e.metric))
            row[r.target.metric] = e.metric;
        else
            row[r.target.metric] = nullptr;
        row["meets"] = e.meets;
        if (!e.error.empty())
            row["error"] = e.error;
        evals.push_back(row);
    }
    j["evaluations"] = evals;
    io::writeFileAtomically(out / "solve.json", j.dump(2) + "\n");
}

} // namespace meridian::sweep
