#include "app/sweep/SweepTable.hpp"

#include "app/sweep/SweepExecutor.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Results.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace meridian::sweep {

namespace {

namespace fs = std::filesystem;

nlohmann::json readJson(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path.string(), "", "cannot read the point's results");
    // Read whole, then parsed: nlohmann's stream adapter reads character by character through
    // the stream, several times slower than parsing the text in memory (the table reads every
    // point's results.json on one thread, after the points ran).
    std::ostringstream text;
    text << in.rdbuf();
    nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw InputError(path.string(), "", "not a JSON object");
    return j;
}

void addTrainingFigures(const nlohmann::json& r, nlohmann::ordered_json& row)
{
    for (const auto& p : r.value("phases", nlohmann::json::array()))
        if (p.value("name", "") == "broadcast")
            row["broadcast_s"] = p.value("duration_s", 0.0);
    const nlohmann::json its = r.value("iterations", nlohmann::json::array());
    if (its.empty())
        return;
    const double n = static_cast<double>(its.size());
    const std::pair<const char*, const char*> means[] = {{"compute_s", "compute_s"},
                                                         {"intra_center_s", "intra_center_s"},
                                                         {"inter_center_s", "inter_center_s"},
                                                         {"update_s", "update_s"},
                                                         {"iteration_s", "total_s"}};
    for (const auto& [column, key] : means) {
        double sum = 0.0;
        for (const auto& it : its)
            sum += it.value(key, 0.0);
        row[column] = sum / n;
    }
    // The run's GPU effective compute, time-weighted by the engine's one formula (Results.hpp):
    // not the mean of the per-iteration ratios, which under DiLoCo counts the long outer
    // iteration like any inner step (INTELLECT-1's preset: 99.0 % where the GPUs compute
    // 88.5 % of the time; docs/sweeps.md).
    std::vector<experiment::IterationGpuTime> times;
    times.reserve(its.size());
    for (const auto& it : its)
        times.push_back({it.value("gpu_effective_compute_ratio", 0.0), it.value("total_s", 0.0)});
    row["gpu_effective_compute_ratio"] = experiment::gpuEffectiveCompute(times);
}

} // namespace

const std::vector<std::string>& figureColumns()
{
    static const std::vector<std::string> columns = {
        "total_s",        "broadcast_s", "compute_s",   "intra_center_s",
        "inter_center_s", "update_s",    "iteration_s", "gpu_effective_compute_ratio",
        "mean_s",         "min_s",       "max_s",       "algbw_gbps",
        "busbw_gbps"};
    return columns;
}

std::vector<std::string> wanLinkIds(const io::Project& project)
{
    const nlohmann::json doc = nlohmann::json::parse(io::serializeProject(project));
    std::map<std::string, std::pair<std::string, std::string>> node; // id → (kind, parent)
    for (const auto& n : doc.value("nodes", nlohmann::json::array()))
        node[n.value("id", "")] = {n.value("kind", ""), n.value("parent", "")};
    auto site = [&](std::string id) {
        std::string outermostCentre;
        for (int guard = 0; guard < 1000 && node.count(id); ++guard) {
            if (node[id].first == "center")
                outermostCentre = id;
            if (node[id].second.empty())
                break;
            id = node[id].second;
        }
        return outermostCentre.empty() ? id : outermostCentre;
    };
    std::vector<std::string> ids;
    for (const auto& l : doc.value("links", nlohmann::json::array()))
        if (site(l.value("a", "")) != site(l.value("b", "")))
            ids.push_back(l.value("id", ""));
    return ids;
}

nlohmann::ordered_json pointRow(const Point& point, const SweepSpec& spec,
                                const std::vector<std::string>& wanLinks, const fs::path& out)
{
    const fs::path dir = out / "points" / point.name;
    const nlohmann::json record = readJson(dir / "point.json");
    nlohmann::ordered_json row;
    row["point"] = point.name;
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        row[spec.axes[a].path] = spec.axes[a].values[point.value_index[a]];
    row["seed"] = point.seed;
    row["status"] = record.value("status", "");
    if (row["status"] != "ok") {
        row["error"] = record.value("error", "");
        return row;
    }
    const nlohmann::json r = readJson(dir / "results" / "results.json");
    row["total_s"] = r.value("total_s", 0.0);
    addTrainingFigures(r, row);
    if (auto c = r.find("collective"); c != r.end() && c->is_object())
        for (const char* key : {"mean_s", "min_s", "max_s", "algbw_gbps", "busbw_gbps"})
            row[key] = c->value(key, 0.0);
    std::map<std::string, double> bytes;
    for (const auto& l : r.value("links", nlohmann::json::array()))
        bytes[l.value("id", "")] = l.value("bytes", 0.0);
    for (const std::string& id : wanLinks)
        if (auto it = bytes.find(id); it != bytes.end())
            row["bytes." + id] = it->second;
    row["results"] = pointResultsFolder(point);
    return row;
}

Table makeTable(std::vector<nlohmann::ordered_json> rows, const SweepSpec& spec)
{
    Table t;
    auto add = [&](const std::string& c) {
        for (const auto& r : rows)
            if (r.contains(c)) {
                t.columns.push_back(c);
                return;
            }
    };
    add("point");
    for (const Axis& a : spec.axes)
        t.columns.push_back(a.path);
    add("seed");
    add("status");
    for (const std::string& c : figureColumns())
        add(c);
    std::vector<std::string> byteColumns;
    for (const auto& r : rows)
        for (auto it = r.begin(); it != r.end(); ++it)
            if (it.key().rfind("bytes.", 0) == 0 &&
                std::find(byteColumns.begin(), byteColumns.end(), it.key()) == byteColumns.end())
                byteColumns.push_back(it.key());
    for (const std::string& c : byteColumns)
        t.columns.push_back(c);
    add("results");
    add("error");
    t.rows = std::move(rows);
    return t;
}

std::string csvCell(const nlohmann::ordered_json& value)
{
    if (value.is_null())
        return "";
    if (!value.is_string())
        return value.dump();
    const std::string s = value.get<std::string>();
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

void writeTable(const Table& table, const SweepSpec& spec, const std::string& topologyName,
                const fs::path& out)
{
    std::ostringstream csv;
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        csv << (c ? "," : "") << csvCell(table.columns[c]);
    csv << "\n";
    for (const auto& row : table.rows) {
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
            const auto it = row.find(table.columns[c]);
            csv << (c ? "," : "") << (it == row.end() ? "" : csvCell(*it));
        }
        csv << "\n";
    }
    nlohmann::ordered_json j;
    j["format"] = "meridian.sweep";
    j["version"] = 1;
    j["topology"] = topologyName;
    j["zip"] = spec.zip;
    j["common_seed"] = spec.common_seed;
    nlohmann::ordered_json axes = nlohmann::ordered_json::array();
    for (const Axis& a : spec.axes)
        axes.push_back({{"path", a.path}, {"values", a.values}});
    j["axes"] = axes;
    j["columns"] = table.columns;
    j["points"] = table.rows;
    io::writeFileAtomically(out / "sweep.csv", csv.str());
    io::writeFileAtomically(out / "sweep.json", j.dump(2) + "\n");
}

} // namespace meridian::sweep
