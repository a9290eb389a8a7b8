// .topo version 1 reader and writer (docs/file-format.md; docs/architecture.md, module io).
//
// Reading is strict and two-staged: (1) structure — JSON syntax, types, known keys, units,
// unique ids, existing endpoints — stops at the first problem, since later content cannot be
// trusted; (2) topology::validate() — ranges, self loops, parent chains, schedules — lists
// every issue. A Project is returned only when both stages pass.
//
// Writing is canonical: fixed key order, defaults omitted where the reader restores them,
// and numbers chosen so that reading the text back gives bit-identical doubles (see
// scaledNumber below), hence read → write → read yields an equal Project.

#include "meridian/io/ProjectFile.hpp"

#include "io/ObjectReader.hpp"
#include "io/ReadBounded.hpp"
#include "io/StrictJson.hpp"
#include "meridian/core/Text.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "meridian/topology/Validation.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <new>
#include <sstream>
#include <system_error>

namespace meridian::io {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;
using namespace meridian::topology;
using Kind = QuantitySpec::Kind;

constexpr const char* kFormatName = "meridian.topo";

/// How the attribute table's entry is written in a file and converted to engine units
/// (canonical = file × multiply ÷ divide); the keys point into the static table.
QuantitySpec quantitySpec(const AttributeInfo& a)
{
    QuantitySpec spec{a.key.c_str(), a.alias.empty() ? nullptr : a.alias.c_str(), a.quantity};
    spec.multiply = a.siMultiplier();
    spec.divide = a.siDivisor();
    return spec;
}

// Not an attribute: the simulated time of a schedule step, in seconds.
const QuantitySpec kAt{"at_s", "at", Kind::Duration};

/// Which accessor of a row reaches items of type `Item` (AttributeInfo::params, ::patch...).
template <class Item> using AccessOf = AttributeAccess<Item> AttributeInfo::*;

// ----------------------------------------------------------------------------------------
// Reading: every attribute object is read by one loop over its table.

/// The value of row `a` in the object, or nullopt if absent: a number in engine units (a
/// whole number in int range for an int field), or the text of a Text or Choice row.
std::optional<AttributeValue> readValue(ObjectReader& r, const AttributeInfo& a, bool integral)
{
    if (a.type == AttributeType::Text || a.type == AttributeType::Choice) {
        if (auto t = r.optString(a.key))
            return AttributeValue(std::move(*t));
        return std::nullopt;
    }
    if (integral) {
        const auto i =
            r.optInteger(a.key, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        return i ? std::optional<AttributeValue>(static_cast<double>(*i)) : std::nullopt;
    }
    const auto v = r.optQuantity(quantitySpec(a));
    return v ? std::optional<AttributeValue>(*v) : std::nullopt;
}

/// A file gives at most one key of a row's group ("queue_pkts" or "queue_bytes"); the
/// error names the later key.
void checkGroup(const ObjectReader& r, const std::vector<AttributeInfo>& table,
                const AttributeInfo& a)
{
    if (a.group.empty() || !r.has(a.key))
        return;
    for (auto it = table.begin() + (&a - table.data()) + 1; it != table.end(); ++it)
        if (it->group == a.group && r.has(it->key))
            r.fail(it->key, "both '" + a.key + "' and '" + it->key + "' are given; keep one");
}

/// Reads the rows of `table` that `access` binds into `item`, in table order. A Choice text
/// the field does not know (the names ignore case) is an error listing the row's choices.
template <class Item>
void readRows(ObjectReader& r, const std::vector<AttributeInfo>& table, AccessOf<Item> access,
              Item& item)
{
    for (const AttributeInfo& a : table) {
        const AttributeAccess<Item>& field = a.*access;
        if (!field)
            continue;
        checkGroup(r, table, a);
        const auto v = readValue(r, a, field.integral);
        if (v && !field.set(item, v))
            r.fail(a.key, "unknown " + text::lower(a.label) + " '" + std::get<std::string>(*v) +
                              "' (expected " + a.choicesText() + ")");
    }
}

/// Fields of a link, its reverse override and its schedule steps share one reader.
LinkPatch readPatch(ObjectReader& r)
{
    LinkPatch p;
    readRows(r, linkAttributeTable(), &AttributeInfo::patch, p);
    return p;
}

} // namespace

ScheduleStep readScheduleStep(const json& value, const std::string& path, const std::string& file)
{
    ObjectReader r(value, path, file);
    ScheduleStep step;
    const auto at = r.optQuantity(kAt);
    if (!at)
        throw InputError(file, path, "missing required key 'at_s' (time of the step, seconds)");
    step.at_s = *at;
    step.patch = readPatch(r);
    step.up = r.optBoolean("up");
    if (auto d = r.optString("direction")) {
        if (*d == "both")
            step.direction = ScheduleStep::Direction::Both;
        else if (*d == "forward")
            step.direction = ScheduleStep::Direction::Forward;
        else if (*d == "reverse")
            step.direction = ScheduleStep::Direction::Reverse;
        else
            r.fail("direction", "unknown direction '" + *d + "' (expected both, forward, reverse)");
    }
    r.finish();
    // The network takes a whole link up or down (both directions at once): a one-way failure
    // would be silently widened, so say so instead.
    if (step.up && step.direction != ScheduleStep::Direction::Both)
        r.fail("direction",
               std::string("'up' applies to both directions of a link; a step with "
                           "'up' cannot have direction '") +
                   (step.direction == ScheduleStep::Direction::Forward ? "forward" : "reverse") +
                   "' (omit 'direction' or use \"both\")");
    if (step.patch.empty() && !step.up)
        throw InputError(file, path, "schedule step changes nothing (give an attribute or 'up')");
    return step;
}

namespace {

LinkAttributes readLink(const json& value, const std::string& path, const std::string& file,
                        const Topology& topo)
{
    ObjectReader r(value, path, file);
    LinkAttributes l;
    l.id = r.requiredString("id");
    l.a = r.requiredString("a");
    l.b = r.requiredString("b");
    if (topo.findLink(l.id))
        r.fail("id", "duplicate link id '" + l.id + "'");
    if (!topo.findNode(l.a))
        r.fail("a", "link '" + l.id + "' refers to unknown node '" + l.a + "'");
    if (!topo.findNode(l.b))
        r.fail("b", "link '" + l.id + "' refers to unknown node '" + l.b + "'");
    readPatch(r).applyTo(l.params);
    readRows(r, linkAttributeTable(), &AttributeInfo::link, l);
    l.label = r.string("label", "");
    if (const auto* rev = r.get("reverse")) {
        ObjectReader rr(*rev, r.pathOf("reverse"), file);
        l.reverse = readPatch(rr);
        rr.finish();
    }
    if (const auto* sched = r.get("schedule")) {
        if (!sched->is_array())
            r.fail("schedule", "expected an array of steps");
        for (std::size_t k = 0; k < sched->size(); ++k)
            l.schedule.push_back(readScheduleStep(
                (*sched)[k], r.pathOf("schedule") + "/" + std::to_string(k), file));
    }
    r.finish();
    return l;
}

FabricSpec readFabric(const json& value, const std::string& path, const std::string& file)
{
    ObjectReader r(value, path, file);
    FabricSpec f;
    readRows(r, fabricAttributeTable(), &AttributeInfo::fabric, f);
    r.finish();
    return f;
}

NodeAttributes readNode(const json& value, const std::string& path, const std::string& file,
                        const Topology& topo)
{
    ObjectReader r(value, path, file);
    NodeAttributes n;
    n.id = r.requiredString("id");
    if (topo.findNode(n.id))
        r.fail("id", "duplicate node id '" + n.id + "'");
    const std::string kind = r.requiredString("kind");
    const auto k = nodeKindFromString(kind);
    if (!k)
        r.fail("kind",
               "unknown node kind '" + kind + "' (expected center, gpu, switch, router, host)");
    n.kind = *k;
    n.name = r.string("name", "");
    if (const auto* pos = r.get("pos")) {
        if (!pos->is_array() || pos->size() != 2 || !(*pos)[0].is_number() ||
            !(*pos)[1].is_number())
            r.fail("pos", "expected [x, y] with two numbers");
        n.pos = {(*pos)[0].get<double>(), (*pos)[1].get<double>()};
    }
    n.parent = r.string("parent", "");
    n.collapsed = r.optBoolean("collapsed").value_or(false);
    if (const auto* attrsValue = r.get("attrs")) {
        ObjectReader a(*attrsValue, r.pathOf("attrs"), file);
        readRows(a, nodeAttributeTable(), &AttributeInfo::node, n);
        n.latitude_deg = a.optNumber("lat");
        n.longitude_deg = a.optNumber("lon");
        if (n.latitude_deg && (*n.latitude_deg < -90.0 || *n.latitude_deg > 90.0))
            a.fail("lat", "latitude must be in [-90, 90] degrees");
        if (n.longitude_deg && (*n.longitude_deg < -180.0 || *n.longitude_deg > 180.0))
            a.fail("lon", "longitude must be in [-180, 180] degrees");
        if (const auto* fabric = a.get("fabric"))
            n.fabric = readFabric(*fabric, a.pathOf("fabric"), file);
        a.finish();
    }
    r.finish();
    return n;
}

/// Stage 1: structure. Throws the first problem.
Project readStructure(std::string_view text, const std::string& file)
{
    const json doc = parseStrictJson(text, file);
    ObjectReader top(doc, "", file);
    // Format and version first: a file of another kind or version must say so, not trip
    // over the first key this version does not know.
    const auto* format = top.get("format");
    if (format == nullptr)
        throw InputError(file, "/",
                         std::string(R"(missing "format": ")") + kFormatName +
                             "\" (not a Meridian .topo file?)");
    if (!format->is_string() || format->get<std::string>() != kFormatName)
        top.fail("format", std::string("expected \"") + kFormatName + "\", got " + format->dump());
    const auto* version = top.get("version");
    if (version == nullptr)
        throw InputError(file, "/", "missing \"version\"");
    if (!version->is_number_integer() || version->get<long long>() != kTopoFormatVersion) {
        if (version->is_string())
            top.fail("version", "version must be the number " + std::to_string(kTopoFormatVersion) +
                                    ", not the string " + version->dump());
        top.fail("version", "unsupported version " + version->dump() +
                                " (this build reads version " + std::to_string(kTopoFormatVersion) +
                                "; write \"version\": " + std::to_string(kTopoFormatVersion) + ")");
    }

    Project project;
    project.name = top.string("name", "");
    Topology& topo = project.topology;
    if (const auto* nodes = top.get("nodes")) {
        if (!nodes->is_array())
            top.fail("nodes", "expected an array of nodes");
        topo.reserveNodes(nodes->size());
        for (std::size_t i = 0; i < nodes->size(); ++i)
            topo.addNode(readNode((*nodes)[i], "/nodes/" + std::to_string(i), file, topo));
    }
    if (const auto* links = top.get("links")) {
        if (!links->is_array())
            top.fail("links", "expected an array of links");
        for (std::size_t i = 0; i < links->size(); ++i)
            topo.addLink(readLink((*links)[i], "/links/" + std::to_string(i), file, topo));
    }
    if (const auto* experiment = top.get("experiment")) {
        if (!experiment->is_object() && !experiment->is_null())
            top.fail("experiment", "expected an object");
        project.experiment = *experiment;
    }
    for (const std::string& key : top.unusedKeys())
        project.extra[key] = doc.at(key);
    return project;
}

ProjectLoadResult loadChecked(std::string_view text, const std::string& file)
{
    ProjectLoadResult result;
    try {
        Project project = readStructure(text, file);
        for (const ValidationIssue& issue : validate(project.topology))
            result.errors.emplace_back(file, issue.location, issue.message);
        if (result.errors.empty())
            result.project = std::move(project);
    } catch (const InputError& e) {
        // Errors from Topology::addNode/addLink carry no file; they cannot happen after the
        // checks above, but name the file if one ever does.
        result.errors.push_back(e.file().empty() ? e.withFile(file) : e);
    } catch (const std::bad_alloc&) {
        result.errors.emplace_back(file, "", "out of memory while reading the file");
    } catch (const std::exception& e) {
        // Never let a library exception escape a reader (docs: readers throw InputError only).
        result.errors.emplace_back(file, "", std::string("cannot read: ") + e.what());
    }
    return result;
}

// ----------------------------------------------------------------------------------------
// Writing

/// Whole numbers are written without a fraction ("10", not "10.0").
ordered_json number(double v, const std::string& where)
{
    if (!std::isfinite(v))
        throw InputError("", where, "cannot write a value that is not a finite number");
    constexpr double kExactInt = 9007199254740992.0; // 2^53
    if (std::floor(v) == v && std::fabs(v) < kExactInt)
        return static_cast<std::int64_t>(v);
    return v;
}

/// A value in engine units, written in the file unit of `spec` such that the reader's single
/// conversion (× multiply or ÷ divide) returns exactly `engine`: the shortest decimal (1 to
/// 17 significant digits) of the file-unit value that converts back exactly, else a
/// neighbouring double that does. About 2 % of arbitrary doubles have no file-unit double
/// that converts back exactly (×1e3 spreads doubles apart); those are written as a unit
/// string in SI ("1.23e8 bps", "0.00804 s"), which the reader parses with no conversion.
ordered_json scaledNumber(double engine, const QuantitySpec& spec, const std::string& where)
{
    if (!std::isfinite(engine))
        throw InputError("", where, "cannot write a value that is not a finite number");
    const bool mul = spec.multiply != 1.0;
    if (!mul && spec.divide == 1.0)
        return number(engine, where);
    auto back = [&](double file) { return mul ? file * spec.multiply : file / spec.divide; };
    const double approx = mul ? engine / spec.multiply : engine * spec.divide;
    std::array<char, 64> buf{};
    for (int digits = 1; digits <= 17; ++digits) {
        const auto res = std::to_chars(buf.data(), buf.data() + buf.size(), approx,
                                       std::chars_format::general, digits);
        double v = 0.0;
        std::from_chars(buf.data(), res.ptr, v);
        if (back(v) == engine)
            return number(v, where);
    }
    double up = approx;
    double down = approx;
    for (int k = 0; k < 4; ++k) {
        up = std::nextafter(up, std::numeric_limits<double>::infinity());
        down = std::nextafter(down, -std::numeric_limits<double>::infinity());
        if (back(up) == engine)
            return number(up, where);
        if (back(down) == engine)
            return number(down, where);
    }
    return units::formatNumber(engine) + (spec.kind == Kind::Bandwidth ? " bps" : " s");
}

/// Writes the rows of `table` that `item` holds through `access`, in table order; with
/// `omitDefaults`, a row at the default item's value is left out unless always written.
template <class Item>
void writeRows(ordered_json& o, const std::vector<AttributeInfo>& table, AccessOf<Item> access,
               const Item& item, bool omitDefaults, const std::string& where)
{
    const Item byDefault{};
    for (const AttributeInfo& a : table) {
        const AttributeAccess<Item>& field = a.*access;
        if (!field)
            continue;
        const auto v = field.get(item);
        if (!v || (omitDefaults && !a.always_written && v == field.get(byDefault)))
            continue;
        if (const auto* text = std::get_if<std::string>(&*v))
            o[a.key] = *text;
        else
            o[a.key] = scaledNumber(std::get<double>(*v), quantitySpec(a), where + "/" + a.key);
    }
}

/// A patch writes the fields it sets; a queue size without its own unit is in the unit of the
/// link it patches (topology::validate reads it so). A unit without a size changes nothing
/// and is not written.
void writePatch(ordered_json& o, const LinkPatch& p, QueueUnit inheritedQueueUnit,
                const std::string& where)
{
    writeRows(o, linkAttributeTable(), &AttributeInfo::patch, p.withQueueUnit(inheritedQueueUnit),
              false, where);
}

ordered_json writeNode(const NodeAttributes& n, const std::string& where)
{
    ordered_json o;
    o["id"] = n.id;
    o["kind"] = toString(n.kind);
    if (!n.name.empty())
        o["name"] = n.name;
    o["pos"] =
        ordered_json::array({number(n.pos[0], where + "/pos"), number(n.pos[1], where + "/pos")});
    if (!n.parent.empty())
        o["parent"] = n.parent;
    ordered_json attrs = ordered_json::object();
    writeRows(attrs, nodeAttributeTable(), &AttributeInfo::node, n, true, where + "/attrs");
    if (n.fabric) {
        ordered_json f;
        writeRows(f, fabricAttributeTable(), &AttributeInfo::fabric, *n.fabric, true,
                  where + "/attrs/fabric");
        attrs["fabric"] = std::move(f);
    }
    if (n.latitude_deg)
        attrs["lat"] = number(*n.latitude_deg, where + "/attrs/lat");
    if (n.longitude_deg)
        attrs["lon"] = number(*n.longitude_deg, where + "/attrs/lon");
    if (!attrs.empty())
        o["attrs"] = std::move(attrs);
    if (n.collapsed)
        o["collapsed"] = true;
    return o;
}

ordered_json writeLink(const LinkAttributes& l, const std::string& where)
{
    ordered_json o;
    o["id"] = l.id;
    o["a"] = l.a;
    o["b"] = l.b;
    writeRows(o, linkAttributeTable(), &AttributeInfo::params, l.params, true, where);
    writeRows(o, linkAttributeTable(), &AttributeInfo::link, l, true, where);
    if (!l.label.empty())
        o["label"] = l.label;
    if (!l.reverse.empty()) {
        ordered_json r = ordered_json::object();
        writePatch(r, l.reverse, l.params.queue_unit, where + "/reverse");
        o["reverse"] = std::move(r);
    }
    if (!l.schedule.empty()) {
        ordered_json steps = ordered_json::array();
        for (std::size_t k = 0; k < l.schedule.size(); ++k) {
            const ScheduleStep& s = l.schedule[k];
            const std::string sw = where + "/schedule/" + std::to_string(k);
            ordered_json step;
            step["at_s"] = number(s.at_s, sw + "/at_s");
            writePatch(step, s.patch, l.params.queue_unit, sw);
            if (s.up)
                step["up"] = *s.up;
            if (s.direction == ScheduleStep::Direction::Forward)
                step["direction"] = "forward";
            else if (s.direction == ScheduleStep::Direction::Reverse)
                step["direction"] = "reverse";
            steps.push_back(std::move(step));
        }
        o["schedule"] = std::move(steps);
    }
    return o;
}

std::string readWholeFile(const std::filesystem::path& path)
{
    const std::string file = path.string();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw InputError(file, "", "cannot open: no such file");
    if (std::filesystem::is_directory(status))
        throw InputError(file, "", "cannot open: is a directory");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxTopoFileBytes)
        throw InputError(
            file, "",
            "file is " + units::formatBytes(static_cast<double>(size)) + ", larger than the " +
                units::formatBytes(static_cast<double>(kMaxTopoFileBytes)) + " a .topo may have");
    // Chunked read up to the cap + 1 byte: a device or FIFO (/dev/zero) reports no size and
    // would otherwise be read without end.
    auto text = readBounded(path, kMaxTopoFileBytes);
    if (!text)
        throw InputError(file, "",
                         "input is larger than the " +
                             units::formatBytes(static_cast<double>(kMaxTopoFileBytes)) +
                             " a .topo may have (not a regular file?)");
    return std::move(*text);
}

} // namespace

ProjectLoadResult loadProject(std::string_view text, const std::string& fileLabel)
{
    return loadChecked(text, fileLabel);
}

ProjectLoadResult loadProjectFile(const std::filesystem::path& path)
{
    std::string text;
    try {
        text = readWholeFile(path);
    } catch (const InputError& e) {
        ProjectLoadResult result;
        result.errors.push_back(e);
        return result;
    } catch (const std::exception& e) {
        ProjectLoadResult result;
        result.errors.emplace_back(path.string(), "", std::string("cannot read: ") + e.what());
        return result;
    }
    return loadChecked(text, path.string());
}

namespace {
Project firstErrorOrProject(ProjectLoadResult result)
{
    if (result.ok())
        return std::move(*result.project);
    const InputError& first = result.errors.front();
    if (result.errors.size() == 1)
        throw first;
    throw InputError(first.file(), first.location(),
                     first.problem() + " (and " + std::to_string(result.errors.size() - 1) +
                         " more problem" + (result.errors.size() > 2 ? "s" : "") + ")");
}
} // namespace

Project parseProject(std::string_view text, const std::string& fileLabel)
{
    return firstErrorOrProject(loadProject(text, fileLabel));
}

Project readProject(const std::filesystem::path& path)
{
    return firstErrorOrProject(loadProjectFile(path));
}

std::string serializeProject(const Project& project)
{
    ordered_json doc;
    doc["format"] = kFormatName;
    doc["version"] = kTopoFormatVersion;
    doc["name"] = project.name;
    ordered_json nodes = ordered_json::array();
    const Topology& topo = project.topology;
    for (std::size_t i = 0; i < topo.nodeCount(); ++i)
        nodes.push_back(writeNode(topo.node(NodeId::fromIndex(i)), "/nodes/" + std::to_string(i)));
    doc["nodes"] = std::move(nodes);
    ordered_json links = ordered_json::array();
    for (std::size_t i = 0; i < topo.linkCount(); ++i)
        links.push_back(writeLink(topo.link(LinkId::fromIndex(i)), "/links/" + std::to_string(i)));
    doc["links"] = std::move(links);
    if (!project.experiment.is_null())
        doc["experiment"] = ordered_json(project.experiment);
    // Extras keep their (sorted) order after the known keys; a clash with a known key would
    // make the file ambiguous, so such extras are not written.
    if (project.extra.is_object())
        for (auto it = project.extra.begin(); it != project.extra.end(); ++it)
            if (!doc.contains(it.key()))
                doc[it.key()] = ordered_json(it.value());
    return doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

void writeProject(const Project& project, const std::filesystem::path& path)
{
    std::string text;
    try {
        text = serializeProject(project);
    } catch (const InputError& e) {
        throw e.withFile(path.string());
    }
    writeFileAtomically(path, text);
}

} // namespace meridian::io
