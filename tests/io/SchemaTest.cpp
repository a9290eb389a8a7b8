// resources/topo.schema.json declares every key the .topo writer emits (walking the
// schema's properties, $ref, items and oneOf by hand: no validator library needed).
#include "SampleProjects.hpp"
#include "TestMain.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <fstream>
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
};

MERIDIAN_TEST(SchemaTest)
#include "SchemaTest.moc"
