// The experiment option table against the documentation and the parser: every option that
// docs/experiments.md lists is declared (for the kinds that list it), the parser's defaults
// are the table's, its ranges and messages come from the table, and protocol names are the
// network's one set.
#include "meridian/experiment/OptionTable.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QFile>
#include <QRegularExpression>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

using namespace meridian;
using namespace meridian::experiment;
using nlohmann::json;

namespace {

QStringList docLines()
{
    QFile f(test::sourcePath("docs/experiments.md"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split('\n');
}

/// The `key`s of a table row's first cell.
QString firstCellKey(const QString& row)
{
    static const QRegularExpression re("^\\|\\s*`([a-z_.]+)`\\s*\\|");
    const auto m = re.match(row);
    return m.hasMatch() ? m.captured(1) : QString();
}

/// Two centres c0, c1 (one GPU node each) joined by a link, and a host pair h0-h1.
topology::Topology smallTopology()
{
    const json j = {{"format", "meridian.topo"},
                    {"version", 1},
                    {"name", "small"},
                    {"nodes",
                     {{{"id", "c0"}, {"kind", "center"}},
                      {{"id", "c1"}, {"kind", "center"}},
                      {{"id", "h0"}, {"kind", "host"}},
                      {{"id", "h1"}, {"kind", "host"}}}},
                    {"links",
                     {{{"id", "c0-c1"}, {"a", "c0"}, {"b", "c1"}},
                      {{"id", "h0-h1"}, {"a", "h0"}, {"b", "h1"}}}}};
    return io::parseProject(j.dump(), "t.topo").topology;
}

std::optional<InputError> parseError(const json& experiment)
{
    try {
        (void)parseExperiment(experiment, smallTopology(), "t.topo");
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

json training(const json& extra = json::object())
{
    json e = {{"model", {{"preset", "llama-3-8b"}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        e[it.key()] = it.value();
    return e;
}

} // namespace

class OptionTableTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyDocumentedTrainingAndTransportKeyIsDeclared()
    {
        const QStringList lines = docLines();
        QVERIFY(!lines.isEmpty());
        QString section;
        int checked = 0;
        for (const QString& line : lines) {
            if (line.startsWith("#"))
                section = line;
            const QString key = firstCellKey(line);
            if (key.isEmpty() || line.contains("**rejected**"))
                continue; // an option documented as rejected is not an option
            const bool transport = section.contains("`transport`");
            if (!transport && !section.contains("Training keys"))
                continue;
            const std::string full = (transport ? "transport." : "") + key.toStdString();
            const OptionInfo* o = findExperimentOption(full);
            QVERIFY2(o != nullptr, full.c_str());
            QVERIFY2(transport || o->appliesTo(ExperimentKind::Training), full.c_str());
            ++checked;
        }
        QVERIFY2(checked >= 30, qPrintable(QString::number(checked)));
    }

    void everyKeyOfTheKindsTableIsDeclaredForItsKind()
    {
        // | `collective` | what runs | `operation` (allreduce, …), `algorithm` (…), … |
        static const QRegularExpression row(
            "^\\|\\s*`(training|collective|p2p)`.*\\|([^|]*)\\|\\s*$");
        static const QRegularExpression parenthesis("\\([^()]*\\)");
        static const QRegularExpression key("`([a-z_]+)`");
        int kinds = 0;
        for (const QString& line : docLines()) {
            const auto m = row.match(line);
            if (!m.hasMatch())
                continue;
            ++kinds;
            const std::string kindName = m.captured(1).toStdString();
            const ExperimentKind kind = kindName == "training"     ? ExperimentKind::Training
                                        : kindName == "collective" ? ExperimentKind::Collective
                                                                   : ExperimentKind::P2p;
            QString keys = m.captured(2);
            keys.remove(parenthesis); // value lists: "(default `ring`; …)"
            auto it = key.globalMatch(keys);
            QVERIFY(it.hasNext());
            while (it.hasNext()) {
                const std::string k = it.next().captured(1).toStdString();
                const OptionInfo* o = findExperimentOption(k);
                QVERIFY2(o != nullptr, (kindName + ": " + k).c_str());
                QVERIFY2(o->appliesTo(kind), (kindName + ": " + k).c_str());
            }
        }
        QCOMPARE(kinds, 3);
    }

    void parsedDefaultsAreTheTables()
    {
        const ExperimentSpec s = parseExperiment(training(), smallTopology(), "t.topo");
        auto num = [](const char* k) { return experimentOption(k).default_value; };
        auto text = [](const char* k) { return experimentOption(k).default_text; };
        QCOMPARE(double(s.iterations), num("iterations"));
        QCOMPARE(double(s.seed), num("seed"));
        QCOMPARE(s.training.global_batch_tokens, num("parallelism.global_batch_tokens"));
        QCOMPARE(double(s.training.seq_len), num("parallelism.seq_len"));
        QCOMPARE(s.training.mfu, num("parallelism.mfu"));
        QCOMPARE(s.training.dtype, text("parallelism.dtype"));
        QCOMPARE(s.training.broadcast_algorithm, text("broadcast.algorithm"));
        QCOMPARE(std::string(net::toString(s.training.inter_center.protocol)),
                 text("inter_center.protocol"));
        QCOMPARE(s.transport.mss_bytes, num("transport.mss_bytes"));
        QCOMPARE(s.transport.max_window_bytes, num("transport.max_window_bytes"));
        QCOMPARE(s.transport.min_rto_s, num("transport.min_rto_s"));
        QCOMPARE(s.training.source, std::string("c0")); // "the first centre"
    }

    void rangesAndMessagesComeFromTheTable()
    {
        // (0, 1] for mfu: 0 is outside, 1 inside.
        const auto e = parseError(training({{"parallelism", {{"mfu", 0}}}}));
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->location()), QString("/experiment/parallelism/mfu"));
        QVERIFY2(e->problem().find("(0, 1]") != std::string::npos, e->what());
        QVERIFY(!parseError(training({{"parallelism", {{"mfu", 1}}}})));
        const auto mss = parseError(training({{"transport", {{"mss_bytes", "32B"}}}}));
        QVERIFY(mss);
        QCOMPARE(QString::fromStdString(mss->location()),
                 QString("/experiment/transport/mss_bytes"));
        QVERIFY2(mss->problem().find("[64, 65495] bytes, got 32") != std::string::npos,
                 mss->what());
        const auto chunks = parseError(training({{"broadcast", {{"chunks", 5000}}}}));
        QVERIFY(chunks);
        QVERIFY2(chunks->problem().find("4096") != std::string::npos, chunks->what());
        const auto dtype = parseError(training({{"parallelism", {{"dtype", "int4"}}}}));
        QVERIFY(dtype);
        QCOMPARE(dtype->problem(),
                 std::string("unknown dtype 'int4' (expected bf16, fp16, fp32 or fp8)"));
        const auto list = parseError(training({{"inter_center", {{"order", {"c0", 3}}}}}));
        QVERIFY(list);
        QCOMPARE(QString::fromStdString(list->location()),
                 QString("/experiment/inter_center/order/1"));
    }

    void protocolNamesAreTheNetworksOneSet()
    {
        // Canonical names round-trip; the parser's aliases are still accepted.
        for (net::Protocol p : net::kAllProtocols)
            QCOMPARE(net::protocolFromString(net::toString(p)), std::optional<net::Protocol>(p));
        QCOMPARE(experimentOption("protocol").choicesText(), std::string("tcp, udp, gbn or sr"));
        const json p2p = {{"kind", "p2p"}, {"from", "h0"}, {"to", "h1"}, {"bytes", "1MiB"}};
        for (const auto& [name, expected] : std::vector<std::pair<std::string, net::Protocol>>{
                 {"rdma", net::Protocol::ReliableGbn},
                 {"custom-gbn", net::Protocol::ReliableGbn},
                 {"custom", net::Protocol::ReliableGbn},
                 {"custom-sr", net::Protocol::ReliableSr},
                 {"udp", net::Protocol::Udp}}) {
            json e = p2p;
            e["protocol"] = name;
            QVERIFY(parseExperiment(e, smallTopology(), "t.topo").bench.protocol == expected);
        }
        json bad = p2p;
        bad["protocol"] = "TCP"; // names are case-sensitive, as in every .topo field
        const auto e = parseError(bad);
        QVERIFY(e);
        QCOMPARE(e->problem(),
                 std::string("unknown protocol 'TCP' (expected tcp, udp, gbn or sr)"));
    }
};

MERIDIAN_TEST(OptionTableTest)
#include "OptionTableTest.moc"
