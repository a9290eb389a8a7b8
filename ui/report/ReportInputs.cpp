// The "Inputs" section of a run report (ReportInputs.hpp): the topology's figure, its compute
// centres and link parameters, and the experiment's settings, collectives and communication
// and transport options.
#include "ui/report/ReportInputs.hpp"

#include "meridian/experiment/OptionTable.hpp"
#include "meridian/net/Protocol.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "ui/report/ReportHtml.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <vector>

namespace meridian::ui::report {

namespace {

/// The compute centres of the topology; empty when it has none.
QString centresInputSection(const topology::Topology& topo)
{
    QList<QStringList> rows;
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& n = topo.node(NodeId(static_cast<NodeId::value_type>(i)));
        if (n.kind != topology::NodeKind::Center)
            continue;
        QString fabric = QStringLiteral("—");
        if (n.fabric)
            fabric = QStringLiteral("%1, %2, %3 GPUs/server")
                         .arg(QString::fromUtf8(topology::toString(n.fabric->shape).data()),
                              bandwidthText(n.fabric->link_bandwidth_bps))
                         .arg(n.fabric->gpus_per_server);
        rows.append(
            {esc(n.id), esc(n.name), QString::number(n.gpu_count), esc(n.gpu_model), fabric});
    }
    if (rows.isEmpty())
        return {};
    return h3(QCoreApplication::translate("Report", "Compute centres")) +
           table({QCoreApplication::translate("Report", "id"),
                  QCoreApplication::translate("Report", "name"),
                  QCoreApplication::translate("Report", "GPUs"),
                  QCoreApplication::translate("Report", "GPU model"),
                  QCoreApplication::translate("Report", "fabric")},
                 rows, {2});
}

/// A link's value of attribute row `a` (its a→b direction; the whole link for duplex), or
/// nullopt when the link does not hold it (the queue row of the other unit).
std::optional<topology::AttributeValue> linkValue(const topology::AttributeInfo& a,
                                                  const topology::LinkAttributes& l)
{
    if (a.params)
        return a.params.get(l.params);
    if (a.link)
        return a.link.get(l);
    return std::nullopt;
}

/// The report's text of a row's value: a number in the row's file unit, or the text.
QString attributeText(const topology::AttributeInfo& a, const topology::AttributeValue& v)
{
    if (const auto* text = std::get_if<std::string>(&v))
        return esc(*text);
    const QString number = plain(a.fromSi(std::get<double>(v)), 6);
    return a.unit.empty() ? number : withUnit(number, a.unit.c_str());
}

/// The link table's columns: one per row (per group) of linkAttributeTable() that some link
/// sets to other than its default, the rows the writer always writes included.
std::vector<std::vector<const topology::AttributeInfo*>> linkColumns(const topology::Topology& topo,
                                                                     std::size_t links)
{
    std::vector<std::vector<const topology::AttributeInfo*>> columns;
    for (const topology::AttributeInfo& a : topology::linkAttributeTable()) {
        if (!columns.empty() && !a.group.empty() && columns.back().front()->group == a.group) {
            columns.back().push_back(&a);
            continue;
        }
        columns.push_back({&a});
    }
    const auto differs = [&](const std::vector<const topology::AttributeInfo*>& column) {
        for (const auto* a : column) {
            if (a->always_written)
                return true;
            const topology::AttributeValue dflt =
                a->type == topology::AttributeType::Number ||
                        a->type == topology::AttributeType::Integer
                    ? topology::AttributeValue(a->toSi(a->default_value))
                    : topology::AttributeValue(a->default_text);
            for (std::size_t i = 0; i < links; ++i) {
                const auto v = linkValue(*a, topo.link(LinkId(static_cast<LinkId::value_type>(i))));
                if (v && *v != dflt)
                    return true;
            }
        }
        return false;
    };
    std::erase_if(columns, [&](const auto& column) { return !differs(column); });
    return columns;
}

/// One row of the link parameter table: id (with its notes), endpoints, then the columns.
QStringList
linkParameterRow(const topology::LinkAttributes& l,
                 const std::vector<std::vector<const topology::AttributeInfo*>>& columns)
{
    QString id = esc(l.id);
    if (!l.reverse.empty())
        id += QCoreApplication::translate("Report", " (b→a differs)");
    if (!l.schedule.empty())
        id += QCoreApplication::translate("Report", " (scheduled changes)");
    QStringList row{id, esc(l.a) + QStringLiteral(" — ") + esc(l.b)};
    for (const auto& column : columns) {
        QString cell;
        for (const auto* a : column)
            if (const auto v = linkValue(*a, l)) {
                cell = attributeText(*a, *v);
                break;
            }
        row.append(cell);
    }
    return row;
}

/// The link parameters of the topology (the first kMaxLinkRows links): a column per link
/// attribute of the table that some link sets.
QString linkParametersSection(const topology::Topology& topo)
{
    const std::size_t links = std::min<std::size_t>(topo.linkCount(), kMaxLinkRows);
    const auto columns = linkColumns(topo, links);
    QList<QStringList> rows;
    for (std::size_t i = 0; i < links; ++i)
        rows.append(
            linkParameterRow(topo.link(LinkId(static_cast<LinkId::value_type>(i))), columns));
    QStringList header{QCoreApplication::translate("Report", "id"),
                       QCoreApplication::translate("Report", "endpoints")};
    QList<int> rightAligned;
    for (const auto& column : columns) {
        header.append(QString::fromStdString(column.front()->label));
        rightAligned.append(static_cast<int>(header.size()) - 1);
    }
    QString h = h3(QCoreApplication::translate("Report", "Links"));
    h += table(header, rows, rightAligned);
    if (topo.linkCount() > kMaxLinkRows)
        h += note(QCoreApplication::translate("Report", "… and %1 more links (see the .topo file).")
                      .arg(topo.linkCount() - kMaxLinkRows));
    return h;
}

/// The training settings: model, dataset, parallelism, batch, precision and optimiser step.
void appendTrainingSettings(KeyValues& rows, const experiment::TrainingSpec& t,
                            const experiment::Results& results)
{
    QStringList model;
    for (auto it = t.model.begin(); t.model.is_object() && it != t.model.end(); ++it)
        model << esc(it.key()) + QStringLiteral(" ") + jsonText(it.value());
    rows.append({QCoreApplication::translate("Report", "model"),
                 model.isEmpty() ? jsonText(t.model) : model.join(QStringLiteral(", "))});
    if (!results.model.empty())
        rows.append({QCoreApplication::translate("Report", "model parameters"),
                     esc(results.model) + QStringLiteral(", ") +
                         withUnit(num(results.model_parameters / 1e9), "B")});
    rows.append({QCoreApplication::translate("Report", "dataset"),
                 esc(t.dataset_name) + QStringLiteral(", ") + bytesText(t.dataset_bytes)});
    rows.append({QCoreApplication::translate("Report", "parallelism"), esc(t.mode)});
    rows.append({QCoreApplication::translate("Report", "global batch"),
                 num(t.global_batch_tokens, 8) + QCoreApplication::translate("Report", " tokens")});
    rows.append(
        {QCoreApplication::translate("Report", "sequence length"), QString::number(t.seq_len)});
    rows.append({QCoreApplication::translate("Report", "dtype"), esc(t.dtype)});
    rows.append(
        {QCoreApplication::translate("Report", "ZeRO stage"), QString::number(t.zero_stage)});
    rows.append({QCoreApplication::translate("Report", "MFU"), num(t.mfu)});
    rows.append({QCoreApplication::translate("Report", "activation recompute"),
                 yesNo(t.activation_recompute)});
    rows.append({QCoreApplication::translate("Report", "source centre"), esc(t.source)});
    rows.append({QCoreApplication::translate("Report", "optimiser step"),
                 t.update_s < 0 ? QCoreApplication::translate("Report", "from the compute model")
                                : dur(t.update_s)});
}

/// The micro-benchmark settings: operation, participants, size, repeats and streams.
void appendBenchSettings(KeyValues& rows, const experiment::MicroBenchmarkSpec& b)
{
    rows.append({QCoreApplication::translate("Report", "operation"), esc(b.operation)});
    QStringList who;
    for (const auto& p : b.participants)
        who << esc(p);
    rows.append(
        {QCoreApplication::translate("Report", "participants"), who.join(QStringLiteral(", "))});
    rows.append({QCoreApplication::translate("Report", "bytes"), bytesText(b.bytes)});
    rows.append({QCoreApplication::translate("Report", "repeat"), QString::number(b.repeat)});
    if (b.streams > 1)
        rows.append({QCoreApplication::translate("Report", "parallel streams"),
                     QString::number(b.streams)});
}

/// The experiment's parameters: kind, iterations, seed, then the training or benchmark ones.
QString experimentSection(const experiment::ExperimentSpec& spec,
                          const experiment::Results& results)
{
    KeyValues rows;
    rows.append({QCoreApplication::translate("Report", "kind"),
                 esc(std::string(experiment::toString(spec.kind)))});
    rows.append({QCoreApplication::translate("Report", "iterations (run)"),
                 QString::number(results.iterations.empty() ? spec.iterations
                                                            : int(results.iterations.size()))});
    rows.append({QCoreApplication::translate("Report", "seed"), QString::number(results.seed)});
    if (spec.kind == experiment::ExperimentKind::Training)
        appendTrainingSettings(rows, spec.training, results);
    else
        appendBenchSettings(rows, spec.bench);
    return h3(QCoreApplication::translate("Report", "Experiment")) + kvTable(rows);
}

QString chunksText(int chunks)
{
    return chunks > 0 ? QString::number(chunks)
                      : QCoreApplication::translate("Report", "NCCL default");
}

QString protocolText(net::Protocol p)
{
    return QString::fromUtf8(net::toString(p).data());
}

/// A training phase's collective: algorithm, protocol, chunks, and its order and gateways.
QStringList collectiveRow(const QString& name, const experiment::CollectivePhaseSpec& c)
{
    QStringList extra;
    if (!c.order.empty()) {
        QStringList o;
        for (const auto& s : c.order)
            o << esc(s);
        extra
            << QCoreApplication::translate("Report", "order %1").arg(o.join(QStringLiteral(" → ")));
    }
    if (!c.gateways.empty()) {
        QStringList g;
        for (const auto& s : c.gateways)
            g << esc(s);
        extra << QCoreApplication::translate("Report", "gateways %1")
                     .arg(g.join(QStringLiteral(", ")));
    }
    return {name, esc(c.collective), protocolText(c.protocol), chunksText(c.chunks),
            extra.join(QStringLiteral("; "))};
}

QString collectivesSection(const experiment::ExperimentSpec& spec)
{
    QList<QStringList> rows;
    if (spec.kind == experiment::ExperimentKind::Training) {
        const auto& t = spec.training;
        rows.append({QCoreApplication::translate("Report", "broadcast"), esc(t.broadcast_algorithm),
                     protocolText(t.broadcast_protocol), chunksText(t.broadcast_chunks),
                     t.broadcast_dataset
                         ? QCoreApplication::translate("Report", "weights and dataset shards")
                         : QCoreApplication::translate("Report", "weights")});
        rows.append(
            collectiveRow(QCoreApplication::translate("Report", "intra-centre"), t.intra_center));
        rows.append(
            collectiveRow(QCoreApplication::translate("Report", "inter-centre"), t.inter_center));
    } else {
        const auto& b = spec.bench;
        rows.append({esc(b.operation), esc(b.algorithm), protocolText(b.protocol),
                     chunksText(b.chunks), QString()});
    }
    return h3(QCoreApplication::translate("Report", "Collectives")) +
           table({QCoreApplication::translate("Report", "phase"),
                  QCoreApplication::translate("Report", "algorithm"),
                  QCoreApplication::translate("Report", "protocol"),
                  QCoreApplication::translate("Report", "chunks"),
                  QCoreApplication::translate("Report", "notes")},
                 rows);
}

/// One option's value in its file unit: sizes in binary bytes, durations, yes/no, choices.
QString optionText(const experiment::OptionInfo& o, const experiment::OptionValue& v)
{
    if (const auto* text = std::get_if<std::string>(&v))
        return esc(*text);
    if (const auto* on = std::get_if<bool>(&v))
        return yesNo(*on);
    const double x = std::get<double>(v);
    switch (o.type) {
    case experiment::OptionType::Size:
        return binaryBytes(x);
    case experiment::OptionType::Duration:
        return dur(x);
    default:
        return o.unit.empty() ? num(x) : withUnit(num(x), o.unit.c_str());
    }
}

/// The communicator (channels, buffers, steps, sockets) and TCP transport parameters: one row
/// per bound `comm.*` and `transport.*` row of experimentOptionTable() that applies to the
/// experiment's kind, so a new option appears here with no report code.
QString transportSection(const experiment::ExperimentSpec& spec)
{
    QList<QPair<QString, QString>> rows;
    for (const experiment::OptionInfo& o : experiment::experimentOptionTable()) {
        if (!o.bind || !o.appliesTo(spec.kind) ||
            !(o.key.starts_with("comm.") || o.key.starts_with("transport.")))
            continue;
        const QString label = QCoreApplication::translate(
            "meridian::ui::PropertyEditor", (o.label.empty() ? o.key : o.label).c_str());
        rows.append({label, optionText(o, o.bind.get(spec))});
    }
    return h3(QCoreApplication::translate("Report", "Communication and transport")) + kvTable(rows);
}

} // namespace

QString inputsSection(const io::Project& project, const experiment::Results& results,
                      const std::optional<experiment::ExperimentSpec>& spec, FigureList& figure)
{
    QString h = QStringLiteral("<h2>%1</h2>").arg(QCoreApplication::translate("Report", "Inputs"));
    h += h3(QCoreApplication::translate("Report", "Topology"));
    h += figure("topology");
    h += centresInputSection(project.topology);
    h += linkParametersSection(project.topology);
    if (spec) {
        h += experimentSection(*spec, results);
        h += collectivesSection(*spec);
        h += transportSection(*spec);
    }
    return h;
}

} // namespace meridian::ui::report
