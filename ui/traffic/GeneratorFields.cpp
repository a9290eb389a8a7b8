#include "ui/traffic/GeneratorFields.hpp"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>
#include <set>

namespace meridian::ui::traffic {

using nlohmann::json;

const std::vector<std::string>& generatorKinds()
{
    static const std::vector<std::string> kinds{"cbr", "poisson", "on_off", "bulk", "trace"};
    return kinds;
}

unsigned kindBit(const std::string& kind)
{
    const auto& kinds = generatorKinds();
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i] == kind)
            return 1u << i;
    return 0;
}

std::vector<std::string> protocolsOf(const std::string& kind)
{
    if (kind == "cbr")
        return {"udp"};
    if (kind == "bulk")
        return {"tcp"};
    if (kind == "on_off")
        return {"udp", "tcp"};
    return {"tcp", "udp"};
}

const std::vector<std::string>& commonKeys()
{
    static const std::vector<std::string> keys{"id",      "kind",   "from",    "to",
                                               "start_s", "stop_s", "protocol"};
    return keys;
}

const std::vector<GeneratorField>& generatorFields()
{
    // docs/traffic.md §2: one row per key, in the order of its tables.
    static const std::vector<GeneratorField> fields{
        {"rate_bps", QT_TRANSLATE_NOOP("TrafficFields", "Rate"), FieldType::Quantity, kCbrBit,
         "bit/s", QT_TRANSLATE_NOOP("TrafficFields", "The source's rate per pair, e.g. 2G")},
        {"packet_bytes", QT_TRANSLATE_NOOP("TrafficFields", "Packet size"), FieldType::Quantity,
         kCbrBit, "bytes",
         QT_TRANSLATE_NOOP("TrafficFields",
                           "Instead of the rate: one packet every gap (with the gap)")},
        {"gap_s", QT_TRANSLATE_NOOP("TrafficFields", "Packet gap"), FieldType::Quantity, kCbrBit,
         "s", QT_TRANSLATE_NOOP("TrafficFields", "Instead of the rate: the inter-packet gap")},
        {"arrivals_per_s", QT_TRANSLATE_NOOP("TrafficFields", "Arrivals"), FieldType::Quantity,
         kPoissonBit, "flows/s",
         QT_TRANSLATE_NOOP("TrafficFields", "Flow arrival rate of all pairs together")},
        {"load", QT_TRANSLATE_NOOP("TrafficFields", "Load"), FieldType::Quantity, kPoissonBit, "",
         QT_TRANSLATE_NOOP("TrafficFields",
                           "Instead of arrivals: the fraction of the load link's bandwidth, "
                           "[0, 10]")},
        {"load_link", QT_TRANSLATE_NOOP("TrafficFields", "Load link"), FieldType::LinkId,
         kPoissonBit, "",
         QT_TRANSLATE_NOOP("TrafficFields", "The link whose a→b bandwidth the load is of")},
        {"size", QT_TRANSLATE_NOOP("TrafficFields", "Flow sizes"), FieldType::Law, kPoissonBit,
         "bytes", QT_TRANSLATE_NOOP("TrafficFields", "The flow-size law (docs/traffic.md §3)")},
        {"mode", QT_TRANSLATE_NOOP("TrafficFields", "Mode"), FieldType::Choice, kPoissonBit, "",
         QT_TRANSLATE_NOOP("TrafficFields",
                           "flows: every flow simulated; fluid: the aggregate of all flows as "
                           "one paced stream; auto: fluid from 5,000 flows/s "
                           "(docs/traffic.md §2.7)")},
        {"peak_bps", QT_TRANSLATE_NOOP("TrafficFields", "Peak rate"), FieldType::Quantity,
         kOnOffBit, "bit/s", QT_TRANSLATE_NOOP("TrafficFields", "The rate during an on period")},
        {"on", QT_TRANSLATE_NOOP("TrafficFields", "On periods"), FieldType::Law, kOnOffBit, "s",
         QT_TRANSLATE_NOOP("TrafficFields", "The law of the on periods")},
        {"off", QT_TRANSLATE_NOOP("TrafficFields", "Off periods"), FieldType::Law, kOnOffBit, "s",
         QT_TRANSLATE_NOOP("TrafficFields", "The law of the off periods")},
        {"streams", QT_TRANSLATE_NOOP("TrafficFields", "Streams"), FieldType::Integer, kBulkBit, "",
         QT_TRANSLATE_NOOP("TrafficFields", "Parallel TCP connections per pair, 1-128")},
        {"bytes", QT_TRANSLATE_NOOP("TrafficFields", "Bytes per window"), FieldType::Quantity,
         kBulkBit, "bytes",
         QT_TRANSLATE_NOOP("TrafficFields", "Empty: the streams send as much as they can")},
        {"period_s", QT_TRANSLATE_NOOP("TrafficFields", "Period"), FieldType::Quantity, kBulkBit,
         "s",
         QT_TRANSLATE_NOOP("TrafficFields", "A window opens every period (empty: one window)")},
        {"duration_s", QT_TRANSLATE_NOOP("TrafficFields", "Window length"), FieldType::Quantity,
         kBulkBit, "s",
         QT_TRANSLATE_NOOP("TrafficFields", "Periodic windows: what is unsent then is dropped")},
        {"file", QT_TRANSLATE_NOOP("TrafficFields", "Flow file"), FieldType::Quantity, kTraceBit,
         "",
         QT_TRANSLATE_NOOP("TrafficFields",
                           "A CSV of flows, one per line: start_s,size_bytes,src,dst (relative "
                           "to the .topo file; docs/traffic.md, trace)")},
    };
    return fields;
}

std::vector<std::string> lawsFor(const std::string& key)
{
    if (key == "size")
        return {"web-search", "data-mining", "exponential", "pareto", "lognormal", "empirical"};
    return {"exponential", "pareto"};
}

std::vector<std::string> choicesFor(const std::string& key)
{
    if (key == "mode")
        return {"auto", "flows", "fluid"};
    return {};
}

std::string meanKeyOf(const std::string& key)
{
    return key == "size" ? "mean_bytes" : "mean_s";
}

QString fieldLabel(const GeneratorField& field)
{
    return QCoreApplication::translate("TrafficFields", field.label);
}

QString fieldHelp(const GeneratorField& field)
{
    return QCoreApplication::translate("TrafficFields", field.help);
}

json valueOfText(const QString& text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return nullptr;
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok)
        return t.toStdString();
    if (v == std::floor(v) && std::abs(v) < 9.007e15)
        return static_cast<std::int64_t>(v);
    return v;
}

QString textOfValue(const json& value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_number_integer())
        return QString::number(value.get<std::int64_t>());
    if (value.is_number())
        return QString::number(value.get<double>(), 'g', 12);
    if (value.is_array())
        return nodesText(value);
    if (value.is_null())
        return {};
    return QString::fromStdString(value.dump());
}

QString nodesText(const json& value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    QStringList ids;
    if (value.is_array())
        for (const json& v : value)
            ids << (v.is_string() ? QString::fromStdString(v.get<std::string>())
                                  : QString::fromStdString(v.dump()));
    return ids.join(QStringLiteral(", "));
}

json nodesValue(const QString& text)
{
    QStringList ids;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty())
            ids << part.trimmed();
    if (ids.size() == 1)
        return ids.front().toStdString();
    json list = json::array();
    for (const QString& id : ids)
        list.push_back(id.toStdString());
    return list;
}

namespace {

QString fieldText(const json& g, const char* key)
{
    return g.is_object() && g.contains(key) ? textOfValue(g[key]) : QString();
}

} // namespace

QString rateSummary(const json& g)
{
    const std::string kind = g.is_object() ? g.value("kind", std::string()) : std::string();
    if ((kind == "cbr" || kind == "poisson") && g.contains("matrix")) {
        // The matrix gives the rates (docs/traffic.md §2.6): a gravity model's total, or the
        // file's entries; a Poisson generator's sizes still come from its law.
        const json& m = g["matrix"];
        const QString total = m.is_object() && m.contains("gravity") && m["gravity"].is_object()
                                  ? fieldText(m["gravity"], "total_bps")
                                  : QString();
        QString text =
            total.isEmpty()
                ? QCoreApplication::translate("TrafficFields", "the matrix's rates")
                : QCoreApplication::translate("TrafficFields", "total %1 bit/s").arg(total);
        if (kind == "poisson" && g.contains("size") && g["size"].is_object())
            text += QStringLiteral(", ") +
                    QString::fromStdString(g["size"].value("law", std::string()));
        return text;
    }
    if (kind == "cbr") {
        if (g.contains("rate_bps"))
            return fieldText(g, "rate_bps") +
                   QCoreApplication::translate("TrafficFields", " bit/s");
        return QCoreApplication::translate("TrafficFields", "%1 B every %2 s")
            .arg(fieldText(g, "packet_bytes"), fieldText(g, "gap_s"));
    }
    if (kind == "poisson") {
        const QString law = g.contains("size") && g["size"].is_object()
                                ? QString::fromStdString(g["size"].value("law", std::string()))
                                : QString();
        if (g.contains("load"))
            return QCoreApplication::translate("TrafficFields", "load %1 of %2, %3")
                .arg(fieldText(g, "load"), fieldText(g, "load_link"), law);
        return QCoreApplication::translate("TrafficFields", "%1 flows/s, %2")
            .arg(fieldText(g, "arrivals_per_s"), law);
    }
    if (kind == "on_off")
        return QCoreApplication::translate("TrafficFields", "peak %1 bit/s")
            .arg(fieldText(g, "peak_bps"));
    if (kind == "bulk") {
        QString text = QCoreApplication::translate(
            "TrafficFields", "%n stream(s)", nullptr,
            g.contains("streams") && g["streams"].is_number_integer() ? g["streams"].get<int>()
                                                                      : 1);
        if (g.contains("bytes"))
            text +=
                QCoreApplication::translate("TrafficFields", ", %1 B").arg(fieldText(g, "bytes"));
        if (g.contains("period_s"))
            text += QCoreApplication::translate("TrafficFields", " every %1 s")
                        .arg(fieldText(g, "period_s"));
        return text;
    }
    if (kind == "trace")
        return QCoreApplication::translate("TrafficFields", "flows of %1")
            .arg(fieldText(g, "file"));
    return {};
}

QString endpointsSummary(const json& g)
{
    if (!g.is_object())
        return {};
    if (g.value("kind", json()) == json("trace"))
        return QCoreApplication::translate("TrafficFields", "pairs of %1")
            .arg(fieldText(g, "file"));
    if (g.contains("matrix")) {
        const json& m = g["matrix"];
        if (m.is_object() && m.contains("file"))
            return QCoreApplication::translate("TrafficFields", "matrix %1")
                .arg(fieldText(m, "file"));
        return QCoreApplication::translate("TrafficFields", "gravity matrix");
    }
    const QString from = g.contains("from") ? nodesText(g["from"]) : QString();
    const QString to = g.contains("to") ? nodesText(g["to"]) : QString();
    return from + QStringLiteral(" → ") + to;
}

QString windowSummary(const json& g)
{
    const QString start = fieldText(g, "start_s");
    return QStringLiteral("%1 – %2").arg(start.isEmpty() ? QStringLiteral("0") : start,
                                         fieldText(g, "stop_s"));
}

json generatorsOf(const json& experiment)
{
    if (experiment.is_object() && experiment.contains("traffic") &&
        experiment["traffic"].is_object() && experiment["traffic"].contains("generators") &&
        experiment["traffic"]["generators"].is_array())
        return experiment["traffic"]["generators"];
    return json::array();
}

json withGenerators(json experiment, const json& generators)
{
    if (!experiment.is_object())
        experiment = json::object();
    json traffic = experiment.contains("traffic") && experiment["traffic"].is_object()
                       ? experiment["traffic"]
                       : json::object();
    if (generators.empty())
        traffic.erase("generators");
    else
        traffic["generators"] = generators;
    // The section's other keys (a newer engine's) stay; an empty section goes.
    if (traffic.empty())
        experiment.erase("traffic");
    else
        experiment["traffic"] = std::move(traffic);
    return experiment;
}

std::string uniqueGeneratorId(const json& generators, const std::string& stem)
{
    std::set<std::string> used;
    for (const json& g : generators)
        if (g.is_object() && g.contains("id") && g["id"].is_string())
            used.insert(g["id"].get<std::string>());
    if (!used.count(stem))
        return stem;
    for (int i = 2;; ++i)
        if (const std::string id = stem + "-" + std::to_string(i); !used.count(id))
            return id;
}

} // namespace meridian::ui::traffic
