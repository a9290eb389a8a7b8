// resources/topo.schema.json declares every key the .topo writer emits (walking the
// schema's properties, $ref, items and oneOf by hand: no validator library needed).
#include "SampleProjects.hpp"
#include "TestMain.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"

#include <QDir>
#include <QtTest/QtTest>
#include <cmath>
#include <fstream>
#include <regex>
#include <set>

using namespace meridian;
using nlohmann::json;

namespace {

json loadSchema()
{
    std::ifstream in(test::sourcePath("resources/topo.schema.json").toStdString());
    return json::parse(in);
}

const json& resolve(const json& root, const json& node)
{
    if (node.contains("$ref")) {
        const std::string ref = node["$ref"].get<std::string>(); // "#/$defs/link"
        return root.at(json::json_pointer(ref.substr(1)));
    }
    return node;
}

/// Checks that every key of `value` is declared by `schemaNode`; collects undeclared paths.
void walk(const json& root, const json& schemaNode, const json& value, const std::string& path,
          std::vector<std::string>& undeclared, std::set<std::string>& seen)
{
    const json& s = resolve(root, schemaNode);
    if (value.is_object()) {
        const bool open = s.value("additionalProperties", true) == true;
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string p = path + "/" + it.key();
            if (s.contains("properties") && s["properties"].contains(it.key())) {
                seen.insert(p);
                walk(root, s["properties"][it.key()], it.value(), p, undeclared, seen);
            } else if (!open) {
                undeclared.push_back(p);
            }
        }
    } else if (value.is_array() && s.contains("items")) {
        for (std::size_t i = 0; i < value.size(); ++i)
            walk(root, s["items"], value[i], path + "/" + std::to_string(i), undeclared, seen);
    }
}

/// A small JSON Schema (2020-12) validator for exactly the keywords topo.schema.json uses;
/// schemaUsesOnlyKnownKeywords() fails if the schema starts using another one.
class MiniValidator
{
public:
    explicit MiniValidator(const json& root) : m_root(root) {}

    /// Empty if `value` is valid, else the first failing path and keyword.
    std::string check(const json& value) const { return check(m_root, value, ""); }

    static const std::set<std::string>& keywords()
    {
        static const std::set<std::string> k = {
            "$ref", "type", "const", "enum", "required", "properties", "additionalProperties",
            "items", "oneOf", "anyOf", "allOf", "not", "if", "then", "minimum", "maximum",
            "exclusiveMinimum", "exclusiveMaximum", "pattern", "minLength", "minItems", "maxItems",
            // annotations
            "$schema", "$id", "title", "description", "$defs"};
        return k;
    }

private:
    static bool hasType(const json& v, const std::string& t)
    {
        if (t == "object")
            return v.is_object();
        if (t == "array")
            return v.is_array();
        if (t == "string")
            return v.is_string();
        if (t == "boolean")
            return v.is_boolean();
        if (t == "null")
            return v.is_null();
        if (t == "number")
            return v.is_number();
        if (t == "integer")
            return v.is_number() && std::floor(v.get<double>()) == v.get<double>();
        return false;
    }

    std::string check(const json& s, const json& v, const std::string& path) const
    {
        if (s.is_boolean())
            return s.get<bool>() ? "" : path + ": false schema";
        if (s.contains("$ref")) {
            const std::string ref = s["$ref"].get<std::string>();
            if (auto e = check(m_root.at(json::json_pointer(ref.substr(1))), v, path); !e.empty())
                return e;
        }
        if (s.contains("type")) {
            bool ok = false;
            if (s["type"].is_array()) {
                for (const auto& t : s["type"])
                    ok = ok || hasType(v, t.get<std::string>());
            } else {
                ok = hasType(v, s["type"].get<std::string>());
            }
            if (!ok)
                return path + ": type";
        }
        if (s.contains("const") && !(s["const"] == v))
            return path + ": const";
        if (s.contains("enum")) {
            bool ok = false;
            for (const auto& e : s["enum"])
                ok = ok || e == v;
            if (!ok)
                return path + ": enum";
        }
        if (v.is_number()) {
            const double d = v.get<double>();
            if (s.contains("minimum") && d < s["minimum"].get<double>())
                return path + ": minimum";
            if (s.contains("maximum") && d > s["maximum"].get<double>())
                return path + ": maximum";
            if (s.contains("exclusiveMinimum") && d <= s["exclusiveMinimum"].get<double>())
                return path + ": exclusiveMinimum";
            if (s.contains("exclusiveMaximum") && d >= s["exclusiveMaximum"].get<double>())
                return path + ": exclusiveMaximum";
        }
        if (v.is_string()) {
            const std::string text = v.get<std::string>();
            if (s.contains("minLength") && text.size() < s["minLength"].get<std::size_t>())
                return path + ": minLength";
            if (s.contains("pattern") &&
                !std::regex_search(text, std::regex(s["pattern"].get<std::string>())))
                return path + ": pattern";
        }
        if (v.is_array()) {
            if (s.contains("minItems") && v.size() < s["minItems"].get<std::size_t>())
                return path + ": minItems";
            if (s.contains("maxItems") && v.size() > s["maxItems"].get<std::size_t>())
                return path + ": maxItems";
            if (s.contains("items"))
                for (std::size_t i = 0; i < v.size(); ++i)
                    if (auto e = check(s["items"], v[i], path + "/" + std::to_string(i));
                        !e.empty())
                        return e;
        }
        if (v.is_object()) {
            if (s.contains("required"))
                for (const auto& k : s["required"])
                    if (!v.contains(k.get<std::string>()))
                        return path + ": required " + k.get<std::string>();
            for (auto it = v.begin(); it != v.end(); ++it) {
                const std::string p = path + "/" + it.key();
                if (s.contains("properties") && s["properties"].contains(it.key())) {
                    if (auto e = check(s["properties"][it.key()], it.value(), p); !e.empty())
                        return e;
                } else if (s.contains("additionalProperties") &&
                           s["additionalProperties"] == false) {
                    return p + ": additionalProperties";
                }
            }
        }
        if (s.contains("allOf"))
            for (const auto& sub : s["allOf"])
                if (auto e = check(sub, v, path); !e.empty())
                    return e;
        if (s.contains("anyOf")) {
            bool ok = false;
            for (const auto& sub : s["anyOf"])
                ok = ok || check(sub, v, path).empty();
            if (!ok)
                return path + ": anyOf";
        }
        if (s.contains("oneOf")) {
            int matches = 0;
            for (const auto& sub : s["oneOf"])
                matches += check(sub, v, path).empty() ? 1 : 0;
            if (matches != 1)
                return path + ": oneOf";
        }
        if (s.contains("not") && check(s["not"], v, path).empty())
            return path + ": not";
        if (s.contains("if") && check(s["if"], v, path).empty() && s.contains("then"))
            if (auto e = check(s["then"], v, path); !e.empty())
                return e;
        return "";
    }

    const json& m_root;
};

void collectKeywords(const json& node, std::set<std::string>& out)
{
    if (node.is_array()) {
        for (const auto& n : node)
            collectKeywords(n, out);
        return;
    }
    if (!node.is_object())
        return;
    for (auto it = node.begin(); it != node.end(); ++it) {
        out.insert(it.key());
        if (it.key() == "properties" || it.key() == "$defs") {
            for (const auto& sub : it.value())
                collectKeywords(sub, out);
        } else if (it.key() != "const" && it.key() != "enum") {
            collectKeywords(it.value(), out);
        }
    }
}

std::string twoRouterDoc(const std::string& linkFields)
{
    return R"({"format": "meridian.topo", "version": 1,
      "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
      "links": [{"id": "l", "a": "a", "b": "b", )" +
           linkFields + "}]}";
}

bool readerAccepts(const std::string& text)
{
    try {
        io::parseProject(text, "s.topo");
        return true;
    } catch (const InputError&) {
        return false;
    }
}

} // namespace

class SchemaTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void schemaIsDraft202012()
    {
        const json schema = loadSchema();
        QCOMPARE(QString::fromStdString(schema["$schema"].get<std::string>()),
                 QString("https://json-schema.org/draft/2020-12/schema"));
        QCOMPARE(schema["properties"]["format"]["const"].get<std::string>(),
                 std::string("meridian.topo"));
        QCOMPARE(schema["properties"]["version"]["const"].get<int>(), io::kTopoFormatVersion);
    }

    void everyWrittenKeyIsDeclared()
    {
        const json schema = loadSchema();
        std::vector<std::string> undeclared;
        std::set<std::string> seen;
        io::Project rich = test::richProject();
        rich.extra = json::object(); // extras are free-form by design
        walk(schema, schema, json::parse(io::serializeProject(rich)), "", undeclared, seen);
        const auto zoo =
            io::importGraphml(test::sharedPath("data/topologyzoo/Geant2012.graphml").toStdString());
        io::Project z;
        z.topology = zoo.topology;
        walk(schema, schema, json::parse(io::serializeProject(z)), "", undeclared, seen);
        for (const auto& p : undeclared)
            qWarning("undeclared: %s", p.c_str());
        QVERIFY(undeclared.empty());
        // The walk really went deep (guards against a schema that matches nothing).
        QVERIFY(seen.count("/links/0/schedule/2/direction") == 1);
        QVERIFY(seen.count("/links/0/reverse/queue_pkts") == 1);
        QVERIFY(seen.count("/nodes/0/attrs/fabric/gpus_per_server") == 1);
        QVERIFY(seen.count("/nodes/0/attrs/lat") == 1);
    }

    void everyDeclaredLinkKeyIsReadable()
    {
        // The reverse direction of the check above: each attribute the schema declares for
        // a link is accepted by the reader with a value that satisfies the schema.
        const json schema = loadSchema();
        QVERIFY(schema["$defs"]["link"]["additionalProperties"] == false);
        QVERIFY(schema["$defs"]["node"]["additionalProperties"] == false);
        const json& props = schema["$defs"]["link"]["properties"];
        int checked = 0;
        for (auto it = props.begin(); it != props.end(); ++it) {
            const std::string& key = it.key();
            if (key == "id" || key == "a" || key == "b")
                continue;
            json value;
            const json& p = resolve(schema, it.value());
            if (p.contains("enum"))
                value = p["enum"][0];
            else if (key == "reverse")
                value = json{{"loss", 0.5}};
            else if (key == "schedule")
                value = json::array({json{{"at_s", 1}, {"up", false}}});
            else if (p.value("type", "") == "string" && key != "label")
                value = key == "bandwidth" ? "1G" : "1ms";
            else if (key == "label")
                value = "x";
            else
                value = key == "loss" ? 0.5 : 1.0;
            json doc = {
                {"format", "meridian.topo"},
                {"version", 1},
                {"nodes", json::array({json{{"id", "a"}, {"kind", "router"}},
                                       json{{"id", "b"}, {"kind", "router"}}})},
                {"links", json::array({json{{"id", "l"}, {"a", "a"}, {"b", "b"}, {key, value}}})}};
            try {
                io::parseProject(doc.dump(), "schema.topo");
                ++checked;
            } catch (const InputError& e) {
                QFAIL(e.what());
            }
        }
        QVERIFY(checked >= 14);
    }

    void schemaUsesOnlyKnownKeywords()
    {
        std::set<std::string> used;
        collectKeywords(loadSchema(), used);
        for (const std::string& k : used)
            QVERIFY2(MiniValidator::keywords().count(k) == 1, k.c_str());
    }

    void presetsAndGeneratedFilesSatisfyTheSchema()
    {
        const json schema = loadSchema();
        const MiniValidator v(schema);
        const QDir dir(test::sourcePath("presets"));
        int checked = 0;
        for (const QString& f : dir.entryList({"*.topo"}, QDir::Files, QDir::Name)) {
            std::ifstream in(dir.filePath(f).toStdString());
            const json doc = json::parse(in);
            const std::string err = v.check(doc);
            QVERIFY2(err.empty(), qPrintable(f + ": " + QString::fromStdString(err)));
            ++checked;
        }
        QVERIFY(checked >= 3);
        for (const auto& g : topology::generators()) {
            io::Project p;
            p.topology = topology::generate(g.name, {}, 1);
            const std::string err = v.check(json::parse(io::serializeProject(p)));
            QVERIFY2(err.empty(), (g.name + ": " + err).c_str());
        }
        io::Project rich = test::richProject();
        const std::string err = v.check(json::parse(io::serializeProject(rich)));
        QVERIFY2(err.empty(), err.c_str());
    }

    void brokenCorpusAgainstTheSchema()
    {
        // Every broken file that is JSON at all: the schema rejects it, except the problems a
        // JSON Schema cannot express (references between objects, order, uniqueness, unit
        // names). The list is explicit so that schema and reader cannot drift apart silently.
        const std::set<std::string> semantic = {
            "bad-unit.topo",       "dangling-endpoint.topo",   "duplicate-key.topo",
            "duplicate-link.topo", "duplicate-node.topo",      "parent-cycle.topo",
            "parent-missing.topo", "schedule-empty-step.topo", "schedule-order.topo",
            "self-loop.topo",      "newline-in-id.topo"};
        const json schema = loadSchema();
        const MiniValidator v(schema);
        const QDir dir(test::dataPath("broken"));
        std::set<std::string> accepted;
        int parsed = 0;
        for (const QString& f : dir.entryList({"*.topo"}, QDir::Files, QDir::Name)) {
            std::ifstream in(dir.filePath(f).toStdString(), std::ios::binary);
            const json doc = json::parse(in, nullptr, /*allow_exceptions=*/false);
            if (doc.is_discarded())
                continue;
            ++parsed;
            if (v.check(doc).empty())
                accepted.insert(f.toStdString());
        }
        for (const auto& f : accepted)
            qInfo("schema accepts %s", f.c_str());
        QVERIFY(parsed >= 25);
        QVERIFY(accepted == semantic);
    }

    void schemaAndReaderAgree_data()
    {
        QTest::addColumn<QString>("fields");
        QTest::addColumn<bool>("valid");
        QTest::newRow("units") << R"("bandwidth": "400G", "delay": "15ms", "loss": "0.1%")" << true;
        QTest::newRow("alias at") << R"("schedule": [{"at": "10min", "up": false}])" << true;
        QTest::newRow("up both") << R"("schedule": [{"at_s": 1, "up": false, "direction": "both"}])"
                                 << true;
        QTest::newRow("queue text") << R"("queue_pkts": "1000")" << true;
        QTest::newRow("limits") << R"("bandwidth_gbps": 1e6, "delay_ms": 1e6, "queue_bytes": 1e12)"
                                << true;
        QTest::newRow("both queues") << R"("queue_pkts": 10, "queue_bytes": 1000)" << false;
        QTest::newRow("alias and key") << R"("bandwidth_gbps": 10, "bandwidth": "10G")" << false;
        QTest::newRow("delay alias and key") << R"("delay_ms": 1, "delay": "1ms")" << false;
        QTest::newRow("step without at") << R"("schedule": [{"up": false}])" << false;
        QTest::newRow("up reverse")
            << R"("schedule": [{"at_s": 1, "up": false, "direction": "reverse"}])" << false;
        QTest::newRow("fractional queue") << R"("queue_pkts": 1.5)" << false;
        QTest::newRow("huge queue") << R"("queue_pkts": 2e9)" << false;
        QTest::newRow("denormal bandwidth") << R"("bandwidth_gbps": 1e-320)" << false;
        QTest::newRow("huge delay") << R"("delay_ms": 2e8)" << false;
        QTest::newRow("word as bandwidth") << R"("bandwidth": "fast")" << false;
        QTest::newRow("word as queue") << R"("queue_pkts": "many")" << false;
    }
    void schemaAndReaderAgree()
    {
        QFETCH(QString, fields);
        QFETCH(bool, valid);
        const std::string text = twoRouterDoc(fields.toStdString());
        const json schema = loadSchema();
        const std::string err = MiniValidator(schema).check(json::parse(text));
        QVERIFY2(err.empty() == valid, err.c_str());
        QCOMPARE(readerAccepts(text), valid);
    }

    void versionMustBeTheNumberOne()
    {
        const json schema = loadSchema();
        const MiniValidator v(schema);
        QVERIFY(v.check(json::parse(R"({"format": "meridian.topo", "version": 1})")).empty());
        QVERIFY(!v.check(json::parse(R"({"format": "meridian.topo", "version": "1"})")).empty());
        QVERIFY(!readerAccepts(R"({"format": "meridian.topo", "version": "1"})"));
    }
};

MERIDIAN_TEST(SchemaTest)
#include "SchemaTest.moc"
