#include "app/sweep/SweepSpec.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/JsonPointer.hpp"
#include "meridian/topology/AttributeTable.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <thread>

namespace meridian::sweep {

namespace {

constexpr const char* kCommandLine = "command line";
/// The experiment's seed range ends at 2^53 − 1, so that every seed survives JSON exactly.
constexpr std::uint64_t kSeedMask = (std::uint64_t{1} << 53) - 1;
/// Point folder names longer than this become "p-<hash>" (file systems allow 255 bytes).
constexpr std::size_t kMaxNameBytes = 120;

std::vector<std::string> split(const std::string& text, char sep)
{
    std::vector<std::string> parts;
    std::string part;
    std::stringstream in(text);
    while (std::getline(in, part, sep))
        parts.push_back(part);
    if (!text.empty() && text.back() == sep)
        parts.emplace_back();
    return parts;
}

std::optional<double> parseNumber(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// A range value rounded to 12 significant digits (0.1 + 0.2 ≠ 0.3 stays out of tables),
/// as a JSON integer when it is a whole number that a double holds exactly.
nlohmann::json rangeValue(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.12g", v);
    const double rounded = std::strtod(buf, nullptr);
    if (rounded == std::floor(rounded) && std::abs(rounded) < 9007199254740992.0)
        return static_cast<long long>(rounded);
    return rounded;
}

/// "start:stop:steps" or "log:start:stop:steps".
std::vector<nlohmann::json> parseRange(const std::string& item, const std::string& file,
                                       const std::string& where, bool& logRange)
{
    std::vector<std::string> parts = split(item, ':');
    logRange = !parts.empty() && parts[0] == "log";
    if (logRange)
        parts.erase(parts.begin());
    const std::string form = logRange ? "log:start:stop:steps" : "start:stop:steps";
    if (parts.size() != 3)
        throw InputError(file, where, "'" + item + "' is not a range " + form);
    const auto start = parseNumber(parts[0]);
    const auto stop = parseNumber(parts[1]);
    const auto steps = parseNumber(parts[2]);
    if (!start || !stop)
        throw InputError(file, where, "range '" + item + "': start and stop must be numbers");
    if (!steps || *steps < 1 || *steps != std::floor(*steps) || *steps > 100000)
        throw InputError(file, where,
                         "range '" + item + "': steps must be a whole number in [1, 100000]");
    if (logRange && !(*start > 0 && *stop > 0))
        throw InputError(file, where,
                         "range '" + item + "': a log range needs start and stop above 0");
    const int n = static_cast<int>(*steps);
    std::vector<nlohmann::json> values;
    for (int i = 0; i < n; ++i) {
        const double t = n == 1 ? 0.0 : static_cast<double>(i) / (n - 1);
        const double v =
            logRange ? *start * std::pow(*stop / *start, t) : *start + (*stop - *start) * t;
        values.push_back(rangeValue(i == n - 1 && n > 1 ? *stop : v));
    }
    return values;
}

/// One value as typed: JSON when it reads as JSON (1e-6, true, "quoted"), else a string.
nlohmann::json scalarValue(const std::string& item)
{
    nlohmann::json v = nlohmann::json::parse(item, nullptr, /*allow_exceptions=*/false);
    if (v.is_discarded() || v.is_object() || v.is_array())
        return item;
    return v;
}

bool isIndex(const std::string& c)
{
    return !c.empty() && c.size() < 10 &&
           std::all_of(c.begin(), c.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

/// Whether `items` is a non-empty array of objects that each carry a string "id".
bool hasIds(const nlohmann::json& items)
{
    return !items.empty() && std::all_of(items.begin(), items.end(), [](const nlohmann::json& e) {
        return e.is_object() && e.contains("id") && e["id"].is_string();
    });
}

/// The element of `items` (nodes or links of the canonical file, or an array of objects with ids)
/// whose id `rest` starts with, followed by '.': the longest such id, so ids may hold dots. Returns
/// its index and the rest.
std::pair<std::size_t, std::string> findById(const nlohmann::json& items, const std::string& rest,
                                             const std::string& what, const std::string& file,
                                             const std::string& where)
{
    std::size_t best = items.size();
    std::size_t bestLength = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string id = items[i].value("id", "");
        if (!id.empty() && rest.size() > id.size() + 1 && rest.compare(0, id.size(), id) == 0 &&
            rest[id.size()] == '.' && id.size() > bestLength) {
            best = i;
            bestLength = id.size();
        }
    }
    if (best == items.size()) {
        std::string ids;
        for (std::size_t i = 0; i < items.size() && i < 12; ++i)
            ids += (i ? ", " : "") + items[i].value("id", "");
        if (items.size() > 12)
            ids += ", …";
        throw InputError(file, where,
                         "no " + what + " id starts '" + rest + "' followed by '.' and a key (" +
                             what + "s: " + (ids.empty() ? "none" : ids) + ")");
    }
    return {best, rest.substr(bestLength + 1)};
}

/// The alternative key of a link, node or fabric attribute: alias ↔ canonical key, and the
/// other key of its group (queue_pkts ↔ queue_bytes). Writing one removes the others, as a
/// hand edit replacing the value would.
std::vector<std::string> twinKeys(const std::string& key)
{
    std::vector<std::string> twins;
    for (const auto* table : {&topology::linkAttributeTable(), &topology::nodeAttributeTable(),
                              &topology::fabricAttributeTable()})
        for (const auto& row : *table) {
            if (row.key != key && row.alias != key)
                continue;
            for (const std::string& k : {row.key, row.alias})
                if (!k.empty() && k != key)
                    twins.push_back(k);
            if (!row.group.empty())
                for (const auto& other : *table)
                    if (other.group == row.group && other.key != row.key) {
                        twins.push_back(other.key);
                        if (!other.alias.empty())
                            twins.push_back(other.alias);
                    }
        }
    return twins;
}

/// The canonical JSON of a project: what writeProject writes.
nlohmann::json canonicalJson(const io::Project& project)
{
    return nlohmann::json::parse(io::serializeProject(project));
}

void setAt(nlohmann::json& doc, const Axis& axis, const nlohmann::json& value)
{
    const nlohmann::json::json_pointer ptr(axis.pointer);
    // Intermediate objects that are absent are created (experiment.comm.channels in a file
    // without "comm"); resolveAxes made sure that nothing in the way is a scalar.
    doc[ptr] = value;
    const std::string key = ptr.back();
    nlohmann::json& parent = doc[ptr.parent_pointer()];
    if (axis.pointer.rfind("/links/", 0) == 0 || axis.pointer.rfind("/nodes/", 0) == 0)
        for (const std::string& twin : twinKeys(key))
            parent.erase(twin);
}

std::string sanitize(const std::string& text)
{
    std::string out;
    for (unsigned char c : text)
        out += (std::isalnum(c) || c == '.' || c == '-' || c == '_' || c == '+') ? char(c) : '_';
    return out;
}

std::uint64_t fnv1a(const std::string& text)
{
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

/// Axis short names for folder names: the last path component, or the whole path where two
/// axes share it.
std::vector<std::string> shortNames(const std::vector<Axis>& axes)
{
    std::vector<std::string> names;
    for (const Axis& a : axes)
        names.push_back(a.path.substr(a.path.rfind('.') + 1));
    for (std::size_t i = 0; i < axes.size(); ++i)
        if (std::count(names.begin(), names.end(), names[i]) > 1)
            for (std::size_t j = 0; j < axes.size(); ++j)
                if (j != i && names[j] == names[i])
                    names[j] = axes[j].path;
    for (std::size_t i = 0; i < axes.size(); ++i)
        if (std::count(names.begin(), names.end(), names[i]) > 1)
            names[i] = axes[i].path;
    return names;
}

std::vector<std::vector<std::size_t>> valueIndices(const SweepSpec& spec)
{
    std::vector<std::vector<std::size_t>> out;
    if (spec.axes.empty())
        return out;
    if (spec.zip) {
        for (std::size_t i = 0; i < spec.axes[0].values.size(); ++i)
            out.emplace_back(spec.axes.size(), i);
        return out;
    }
    std::vector<std::size_t> idx(spec.axes.size(), 0);
    while (true) {
        out.push_back(idx);
        std::size_t k = spec.axes.size();
        while (k > 0) {
            --k;
            if (++idx[k] < spec.axes[k].values.size())
                break;
            idx[k] = 0;
            if (k == 0)
                return out;
        }
    }
}

/// The file's experiment seed (1 when the experiment gives none, the engine's default).
std::uint64_t fileSeed(const nlohmann::json& experiment)
{
    if (experiment.is_object())
        if (auto it = experiment.find("seed");
            it != experiment.end() && it->is_number_integer() && it->get<long long>() >= 0)
            return it->get<std::uint64_t>(); // the reader refuses other seeds before any run
    return 1;
}

} // namespace

std::string Axis::label(std::size_t i) const
{
    const nlohmann::json& v = values.at(i);
    return v.is_string() ? v.get<std::string>() : v.dump();
}

bool Axis::numeric() const
{
    return std::all_of(values.begin(), values.end(),
                       [](const nlohmann::json& v) { return v.is_number(); });
}

std::vector<nlohmann::json> parseValueList(const std::string& text, const std::string& file,
                                           const std::string& where, bool* logRange)
{
    std::vector<nlohmann::json> values;
    bool anyLog = false;
    for (const std::string& raw : split(text, ',')) {
        if (raw.empty())
            throw InputError(file, where, "empty value in '" + text + "'");
        if (raw.rfind("log:", 0) == 0 ||
            (raw.find(':') != std::string::npos && split(raw, ':').size() == 3 &&
             parseNumber(split(raw, ':')[0]))) {
            bool isLog = false;
            for (auto& v : parseRange(raw, file, where, isLog))
                values.push_back(std::move(v));
            anyLog = anyLog || isLog;
        } else {
            values.push_back(scalarValue(raw));
        }
    }
    if (values.empty())
        throw InputError(file, where, "no values");
    if (logRange)
        *logRange = anyLog;
    return values;
}

Axis parseVaryArgument(const std::string& argument)
{
    const auto eq = argument.find('=');
    const std::string where = "--vary " + argument;
    if (eq == std::string::npos || eq == 0)
        throw InputError(kCommandLine, where,
                         "expected PATH=VALUES, e.g. links.cd-hub.loss=0,1e-6,1e-5");
    Axis axis;
    axis.path = argument.substr(0, eq);
    axis.origin = "--vary " + axis.path;
    axis.values = parseValueList(argument.substr(eq + 1), kCommandLine, where, &axis.log_range);
    return axis;
}

void parseSweepSection(const nlohmann::json& section, const std::string& file, SweepSpec& spec)
{
    if (!section.is_object())
        throw InputError(file, "/sweep", "must be an object with \"axes\"");
    for (auto it = section.begin(); it != section.end(); ++it)
        if (it.key() != "axes" && it.key() != "zip" && it.key() != "common_seed")
            throw InputError(file, "/sweep/" + io::jsonPointerToken(it.key()),
                             "unknown key '" + it.key() + "' (expected axes, zip, common_seed)");
    for (const char* flag : {"zip", "common_seed"})
        if (auto it = section.find(flag); it != section.end()) {
            if (!it->is_boolean())
                throw InputError(file, std::string("/sweep/") + flag, "must be true or false");
            (std::string(flag) == "zip" ? spec.zip : spec.common_seed) = it->get<bool>();
        }
    const auto axes = section.find("axes");
    if (axes == section.end() || !axes->is_array() || axes->empty())
        throw InputError(file, "/sweep/axes", "must be a non-empty array of axes");
    for (std::size_t i = 0; i < axes->size(); ++i) {
        const std::string at = "/sweep/axes/" + std::to_string(i);
        const nlohmann::json& a = (*axes)[i];
        if (!a.is_object())
            throw InputError(file, at, "must be an object with \"path\" and \"values\"");
        for (auto it = a.begin(); it != a.end(); ++it)
            if (it.key() != "path" && it.key() != "values")
                throw InputError(file, at + "/" + io::jsonPointerToken(it.key()),
                                 "unknown key '" + it.key() + "' (expected path, values)");
        Axis axis;
        axis.origin = at;
        const auto path = a.find("path");
        if (path == a.end() || !path->is_string() || path->get<std::string>().empty())
            throw InputError(file, at + "/path", "must be a non-empty string");
        axis.path = path->get<std::string>();
        const auto values = a.find("values");
        if (values == a.end())
            throw InputError(file, at + "/values", "missing (an array, or a range string)");
        if (values->is_string()) {
            axis.values =
                parseValueList(values->get<std::string>(), file, at + "/values", &axis.log_range);
        } else if (values->is_array() && !values->empty()) {
            for (std::size_t k = 0; k < values->size(); ++k) {
                const nlohmann::json& v = (*values)[k];
                if (v.is_object() || v.is_array() || v.is_null())
                    throw InputError(file, at + "/values/" + std::to_string(k),
                                     "must be a number, a string or a Boolean");
                axis.values.push_back(v);
            }
        } else {
            throw InputError(file, at + "/values",
                             "must be a non-empty array or a range string such as "
                             "\"log:1e-6:1e-3:4\"");
        }
        spec.axes.push_back(std::move(axis));
    }
}

void resolveAxes(SweepSpec& spec, const io::Project& project, const std::string& file)
{
    if (spec.axes.empty())
        throw InputError(file, "/sweep",
                         "nothing to vary: give --vary PATH=VALUES or a \"sweep\" section");
    if (!project.experiment.is_object())
        throw InputError(file, "/experiment", "a sweep needs an experiment to run");
    const nlohmann::json doc = canonicalJson(project);
    std::set<std::string> pointers;
    for (Axis& axis : spec.axes) {
        const std::string errFile = axis.origin.rfind("--vary", 0) == 0 ? kCommandLine : file;
        const std::string where =
            axis.origin.rfind("--vary", 0) == 0 ? axis.origin : axis.origin + "/path";
        const auto dot = axis.path.find('.');
        const std::string head = axis.path.substr(0, dot);
        if (dot == std::string::npos || dot + 1 >= axis.path.size())
            throw InputError(errFile, where,
                             "'" + axis.path +
                                 "' is not a path: expected links.<id>.<key>, nodes.<id>.<key> "
                                 "or experiment.<key>");
        std::string rest = axis.path.substr(dot + 1);
        std::string pointer;
        if (head == "links" || head == "nodes") {
            const auto [index, keys] =
                findById(doc[head], rest, head == "links" ? "link" : "node", errFile, where);
            pointer = "/" + head + "/" + std::to_string(index);
            rest = keys;
            if (rest == "id" || rest == "a" || rest == "b" || rest == "parent" || rest == "kind")
                throw InputError(errFile, where,
                                 "'" + rest + "' names the graph itself and cannot be swept");
        } else if (head == "experiment") {
            pointer = "/experiment";
        } else {
            throw InputError(errFile, where,
                             "'" + head +
                                 "' cannot be swept: a path starts with links, nodes or "
                                 "experiment");
        }
        const nlohmann::json* at = &doc[nlohmann::json::json_pointer(pointer)];
        if (rest.empty() || rest.back() == '.')
            throw InputError(errFile, where, "empty key in '" + axis.path + "'");
        while (!rest.empty()) {
            const auto next = rest.find('.');
            const std::string c = rest.substr(0, next);
            const std::string after = next == std::string::npos ? "" : rest.substr(next + 1);
            if (c.empty())
                throw InputError(errFile, where, "empty key in '" + axis.path + "'");
            if (at && at->is_array() && !isIndex(c) && hasIds(*at)) {
                // An array of objects with ids (experiment.traffic.generators, triggers) by
                // id, as links and nodes are: the longest id that fits, so ids may hold dots.
                std::string what = pointer.substr(pointer.rfind('/') + 1);
                if (what.size() > 1 && what.back() == 's')
                    what.pop_back();
                const auto [index, keys] = findById(*at, rest, what, errFile, where);
                if (keys == "id" || keys.rfind("id.", 0) == 0)
                    throw InputError(errFile, where,
                                     "'id' names the " + what + " and cannot be swept");
                at = &(*at)[index];
                pointer += "/" + std::to_string(index);
                rest = keys;
                continue;
            }
            rest = after;
            if (at && at->is_array()) {
                if (!isIndex(c) || std::stoul(c) >= at->size())
                    throw InputError(errFile, where,
                                     "'" + c + "' is not an index of the array at " + pointer +
                                         " (0 to " + std::to_string(at->size()) + " − 1)");
                at = &(*at)[std::stoul(c)];
            } else if (at && at->is_object()) {
                auto it = at->find(c);
                at = it == at->end() ? nullptr : &*it;
            } else if (at) {
                throw InputError(errFile, where,
                                 pointer + " is a value, not an object: '" + c +
                                     "' cannot be below it");
            }
            pointer += "/" + io::jsonPointerToken(c);
        }
        if (!pointers.insert(pointer).second)
            throw InputError(errFile, where, "the same value (" + pointer + ") is varied twice");
        axis.pointer = pointer;
    }
    if (spec.zip)
        for (const Axis& a : spec.axes)
            if (a.values.size() != spec.axes[0].values.size())
                throw InputError(kCommandLine, "--zip",
                                 "zipped axes need equal lengths: " + spec.axes[0].path + " has " +
                                     std::to_string(spec.axes[0].values.size()) + " values, " +
                                     a.path + " " + std::to_string(a.values.size()));
}

std::uint64_t derivePointSeed(std::uint64_t baseSeed,
                              const std::vector<std::pair<std::string, std::string>>& values)
{
    auto sorted = values;
    std::sort(sorted.begin(), sorted.end());
    std::string text = "meridian.sweep\n" + std::to_string(baseSeed) + "\n";
    for (const auto& [path, value] : sorted)
        text += path + "=" + value + "\n";
    // SplitMix64's finaliser spreads FNV's low bits over the whole word.
    std::uint64_t z = fnv1a(text) + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return z & kSeedMask;
}

namespace {

/// One point's file checked as a hand-edited file would be: the reader's every check, then the
/// run's own (its plan: collective names, routes between centres).
struct PointCheck
{
    std::string topo_text; ///< the canonical text, when the file loads
    std::vector<InputError> errors;
    std::vector<std::string> warnings;
    std::exception_ptr failure; ///< anything but an InputError, rethrown by buildPoints
};

PointCheck checkPoint(const std::string& text, const std::string& file)
{
    PointCheck c;
    try {
        const io::ProjectLoadResult load = io::loadProject(text, file);
        if (!load.ok()) {
            c.errors = load.errors;
            return c;
        }
        c.topo_text = io::serializeProject(*load.project);
        experiment::RunOptions options;
        options.topology_name = file;
        experiment::Runner check(*load.project, options);
        c.warnings = check.spec().warnings;
        // A run cancelled before it starts plans everything, then stops at its first phase.
        check.cancel();
        try {
            check.run(nullptr);
        } catch (const experiment::RunCancelled&) {
        }
    } catch (const InputError& e) {
        c.errors.push_back(e);
    } catch (...) {
        c.failure = std::current_exception();
    }
    return c;
}

/// checkPoint of every text, on the hardware's threads (each check is independent and the
/// engine keeps no mutable global state, as for the points' runs), in the texts' order.
std::vector<PointCheck> checkPoints(const std::vector<std::string>& texts, const std::string& file)
{
    std::vector<PointCheck> checks(texts.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next.fetch_add(1); i < texts.size(); i = next.fetch_add(1))
            checks[i] = checkPoint(texts[i], file);
    };
    const std::size_t threads =
        std::min<std::size_t>(texts.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (auto& t : pool)
        t.join();
    return checks;
}

} // namespace

PointsResult buildPoints(const SweepSpec& spec, const io::Project& project, const std::string& file)
{
    PointsResult result;
    nlohmann::json base = canonicalJson(project);
    base.erase("sweep");
    // A model file is found relative to the .topo; the point's .topo lives elsewhere.
    if (auto& m = base["experiment"]; m.contains("model") && m["model"].is_object() &&
                                      m["model"].contains("file") &&
                                      m["model"]["file"].is_string()) {
        const std::filesystem::path model = m["model"]["file"].get<std::string>();
        if (model.is_relative())
            m["model"]["file"] =
                std::filesystem::absolute(std::filesystem::path(file).parent_path() / model)
                    .lexically_normal()
                    .string();
    }
    if (spec.iterations)
        base["experiment"]["iterations"] = *spec.iterations;
    const std::uint64_t baseSeed = spec.base_seed.value_or(fileSeed(base["experiment"]));
    const std::vector<std::string> names = shortNames(spec.axes);
    std::set<std::string> seenErrors, seenWarnings, seenNames;
    std::vector<Point> candidates;
    std::vector<std::string> contexts, texts;
    for (const std::vector<std::size_t>& idx : valueIndices(spec)) {
        Point p;
        p.value_index = idx;
        nlohmann::json doc = base;
        std::vector<std::pair<std::string, std::string>> pairs;
        std::string name, context;
        bool seedAxis = false;
        for (std::size_t a = 0; a < spec.axes.size(); ++a) {
            const Axis& axis = spec.axes[a];
            setAt(doc, axis, axis.values[idx[a]]);
            pairs.emplace_back(axis.path, axis.values[idx[a]].dump());
            name += (a ? "," : "") + sanitize(names[a]) + "=" + sanitize(axis.label(idx[a]));
            context += (a ? ", " : "") + axis.path + "=" + axis.label(idx[a]);
            seedAxis = seedAxis || axis.pointer == "/experiment/seed";
        }
        if (!seedAxis) {
            p.seed = spec.common_seed ? baseSeed : derivePointSeed(baseSeed, pairs);
            doc["experiment"]["seed"] = p.seed;
        } else {
            p.seed = fileSeed(doc["experiment"]);
        }
        if (name.size() > kMaxNameBytes || !seenNames.insert(name).second) {
            char hash[32];
            std::snprintf(hash, sizeof hash, "p-%016llx",
                          static_cast<unsigned long long>(fnv1a(context)));
            name = hash;
        }
        p.name = name;
        candidates.push_back(std::move(p));
        contexts.push_back(context);
        texts.push_back(doc.dump(2) + "\n");
    }
    // The points' files checked in parallel, reported in point order as one thread would.
    const std::vector<PointCheck> checks = checkPoints(texts, file);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const PointCheck& c = checks[i];
        if (c.failure)
            std::rethrow_exception(c.failure);
        for (const std::string& w : c.warnings)
            if (seenWarnings.insert(w).second)
                result.warnings.push_back(w);
        for (const InputError& e : c.errors) {
            const std::string line = InputError(file, e.location(), e.problem()).what() +
                                     std::string(" (point ") + contexts[i] + ")";
            if (seenErrors.insert(line).second)
                result.errors.push_back(line);
        }
        if (!c.errors.empty())
            continue;
        Point p = std::move(candidates[i]);
        p.index = result.points.size();
        p.topo_text = c.topo_text;
        result.points.push_back(std::move(p));
    }
    if (!result.errors.empty())
        result.points.clear();
    return result;
}

} // namespace meridian::sweep
