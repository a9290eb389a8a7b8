#include "meridian/traffic/TrafficSpec.hpp"

#include "GeneratorShapeReader.hpp"
#include "io/ObjectReader.hpp"
#include "io/ReadBounded.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/workload/Presets.hpp"

#include <charconv>
#include <cmath>
#include <set>

namespace meridian::traffic {

using io::ObjectReader;
using io::QuantitySpec;
using nlohmann::json;
using Kind = units::QuantityKind;

std::string_view toString(GeneratorKind kind)
{
    switch (kind) {
    case GeneratorKind::Cbr:
        return "cbr";
    case GeneratorKind::Poisson:
        return "poisson";
    case GeneratorKind::OnOff:
        return "on_off";
    case GeneratorKind::Bulk:
        return "bulk";
    case GeneratorKind::Trace:
        return "trace";
    }
    return "poisson";
}

std::string_view toString(GeneratorMode mode)
{
    switch (mode) {
    case GeneratorMode::Auto:
        return "auto";
    case GeneratorMode::Flows:
        return "flows";
    case GeneratorMode::Fluid:
        return "fluid";
    }
    return "auto";
}

namespace {

constexpr std::size_t kMaxGenerators = 2048; ///< TrafficRun's stream numbering holds 2^11
constexpr double kMaxLoad = 10.0;
constexpr std::uintmax_t kMaxCdfFileBytes = 16u << 20;
constexpr std::uintmax_t kMaxTraceFileBytes = 64u << 20; ///< about a million flows

/// A quantity > 0 (or ≥ 0 with `zeroOk`), finite; nullopt when absent.
std::optional<double> positive(ObjectReader& r, const char* key, Kind kind, bool zeroOk = false)
{
    const auto v = r.optQuantity(QuantitySpec{key, nullptr, kind, 1.0, 1.0});
    if (v && (!std::isfinite(*v) || *v < 0.0 || (!zeroOk && *v == 0.0)))
        r.fail(key, std::string("must be a finite number ") + (zeroOk ? "≥ 0" : "> 0") + ", got " +
                        units::formatNumber(*v));
    return v;
}

double required(ObjectReader& r, const char* key, Kind kind, const std::string& why)
{
    const auto v = positive(r, key, kind);
    if (!v)
        r.fail(key, why);
    return *v;
}

std::vector<std::string> nodeList(ObjectReader& r, const char* key, const topology::Topology& topo)
{
    const json* v = r.get(key);
    if (v == nullptr)
        r.fail(key,
               std::string("a generator needs \"") + key + "\": a node id or an array of them");
    std::vector<std::string> ids;
    if (v->is_string())
        ids.push_back(v->get<std::string>());
    else if (v->is_array())
        ids = r.optStringArray(key).value_or(std::vector<std::string>{});
    else
        r.fail(key, "expected a node id or an array of node ids");
    if (ids.empty())
        r.fail(key, "needs at least one node");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string at =
            v->is_array() ? r.pathOf(key) + "/" + std::to_string(i) : r.pathOf(key);
        if (!topo.findNode(ids[i]))
            throw InputError({}, at, "unknown node '" + ids[i] + "'");
        if (!seen.insert(ids[i]).second)
            throw InputError({}, at, "node '" + ids[i] + "' is listed twice");
    }
    return ids;
}

net::Protocol protocolOf(ObjectReader& r, GeneratorKind kind)
{
    const bool tcpOnly = kind == GeneratorKind::Bulk;
    const bool udpOnly = kind == GeneratorKind::Cbr;
    const std::string fallback =
        tcpOnly || kind == GeneratorKind::Poisson || kind == GeneratorKind::Trace ? "tcp" : "udp";
    const std::string name = r.string("protocol", fallback);
    if (name == "tcp" && !udpOnly)
        return net::Protocol::Tcp;
    if (name == "udp" && !tcpOnly)
        return net::Protocol::Udp;
    r.fail("protocol", "unknown protocol '" + name + "' for a " + std::string(toString(kind)) +
                           " generator (expected " +
                           (tcpOnly   ? "tcp"
                            : udpOnly ? "udp"
                                      : "tcp or udp") +
                           ")");
}

/// A law given by its mean: {"law": "exponential"|"pareto"|"lognormal", MEAN_KEY, "shape",
/// "sigma"}; `periods` allows only exponential and pareto.
Distribution meanLaw(ObjectReader& r, const std::string& law, const char* meanKey, Kind kind)
{
    const double mean =
        required(r, meanKey, kind, std::string("the law needs \"") + meanKey + "\"");
    if (law == "exponential")
        return Distribution::exponential(mean);
    if (law == "pareto") {
        const auto shape = r.optNumber("shape");
        if (!shape || !(*shape > 1.0) || !std::isfinite(*shape))
            r.fail("shape", "a pareto law needs \"shape\" α > 1 (its mean is finite only then)");
        return Distribution::pareto(mean, *shape);
    }
    const auto sigma = r.optNumber("sigma");
    if (!sigma || !(*sigma > 0.0) || *sigma > 10.0)
        r.fail("sigma", "a lognormal law needs \"sigma\" within (0, 10]");
    return Distribution::lognormal(mean, *sigma);
}

std::vector<CdfPoint> inlinePoints(ObjectReader& r)
{
    const json* pts = r.optArray("points");
    if (pts == nullptr)
        r.fail("points", "expected an array of [bytes, probability] pairs");
    std::vector<CdfPoint> points;
    for (std::size_t i = 0; i < pts->size(); ++i) {
        const json& p = (*pts)[i];
        if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
            throw InputError({}, r.pathOf("points") + "/" + std::to_string(i),
                             "expected [bytes, probability]");
        points.push_back({p[0].get<double>(), p[1].get<double>()});
    }
    const std::string problem = cdfProblem(points);
    if (!problem.empty())
        r.fail("points", problem);
    return points;
}

SizeSource readSize(ObjectReader& parent)
{
    SizeSource s;
    s.path = parent.pathOf("size");
    const json* v = parent.get("size");
    if (v == nullptr)
        parent.fail("size", "a poisson generator needs a flow-size law \"size\"");
    ObjectReader r = parent.child(*v, s.path);
    const std::string law = r.requiredString("law");
    if (law == "exponential" || law == "pareto" || law == "lognormal") {
        s.law = meanLaw(r, law, "mean_bytes", Kind::Bytes);
    } else if (law == "web-search" || law == "data-mining") {
        s.preset = law;
    } else if (law == "empirical") {
        if (r.has("file") == r.has("points"))
            r.fail("", R"(an empirical law needs exactly one of "file" or "points")");
        if (r.has("file"))
            s.file = r.requiredString("file");
        else
            s.law = Distribution::empirical(inlinePoints(r));
    } else {
        r.fail("law", "unknown flow-size law '" + law +
                          "' (expected exponential, pareto, lognormal, empirical, web-search or "
                          "data-mining)");
    }
    r.finish();
    return s;
}

Distribution readPeriod(ObjectReader& parent, const char* key)
{
    const json* v = parent.get(key);
    if (v == nullptr)
        parent.fail(key, std::string("an on_off generator needs \"") + key +
                             "\": {\"law\": \"exponential\" or \"pareto\", \"mean_s\": …}");
    ObjectReader r = parent.child(*v, parent.pathOf(key));
    const std::string law = r.requiredString("law");
    if (law != "exponential" && law != "pareto")
        r.fail("law", "unknown period law '" + law + "' (expected exponential or pareto)");
    Distribution d = meanLaw(r, law, "mean_s", Kind::Duration);
    r.finish();
    return d;
}

void readCbr(ObjectReader& r, GeneratorSpec& g)
{
    const bool byRate = r.has("rate_bps");
    if (byRate == (r.has("packet_bytes") || r.has("gap_s")))
        r.fail("", R"(a cbr generator needs "rate_bps", or "packet_bytes" and "gap_s" (not both))");
    if (byRate) {
        g.rate_bps = required(r, "rate_bps", Kind::Bandwidth, "");
        return;
    }
    const double packet = required(r, "packet_bytes", Kind::Bytes, "needs \"gap_s\" too");
    const double gap = required(r, "gap_s", Kind::Duration, "needs \"packet_bytes\" too");
    g.rate_bps = packet * 8.0 / gap;
}

void readPoisson(ObjectReader& r, const topology::Topology& topo, GeneratorSpec& g)
{
    if (r.has("matrix")) { // the matrix gives the rate
        g.size = readSize(r);
        return;
    }
    if (r.has("arrivals_per_s") == r.has("load"))
        r.fail("", R"(a poisson generator needs exactly one of "arrivals_per_s" or "load")");
    if (r.has("arrivals_per_s")) {
        g.arrivals_per_s = required(r, "arrivals_per_s", Kind::Plain, "");
        if (r.has("load_link"))
            r.fail("load_link", R"(applies with "load" only)");
    } else {
        // 0 is a generator switched off (no arrivals): the first point of a sweep over load.
        g.load = *positive(r, "load", Kind::Fraction, true);
        if (g.load > kMaxLoad)
            r.fail("load", "must be within [0, 10], got " + units::formatNumber(g.load));
        g.load_link = r.requiredString("load_link");
        bool found = false;
        for (std::size_t l = 0; l < topo.linkCount() && !found; ++l)
            found = topo.link(LinkId::fromIndex(l)).id == g.load_link;
        if (!found)
            r.fail("load_link", "unknown link '" + g.load_link + "'");
    }
    g.size = readSize(r);
}

GeneratorMode modeOf(ObjectReader& r, GeneratorKind kind)
{
    if (!r.has("mode"))
        return GeneratorMode::Auto;
    if (kind != GeneratorKind::Poisson)
        r.fail("mode", "applies to poisson generators only (a " + std::string(toString(kind)) +
                           " generator starts a few flows per pair, always simulated one by one)");
    const std::string name = r.string("mode", "auto");
    for (const GeneratorMode m : {GeneratorMode::Auto, GeneratorMode::Flows, GeneratorMode::Fluid})
        if (name == toString(m))
            return m;
    r.fail("mode", "unknown mode '" + name + "' (expected auto, flows or fluid)");
}

void readBulk(ObjectReader& r, GeneratorSpec& g)
{
    g.streams = static_cast<int>(r.optInteger("streams", 1, 128).value_or(1));
    g.bytes = positive(r, "bytes", Kind::Bytes).value_or(0.0);
    g.period_s = positive(r, "period_s", Kind::Duration).value_or(0.0);
    g.duration_s = positive(r, "duration_s", Kind::Duration).value_or(0.0);
    if (g.period_s > 0.0 && g.duration_s > g.period_s)
        r.fail("duration_s", "a window must not be longer than its period (" +
                                 units::formatDuration(g.period_s) + ")");
    if (g.period_s > 0.0 && g.bytes == 0.0 && g.duration_s == 0.0)
        r.fail("", R"(a periodic bulk window needs "bytes", "duration_s" or both)");
    if (g.period_s == 0.0 && g.duration_s > 0.0)
        r.fail(
            "duration_s",
            R"(applies to periodic windows ("period_s"); a single window lasts from start_s to stop_s)");
}

GeneratorSpec readGenerator(ObjectReader& r, const topology::Topology& topo)
{
    GeneratorSpec g;
    g.path = r.path();
    g.id = r.requiredString("id");
    if (g.id.empty())
        r.fail("id", "must not be empty");
    const std::string kind = r.requiredString("kind");
    if (kind == "cbr")
        g.kind = GeneratorKind::Cbr;
    else if (kind == "poisson")
        g.kind = GeneratorKind::Poisson;
    else if (kind == "on_off")
        g.kind = GeneratorKind::OnOff;
    else if (kind == "bulk")
        g.kind = GeneratorKind::Bulk;
    else if (kind == "trace")
        g.kind = GeneratorKind::Trace;
    else
        r.fail("kind", "unknown generator kind '" + kind +
                           "' (expected cbr, poisson, on_off, bulk or trace)");
    if (r.has("matrix")) {
        detail::readMatrix(r, topo, g);
    } else if (g.kind == GeneratorKind::Trace) {
        for (const char* key : {"from", "to"})
            if (r.has(key))
                r.fail(key, "does not apply to a trace generator: its file names each flow's "
                            "source and destination");
    } else {
        g.from = nodeList(r, "from", topo);
        g.to = nodeList(r, "to", topo);
        if (g.from.size() == 1 && g.to == g.from)
            r.fail("to",
                   "a generator needs a destination other than its source '" + g.from[0] + "'");
    }
    g.start_s = positive(r, "start_s", Kind::Duration, true).value_or(0.0);
    g.stop_s = required(r, "stop_s", Kind::Duration, "a generator needs \"stop_s\", when it stops");
    if (!(g.stop_s > g.start_s))
        r.fail("stop_s", "must be after start_s (" + units::formatDuration(g.start_s) + "), got " +
                             units::formatDuration(g.stop_s));
    g.protocol = protocolOf(r, g.kind);
    g.mode = modeOf(r, g.kind);
    switch (g.kind) {
    case GeneratorKind::Cbr:
        if (!r.has("matrix"))
            readCbr(r, g);
        break;
    case GeneratorKind::Poisson:
        readPoisson(r, topo, g);
        break;
    case GeneratorKind::OnOff:
        g.peak_bps =
            required(r, "peak_bps", Kind::Bandwidth, "an on_off generator needs \"peak_bps\"");
        g.on_s = readPeriod(r, "on");
        g.off_s = readPeriod(r, "off");
        break;
    case GeneratorKind::Bulk:
        readBulk(r, g);
        break;
    case GeneratorKind::Trace:
        g.trace_path = r.pathOf("file");
        g.trace_file = r.requiredString("file");
        if (g.trace_file.empty())
            r.fail("file", "must not be empty");
        if (r.has("profile"))
            r.fail("profile", "does not apply to a trace generator: its file gives each flow's "
                              "start and size");
        break;
    }
    detail::readProfile(r, g);
    r.finish();
    return g;
}

} // namespace

TrafficSpec parseTraffic(const json& traffic, const std::string& path,
                         const topology::Topology& topo, const std::string& file)
{
    try {
        ObjectReader r(traffic, path, file);
        const json* gens = r.optArray("generators");
        if (gens == nullptr)
            r.fail("generators", "expected an array of traffic generators");
        if (gens->size() > kMaxGenerators)
            r.fail("generators", "at most " + std::to_string(kMaxGenerators) + " generators");
        TrafficSpec spec;
        std::set<std::string> ids;
        for (std::size_t i = 0; i < gens->size(); ++i) {
            ObjectReader g = r.child((*gens)[i], r.pathOf("generators") + "/" + std::to_string(i));
            spec.generators.push_back(readGenerator(g, topo));
            if (!ids.insert(spec.generators.back().id).second)
                g.fail("id", "generator id '" + spec.generators.back().id + "' is used twice");
        }
        r.finish();
        return spec;
    } catch (const InputError& e) {
        throw e.file().empty() ? e.withFile(file) : e;
    }
}

namespace {

/// A trace line's cell as a finite number, or nullopt.
std::optional<double> traceNumber(const std::string& cell)
{
    double v = 0.0;
    const char* end = cell.data() + cell.size();
    const auto [ptr, ec] = std::from_chars(cell.data(), end, v);
    if (ec != std::errc() || ptr != end || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::vector<std::string> traceCells(const std::string& line)
{
    std::vector<std::string> cells;
    std::size_t pos = 0;
    while (pos <= line.size()) {
        const std::size_t comma = std::min(line.find(',', pos), line.size());
        std::string cell = line.substr(pos, comma - pos);
        const std::size_t b = cell.find_first_not_of(" \t\r");
        const std::size_t e = cell.find_last_not_of(" \t\r");
        cells.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
        pos = comma + 1;
    }
    return cells;
}

} // namespace

std::vector<TraceFlow> parseTraceCsv(std::string_view text, const std::string& file,
                                     const topology::Topology& topo)
{
    std::vector<TraceFlow> flows;
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    bool first = true;
    while (pos < text.size()) {
        const std::size_t eol = std::min(text.find('\n', pos), text.size());
        const std::string line(text.substr(pos, eol - pos));
        pos = eol + 1;
        ++lineNo;
        const std::size_t lead = line.find_first_not_of(" \t\r");
        if (lead == std::string::npos || line[lead] == '#')
            continue;
        const std::vector<std::string> cells = traceCells(line);
        const auto fail = [&](const std::string& problem) {
            throw InputError(file, "line " + std::to_string(lineNo), problem);
        };
        if (first && !traceNumber(cells[0])) { // a header: start_s,size_bytes,src,dst
            first = false;
            continue;
        }
        first = false;
        if (cells.size() != 4)
            fail("expected 4 values \"start_s,size_bytes,src,dst\", got " +
                 std::to_string(cells.size()));
        TraceFlow f;
        const auto start = traceNumber(cells[0]);
        if (!start || *start < 0.0)
            fail("start_s: expected a time ≥ 0 in seconds, got '" + cells[0] + "'");
        f.start_s = *start;
        if (!flows.empty() && f.start_s < flows.back().start_s)
            fail("start_s " + units::formatNumber(f.start_s) + " is before the previous flow's " +
                 units::formatNumber(flows.back().start_s) +
                 ": a trace lists its flows in time order");
        const auto bytes = traceNumber(cells[1]);
        if (!bytes || !(*bytes > 0.0))
            fail("size_bytes: expected a number of bytes > 0, got '" + cells[1] + "'");
        f.bytes = *bytes;
        for (int c = 2; c < 4; ++c)
            if (!topo.findNode(cells[c]))
                fail(std::string(c == 2 ? "src" : "dst") + ": unknown node '" + cells[c] + "'");
        if (cells[2] == cells[3])
            fail("src and dst are the same node '" + cells[2] + "'");
        f.from = cells[2];
        f.to = cells[3];
        flows.push_back(std::move(f));
    }
    if (flows.empty())
        throw InputError(file, "", "no flows: expected lines \"start_s,size_bytes,src,dst\"");
    return flows;
}

namespace {

void loadTraceFile(GeneratorSpec& g, const std::filesystem::path& projectDir,
                   const std::string& file, const topology::Topology& topo)
{
    const std::filesystem::path csv = projectDir / g.trace_file;
    std::optional<std::string> text;
    try {
        text = io::readBounded(csv, kMaxTraceFileBytes);
    } catch (const InputError& e) {
        throw InputError(file, g.trace_path, "cannot read the trace: " + std::string(e.what()));
    }
    if (!text)
        throw InputError(file, g.trace_path,
                         "the trace " + csv.string() + " is larger than 64 MiB");
    try {
        g.trace = parseTraceCsv(*text, csv.string(), topo);
    } catch (const InputError& e) {
        throw InputError(file, g.trace_path,
                         e.file() + ": " + (e.location().empty() ? "" : e.location() + ": ") +
                             e.problem());
    }
}

void loadMatrixFile(GeneratorSpec& g, const std::filesystem::path& projectDir,
                    const std::string& file, const topology::Topology& topo)
{
    const std::filesystem::path csv = projectDir / g.matrix_file;
    const std::string where = g.matrix_path + "/file";
    std::optional<std::string> text;
    try {
        text = io::readBounded(csv, kMaxCdfFileBytes);
    } catch (const InputError& e) {
        throw InputError(file, where, "cannot read the matrix file: " + std::string(e.what()));
    }
    if (!text)
        throw InputError(file, where, "the matrix file " + csv.string() + " is larger than 16 MiB");
    try {
        g.demands = parseMatrixCsv(*text, csv.string(), topo);
    } catch (const InputError& e) {
        throw InputError(file, where,
                         e.file() + ": " + (e.location().empty() ? "" : e.location() + ": ") +
                             e.problem());
    }
}

} // namespace

void loadTrafficFiles(TrafficSpec& spec, const std::filesystem::path& projectDir,
                      const std::string& file, const topology::Topology& topo)
{
    for (GeneratorSpec& g : spec.generators) {
        if (!g.matrix_file.empty() && g.demands.empty())
            loadMatrixFile(g, projectDir, file, topo);
        if (!g.trace_file.empty() && g.trace.empty())
            loadTraceFile(g, projectDir, file, topo);
        SizeSource& s = g.size;
        if (s.law || (s.file.empty() && s.preset.empty()))
            continue;
        const std::filesystem::path cdf =
            s.preset.empty() ? projectDir / s.file
                             : workload::presetsDir() / "traffic" / (s.preset + ".csv");
        const std::string where = s.preset.empty() ? s.path + "/file" : s.path + "/law";
        std::optional<std::string> text;
        try {
            text = io::readBounded(cdf, kMaxCdfFileBytes);
        } catch (const InputError& e) {
            throw InputError(file, where, "cannot read the CDF file: " + std::string(e.what()));
        }
        if (!text)
            throw InputError(file, where,
                             "the CDF file " + cdf.string() + " is larger than 16 MiB");
        std::vector<CdfPoint> points;
        try {
            points = parseCdfText(*text, cdf.string());
        } catch (const InputError& e) {
            throw InputError(file, where, e.file() + ": " + e.location() + ": " + e.problem());
        }
        const std::string problem = cdfProblem(points);
        if (!problem.empty())
            throw InputError(file, where, cdf.string() + ": " + problem);
        s.law = Distribution::empirical(std::move(points));
    }
}

double arrivalsPerS(const GeneratorSpec& g, const topology::Topology& topo)
{
    if (g.arrivals_per_s > 0.0)
        return g.arrivals_per_s;
    MERIDIAN_ASSERT(g.size.law.has_value(), "arrivalsPerS: flow sizes not loaded");
    if (!g.demands.empty()) {
        double total_bps = 0.0;
        for (const PairDemand& d : g.demands)
            total_bps += d.rate_bps;
        return total_bps / (8.0 * g.size.law->mean());
    }
    double capacity_bps = 0.0;
    for (std::size_t l = 0; l < topo.linkCount(); ++l)
        if (topo.link(LinkId::fromIndex(l)).id == g.load_link)
            capacity_bps = topo.link(LinkId::fromIndex(l)).direction(0).bandwidth_bps;
    return g.load * capacity_bps / (8.0 * g.size.law->mean());
}

bool runsFluid(const GeneratorSpec& g, const topology::Topology& topo)
{
    if (g.kind != GeneratorKind::Poisson || g.mode == GeneratorMode::Flows)
        return false;
    if (g.mode == GeneratorMode::Fluid)
        return true;
    const double peak = g.profile ? g.profile->maxMultiplier() : 1.0;
    return arrivalsPerS(g, topo) * peak >= kFluidAutoArrivalsPerS;
}

} // namespace meridian::traffic
