#include "ui/PropertyEditor.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "ui/Document.hpp"
#include "ui/NodeStyle.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/commands/ChangeLinkAttributesCommand.hpp"
#include "ui/commands/ChangeNodeAttributesCommand.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QHeaderView>
#include <QHostAddress>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::ui {

using topology::AttributeInfo;
using topology::LinkAttributes;
using topology::NodeAttributes;
using topology::NodeKind;

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

/// "" if `si` (engine units) is inside the attribute's declared range, else the message.
QString rangeError(const AttributeInfo& info, double si)
{
    if (info.accepts(info.fromSi(si)))
        return {};
    return QCoreApplication::translate("PropertyEditor", "Out of range: must be %1%2")
        .arg(qs(info.rangeText()),
             info.unit.empty() ? QString() : QLatin1Char(' ') + qs(info.unit));
}

QString bandwidthError()
{
    return QCoreApplication::translate("PropertyEditor",
                                       "Not a bandwidth: try 25G, 400 Gbps or 100M");
}

QString durationError()
{
    return QCoreApplication::translate("PropertyEditor", "Not a duration: try 15ms, 2us or 1.5s");
}

QString fractionError()
{
    return QCoreApplication::translate("PropertyEditor", "Not a fraction: try 0.1% or 0.001");
}

QString numberError()
{
    return QCoreApplication::translate("PropertyEditor", "Not a number");
}

QString compact(QString t)
{
    t.remove(QLatin1Char(' '));
    return t;
}

/// Loss shown as a plain percentage ("0.001 %", never "1e-05 %"), four significant digits.
QString showFraction(double f)
{
    const double pct = f * 100.0;
    if (pct == 0.0 || !std::isfinite(pct))
        return QStringLiteral("0 %");
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(pct))));
    const int decimals = std::clamp(3 - magnitude, 0, 12);
    QString t = QString::number(pct, 'f', decimals);
    if (t.contains(QLatin1Char('.'))) {
        while (t.endsWith(QLatin1Char('0')))
            t.chop(1);
        if (t.endsWith(QLatin1Char('.')))
            t.chop(1);
    }
    return t + QStringLiteral(" %");
}

/// A size for display: six significant digits, no binary-float noise ("85.8993", not
/// "85.89934592000001").
QString showNumber(double v)
{
    return QString::number(v, 'g', 6);
}

std::optional<double> parseNumber(const QString& text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// Parses a whole number inside the attribute's range; range-checked before any cast, so
/// "3e9" is an error rather than a negative int.
QString parseWholeNumber(const QString& text, const AttributeInfo& info, int& out)
{
    const auto v = parseNumber(text);
    if (!v)
        return numberError();
    if (*v != std::floor(*v))
        return QCoreApplication::translate("PropertyEditor", "Must be a whole number");
    if (auto e = rangeError(info, *v); !e.isEmpty())
        return e;
    if (*v > static_cast<double>(std::numeric_limits<int>::max()) ||
        *v < static_cast<double>(std::numeric_limits<int>::min()))
        return QCoreApplication::translate("PropertyEditor",
                                           "Out of range: the number is too large");
    out = static_cast<int>(*v);
    return {};
}

/// Queue text: a bare number or "N pkts" = packets; anything with a byte unit = bytes.
struct QueueValue
{
    double value = 0;
    topology::QueueUnit unit = topology::QueueUnit::Packets;
};
std::optional<QueueValue> parseQueue(const QString& text)
{
    QString t = text.trimmed().toLower();
    for (const char* suffix : {"packets", "packet", "pkts", "pkt", "p"})
        if (t.endsWith(QLatin1String(suffix))) {
            t.chop(static_cast<int>(qstrlen(suffix)));
            if (auto v = parseNumber(t))
                return QueueValue{*v, topology::QueueUnit::Packets};
            return std::nullopt;
        }
    if (auto v = parseNumber(t))
        return QueueValue{*v, topology::QueueUnit::Packets};
    if (auto b = units::parseBytes(text.trimmed().toStdString()))
        return QueueValue{*b, topology::QueueUnit::Bytes};
    return std::nullopt;
}

QStringList deviceNames()
{
    // GPU names of the device catalogue; none (the field stays free text) if it cannot load.
    QStringList names;
    try {
        for (const std::string& name : workload::DeviceCatalogue::builtin().names())
            names << qs(name);
    } catch (const InputError&) {
    }
    return names;
}

} // namespace

PropertyEditor::PropertyEditor(Document* doc, TopologyScene* scene, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_scene(scene)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_pages = new QStackedWidget(this);
    outer->addWidget(m_pages);

    auto* empty = new QLabel(tr("Select a node or a link to edit its attributes.\n\n"
                                "Several items of one kind can be edited together."),
                             this);
    empty->setWordWrap(true);
    empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    empty->setMargin(12);
    empty->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_pages->addWidget(empty);
    buildNodePage();
    buildLinkPage();

    connect(scene, &QGraphicsScene::selectionChanged, this, &PropertyEditor::refresh);
    connect(doc, &Document::nodeChanged, this, &PropertyEditor::refresh);
    connect(doc, &Document::linkChanged, this, &PropertyEditor::refresh);
    connect(doc, &Document::topologyReset, this, &PropertyEditor::refresh);
    refresh();
}

template <class Attrs>
void PropertyEditor::addRow(QGridLayout* grid, Field<Attrs>& field, const QString& unit,
                            const QString& help, const QStringList& choices, bool editableCombo)
{
    const int row = grid->rowCount();
    field.labelWidget = new QLabel(field.label + QLatin1Char(':'));
    field.labelWidget->setToolTip(help);
    grid->addWidget(field.labelWidget, row, 0, Qt::AlignRight | Qt::AlignVCenter);
    if (!choices.isEmpty() || editableCombo) {
        auto* combo = new QComboBox;
        combo->addItems(choices);
        combo->setEditable(editableCombo);
        field.editor = combo;
    } else {
        auto* line = new QLineEdit;
        line->setClearButtonEnabled(false);
        field.editor = line;
    }
    field.editor->setObjectName(field.key);
    field.editor->setToolTip(help);
    grid->addWidget(field.editor, row, 1);
    if (!unit.isEmpty()) {
        auto* u = new QLabel(unit);
        u->setStyleSheet(QStringLiteral("color: palette(mid);"));
        grid->addWidget(u, row, 2);
        m_unitLabels.insert(field.editor, u);
    }
    field.error = new QLabel;
    field.error->setStyleSheet(QStringLiteral("color: #c62828; font-size: small;"));
    field.error->setWordWrap(true);
    field.error->hide();
    grid->addWidget(field.error, row + 1, 1, 1, 2);
}

void PropertyEditor::buildNodePage()
{
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget;
    auto* v = new QVBoxLayout(page);
    m_nodeHeader = new QLabel;
    m_nodeHeader->setStyleSheet(QStringLiteral("font-weight: bold; font-size: 11pt;"));
    v->addWidget(m_nodeHeader);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    v->addLayout(grid);
    v->addStretch(1);
    scroll->setWidget(page);
    m_pages->addWidget(scroll);

    const auto always = [](const NodeAttributes&) { return true; };
    const auto centreOnly = [](const NodeAttributes& n) { return n.kind == NodeKind::Center; };

    m_nodeFields.push_back(
        {QStringLiteral("id"), tr("Id"), nullptr, nullptr, nullptr,
         [](const NodeAttributes& n) { return qs(n.id); },
         [this](NodeAttributes& n, const QString& t) -> QString {
             const std::string id = t.trimmed().toStdString();
             if (id.empty())
                 return tr("The id cannot be empty");
             if (id != n.id && m_doc->node(id))
                 return tr("Another node already has the id “%1”").arg(t.trimmed());
             n.id = id;
             return {};
         },
         always, true});
    m_nodeFields.push_back({QStringLiteral("name"), tr("Name"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) { return qs(n.name); },
                            [](NodeAttributes& n, const QString& t) -> QString {
                                n.name = t.trimmed().toStdString();
                                return {};
                            },
                            always, false});
    m_nodeFields.push_back({QStringLiteral("ip"), tr("IP / prefix"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) { return qs(n.ip); },
                            [](NodeAttributes& n, const QString& t) -> QString {
                                const QString s = t.trimmed();
                                if (!s.isEmpty()) {
                                    const auto subnet = QHostAddress::parseSubnet(s);
                                    if (QHostAddress(s).isNull() && subnet.first.isNull())
                                        return tr("Not an address or prefix: try 10.1.0.0/16");
                                }
                                n.ip = s.toStdString();
                                return {};
                            },
                            always, false});
    m_nodeFields.push_back({QStringLiteral("cpu_cores"), tr("CPU cores"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) { return QString::number(n.cpu_cores); },
                            [](NodeAttributes& n, const QString& t) -> QString {
                                return parseWholeNumber(t, topology::nodeAttribute("cpu_cores"),
                                                        n.cpu_cores);
                            },
                            always, false});
    m_nodeFields.push_back({QStringLiteral("memory_gb"), tr("Memory"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) { return showNumber(n.memory_gb); },
                            [](NodeAttributes& n, const QString& t) -> QString {
                                // A bare number is GB; "2 TiB", "512GB" are converted.
                                std::optional<double> gb = parseNumber(t);
                                if (!gb)
                                    if (auto bytes = units::parseBytes(t.trimmed().toStdString()))
                                        gb = *bytes / 1e9;
                                if (!gb)
                                    return tr("Not a size: try 2048 (GB) or 2 TiB");
                                if (auto e = rangeError(topology::nodeAttribute("memory_gb"), *gb);
                                    !e.isEmpty())
                                    return e;
                                n.memory_gb = *gb;
                                return {};
                            },
                            always, false});
    m_nodeFields.push_back({QStringLiteral("gpu_model"), tr("GPU model"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) { return qs(n.gpu_model); },
                            [](NodeAttributes& n, const QString& t) -> QString {
                                n.gpu_model = t.trimmed().toStdString();
                                return {};
                            },
                            [](const NodeAttributes& n) {
                                return n.kind == NodeKind::Center || n.kind == NodeKind::Gpu ||
                                       n.kind == NodeKind::Host;
                            },
                            false});
    m_nodeFields.push_back({QStringLiteral("gpu_count"), tr("GPU count"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) { return QString::number(n.gpu_count); },
                            [](NodeAttributes& n, const QString& t) -> QString {
                                return parseWholeNumber(t, topology::nodeAttribute("gpu_count"),
                                                        n.gpu_count);
                            },
                            [](const NodeAttributes& n) {
                                return n.kind == NodeKind::Center || n.kind == NodeKind::Gpu ||
                                       n.kind == NodeKind::Host;
                            },
                            false});
    const auto fabric = [](const NodeAttributes& n) {
        return n.fabric.value_or(topology::FabricSpec{});
    };
    m_nodeFields.push_back(
        {QStringLiteral("fabric.topology"), tr("Fabric"), nullptr, nullptr, nullptr,
         [fabric](const NodeAttributes& n) { return qs(fabric(n).topology); },
         [fabric](NodeAttributes& n, const QString& t) -> QString {
             auto f = fabric(n);
             if (!topology::fabricAttribute("topology").acceptsText(t.toStdString()))
                 return tr("Unknown fabric “%1”").arg(t);
             f.topology = t.toStdString();
             n.fabric = f;
             return {};
         },
         centreOnly, false});
    m_nodeFields.push_back(
        {QStringLiteral("fabric.link_gbps"), tr("Fabric links"), nullptr, nullptr, nullptr,
         [fabric](const NodeAttributes& n) {
             return qs(units::formatBandwidth(fabric(n).link_bandwidth_bps));
         },
         [fabric](NodeAttributes& n, const QString& t) -> QString {
             const auto bps = units::parseBandwidthBps(t.trimmed().toStdString(), 1e9);
             if (!bps)
                 return bandwidthError();
             if (auto e = rangeError(topology::fabricAttribute("link_gbps"), *bps); !e.isEmpty())
                 return e;
             auto f = fabric(n);
             f.link_bandwidth_bps = *bps;
             n.fabric = f;
             return {};
         },
         centreOnly, false});
    m_nodeFields.push_back(
        {QStringLiteral("fabric.latency_us"), tr("Fabric hop latency"), nullptr, nullptr, nullptr,
         [fabric](const NodeAttributes& n) {
             return qs(units::formatDuration(fabric(n).latency_s));
         },
         [fabric](NodeAttributes& n, const QString& t) -> QString {
             const auto s = units::parseDurationS(t.trimmed().toStdString(), 1e-6);
             if (!s)
                 return durationError();
             if (auto e = rangeError(topology::fabricAttribute("latency_us"), *s); !e.isEmpty())
                 return e;
             auto f = fabric(n);
             f.latency_s = *s;
             n.fabric = f;
             return {};
         },
         centreOnly, false});
    m_nodeFields.push_back(
        {QStringLiteral("fabric.gpus_per_server"), tr("GPUs per server"), nullptr, nullptr, nullptr,
         [fabric](const NodeAttributes& n) { return QString::number(fabric(n).gpus_per_server); },
         [fabric](NodeAttributes& n, const QString& t) -> QString {
             auto f = fabric(n);
             if (auto e = parseWholeNumber(t, topology::fabricAttribute("gpus_per_server"),
                                           f.gpus_per_server);
                 !e.isEmpty())
                 return e;
             n.fabric = f;
             return {};
         },
         centreOnly, false});
    const auto coordinate = [](bool lat) {
        return [lat](NodeAttributes& n, const QString& t) -> QString {
            auto& field = lat ? n.latitude_deg : n.longitude_deg;
            if (t.trimmed().isEmpty()) {
                field.reset();
                return {};
            }
            const auto v = parseNumber(t);
            const double limit = lat ? 90.0 : 180.0;
            if (!v)
                return numberError();
            if (std::abs(*v) > limit)
                return QCoreApplication::translate("PropertyEditor",
                                                   "Out of range: must be [-%1, %1] degrees")
                    .arg(limit);
            field = *v;
            return {};
        };
    };
    m_nodeFields.push_back({QStringLiteral("latitude"), tr("Latitude"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) {
                                return n.latitude_deg ? qs(units::formatNumber(*n.latitude_deg))
                                                      : QString();
                            },
                            coordinate(true), always, false});
    m_nodeFields.push_back({QStringLiteral("longitude"), tr("Longitude"), nullptr, nullptr, nullptr,
                            [](const NodeAttributes& n) {
                                return n.longitude_deg ? qs(units::formatNumber(*n.longitude_deg))
                                                       : QString();
                            },
                            coordinate(false), always, false});

    const QStringList devices = deviceNames();
    for (auto& f : m_nodeFields) {
        QString unit;
        QString help;
        QStringList choices;
        const std::string key = f.key.toStdString();
        const std::string bare =
            f.key.startsWith(QLatin1String("fabric.")) ? f.key.mid(7).toStdString() : key;
        const auto* info = f.key.startsWith(QLatin1String("fabric."))
                               ? topology::findAttribute(topology::fabricAttributeTable(), bare)
                               : topology::findAttribute(topology::nodeAttributeTable(), bare);
        if (info) {
            help = qs(info->help);
            unit = qs(info->unit);
            choices = [&] {
                QStringList c;
                for (const auto& s : info->choices)
                    c << qs(s);
                return c;
            }();
        }
        if (f.key == QLatin1String("memory_gb"))
            unit = QStringLiteral("GB");
        if (f.key == QLatin1String("fabric.link_gbps") ||
            f.key == QLatin1String("fabric.latency_us"))
            unit.clear(); // shown with its unit in the text
        if (f.key == QLatin1String("latitude") || f.key == QLatin1String("longitude"))
            unit = QStringLiteral("°");
        const bool editable = f.key == QLatin1String("gpu_model");
        if (editable)
            choices = devices;
        addRow(grid, f, unit, help, choices, editable);
        NodeField* fp = &f;
        if (auto* line = qobject_cast<QLineEdit*>(f.editor))
            connect(line, &QLineEdit::editingFinished, this, [this, fp] {
                if (!m_refreshing)
                    commitNodeField(*fp);
            });
        if (auto* combo = qobject_cast<QComboBox*>(f.editor)) {
            connect(combo, &QComboBox::activated, this, [this, fp] {
                if (!m_refreshing)
                    commitNodeField(*fp);
            });
            if (combo->lineEdit())
                connect(combo->lineEdit(), &QLineEdit::editingFinished, this, [this, fp] {
                    if (!m_refreshing)
                        commitNodeField(*fp);
                });
        }
    }
}

void PropertyEditor::buildLinkPage()
{
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget;
    auto* v = new QVBoxLayout(page);
    m_linkHeader = new QLabel;
    m_linkHeader->setStyleSheet(QStringLiteral("font-weight: bold; font-size: 11pt;"));
    m_linkHeader->setWordWrap(true);
    v->addWidget(m_linkHeader);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    v->addLayout(grid);
    scroll->setWidget(page);
    m_pages->addWidget(scroll);

    const auto always = [](const LinkAttributes&) { return true; };
    using topology::linkAttribute;

    m_linkFields.push_back(
        {QStringLiteral("link_id"), tr("Id"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) { return qs(l.id); },
         [this](LinkAttributes& l, const QString& t) -> QString {
             const std::string id = t.trimmed().toStdString();
             if (id.empty())
                 return tr("The id cannot be empty");
             if (id != l.id && m_doc->link(id))
                 return tr("Another link already has the id “%1”").arg(t.trimmed());
             l.id = id;
             return {};
         },
         always, true});
    const auto bandwidthField = [](bool reverse) {
        return [reverse](LinkAttributes& l, const QString& t) -> QString {
            if (reverse && t.trimmed().isEmpty()) {
                l.reverse.bandwidth_bps.reset();
                return {};
            }
            const auto bps = units::parseBandwidthBps(t.trimmed().toStdString(), 1e9);
            if (!bps)
                return bandwidthError();
            if (auto e = rangeError(topology::linkAttribute("bandwidth_gbps"), *bps); !e.isEmpty())
                return e;
            if (reverse)
                l.reverse.bandwidth_bps = *bps;
            else
                l.params.bandwidth_bps = *bps;
            return {};
        };
    };
    const auto delayField = [](bool reverse, bool jitter) {
        return [reverse, jitter](LinkAttributes& l, const QString& t) -> QString {
            auto& opt = jitter ? l.reverse.jitter_s : l.reverse.delay_s;
            if (reverse && t.trimmed().isEmpty()) {
                opt.reset();
                return {};
            }
            const auto s = units::parseDurationS(t.trimmed().toStdString(), 1e-3);
            if (!s)
                return durationError();
            if (auto e = rangeError(topology::linkAttribute(jitter ? "jitter_ms" : "delay_ms"), *s);
                !e.isEmpty())
                return e;
            if (reverse)
                opt = *s;
            else if (jitter)
                l.params.jitter_s = *s;
            else
                l.params.delay_s = *s;
            return {};
        };
    };
    const auto lossField = [](bool reverse) {
        return [reverse](LinkAttributes& l, const QString& t) -> QString {
            if (reverse && t.trimmed().isEmpty()) {
                l.reverse.loss.reset();
                return {};
            }
            const auto f = units::parseFraction(compact(t).toStdString());
            if (!f)
                return fractionError();
            if (auto e = rangeError(topology::linkAttribute("loss"), *f); !e.isEmpty())
                return e;
            if (reverse)
                l.reverse.loss = *f;
            else
                l.params.loss = *f;
            return {};
        };
    };
    m_linkFields.push_back(
        {QStringLiteral("bandwidth_gbps"), tr("Bandwidth"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) { return qs(units::formatBandwidth(l.params.bandwidth_bps)); },
         bandwidthField(false), always, false});
    m_linkFields.push_back(
        {QStringLiteral("delay_ms"), tr("Delay (one-way)"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) { return qs(units::formatDuration(l.params.delay_s)); },
         delayField(false, false), always, false});
    m_linkFields.push_back(
        {QStringLiteral("jitter_ms"), tr("Jitter"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) { return qs(units::formatDuration(l.params.jitter_s)); },
         delayField(false, true), always, false});
    m_linkFields.push_back({QStringLiteral("jitter_distribution"), tr("Jitter distribution"),
                            nullptr, nullptr, nullptr,
                            [](const LinkAttributes& l) {
                                return qs(topology::toString(l.params.jitter_distribution));
                            },
                            [](LinkAttributes& l, const QString& t) -> QString {
                                const auto d =
                                    topology::jitterDistributionFromString(t.toStdString());
                                if (!d)
                                    return tr("Unknown distribution “%1”").arg(t);
                                l.params.jitter_distribution = *d;
                                return {};
                            },
                            always, false});
    m_linkFields.push_back({QStringLiteral("loss"), tr("Loss"), nullptr, nullptr, nullptr,
                            [](const LinkAttributes& l) { return showFraction(l.params.loss); },
                            lossField(false), always, false});
    m_linkFields.push_back(
        {QStringLiteral("queue"), tr("Queue"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) {
             return l.params.queue_unit == topology::QueueUnit::Packets
                        ? qs(units::formatNumber(l.params.queue)) + QStringLiteral(" pkts")
                        : qs(units::formatBytes(l.params.queue));
         },
         [](LinkAttributes& l, const QString& t) -> QString {
             const auto q = parseQueue(t);
             if (!q)
                 return tr("Not a queue size: try 1000 (packets) or 1.5 MB");
             const auto& info = topology::linkAttribute(
                 q->unit == topology::QueueUnit::Packets ? "queue_pkts" : "queue_bytes");
             if (auto e = rangeError(info, q->value); !e.isEmpty())
                 return e;
             l.params.queue = q->value;
             l.params.queue_unit = q->unit;
             return {};
         },
         always, false});
    m_linkFields.push_back(
        {QStringLiteral("duplex"), tr("Duplex"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) { return qs(topology::toString(l.duplex)); },
         [](LinkAttributes& l, const QString& t) -> QString {
             const auto d = topology::duplexFromString(t.toStdString());
             if (!d)
                 return tr("Unknown duplex “%1”").arg(t);
             l.duplex = *d;
             return {};
         },
         always, false});
    m_linkFields.push_back(
        {QStringLiteral("reverse.bandwidth_gbps"), tr("b→a bandwidth"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) {
             return l.reverse.bandwidth_bps ? qs(units::formatBandwidth(*l.reverse.bandwidth_bps))
                                            : QString();
         },
         bandwidthField(true), always, false});
    m_linkFields.push_back(
        {QStringLiteral("reverse.delay_ms"), tr("b→a delay"), nullptr, nullptr, nullptr,
         [](const LinkAttributes& l) {
             return l.reverse.delay_s ? qs(units::formatDuration(*l.reverse.delay_s)) : QString();
         },
         delayField(true, false), always, false});
    m_linkFields.push_back({QStringLiteral("reverse.loss"), tr("b→a loss"), nullptr, nullptr,
                            nullptr,
                            [](const LinkAttributes& l) {
                                return l.reverse.loss ? showFraction(*l.reverse.loss) : QString();
                            },
                            lossField(true), always, false});

    for (auto& f : m_linkFields) {
        QString key = f.key;
        key.remove(QStringLiteral("reverse."));
        if (key == QLatin1String("queue"))
            key = QStringLiteral("queue_pkts");
        const auto* info =
            topology::findAttribute(topology::linkAttributeTable(), key.toStdString());
        QString help = info ? qs(info->help) : QString();
        QStringList choices;
        if (info)
            for (const auto& c : info->choices)
                choices << qs(c);
        if (f.key.startsWith(QLatin1String("reverse.")))
            help = tr("Override for the b→a direction; leave empty to use the a→b value.");
        if (f.key == QLatin1String("reverse.bandwidth_gbps")) {
            auto* sep = new QLabel(tr("Reverse direction (b→a) overrides"));
            sep->setStyleSheet(QStringLiteral("font-weight: bold; margin-top: 8px;"));
            grid->addWidget(sep, grid->rowCount(), 0, 1, 3);
        }
        addRow(grid, f, QString(), help, choices, false);
        if (f.key.startsWith(QLatin1String("reverse.")))
            if (auto* line = qobject_cast<QLineEdit*>(f.editor))
                line->setPlaceholderText(tr("same as a→b"));
        LinkField* fp = &f;
        if (auto* line = qobject_cast<QLineEdit*>(f.editor))
            connect(line, &QLineEdit::editingFinished, this, [this, fp] {
                if (!m_refreshing)
                    commitLinkField(*fp);
            });
        if (auto* combo = qobject_cast<QComboBox*>(f.editor))
            connect(combo, &QComboBox::activated, this, [this, fp] {
                if (!m_refreshing)
                    commitLinkField(*fp);
            });
    }

    // Schedule: piecewise-constant changes over simulated time (single link only).
    auto* title = new QLabel(tr("Schedule (changes over simulated time)"));
    title->setStyleSheet(QStringLiteral("font-weight: bold; margin-top: 8px;"));
    v->addWidget(title);
    // The step buttons sit above the table so they stay in view however tall the dock is.
    auto* buttons = new QHBoxLayout;
    m_addStep = new QPushButton(tr("Add step"));
    m_removeStep = new QPushButton(tr("Remove step"));
    buttons->addWidget(m_addStep);
    buttons->addWidget(m_removeStep);
    buttons->addStretch(1);
    v->addLayout(buttons);
    m_schedule = new QTableWidget(0, 5);
    m_schedule->setHorizontalHeaderLabels(
        {tr("At"), tr("Bandwidth"), tr("Delay"), tr("Loss"), tr("State")});
    // Columns share the dock's width: no clipped header, no horizontal scroll bar.
    m_schedule->horizontalHeader()->setMinimumSectionSize(30);
    m_schedule->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_schedule->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_schedule->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    m_schedule->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_schedule->setMinimumWidth(150);
    m_schedule->verticalHeader()->hide();
    m_schedule->setMinimumHeight(110);
    m_schedule->setToolTip(tr("Each row changes the link from its time on: e.g. at 600s, "
                              "bandwidth 5G. Empty cells keep the value. State: up/down/empty."));
    v->addWidget(m_schedule);
    m_scheduleError = new QLabel;
    m_scheduleError->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_scheduleError->setWordWrap(true);
    m_scheduleError->hide();
    v->addWidget(m_scheduleError);
    v->addStretch(1);
    connect(m_schedule, &QTableWidget::itemChanged, this, [this] {
        if (!m_refreshing)
            commitSchedule();
    });
    connect(m_addStep, &QPushButton::clicked, this, [this] {
        const auto links = selectedLinks();
        if (links.size() != 1)
            return;
        double at = 60.0;
        if (!links[0].schedule.empty())
            at = links[0].schedule.back().at_s + 60.0;
        m_refreshing = true;
        const int r = m_schedule->rowCount();
        m_schedule->insertRow(r);
        m_schedule->setItem(r, 0, new QTableWidgetItem(qs(units::formatDuration(at))));
        m_schedule->setItem(
            r, 1, new QTableWidgetItem(qs(units::formatBandwidth(links[0].params.bandwidth_bps))));
        for (int c = 2; c < 5; ++c)
            m_schedule->setItem(r, c, new QTableWidgetItem);
        m_refreshing = false;
        commitSchedule();
    });
    connect(m_removeStep, &QPushButton::clicked, this, [this] {
        const int r = m_schedule->currentRow();
        if (r < 0)
            return;
        m_refreshing = true;
        m_schedule->removeRow(r);
        m_refreshing = false;
        commitSchedule();
    });
}

QString PropertyEditor::fieldText(QWidget* editor)
{
    if (auto* line = qobject_cast<QLineEdit*>(editor))
        return line->text();
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        return combo->currentText();
    return {};
}

void PropertyEditor::setError(QLabel* error, const QString& text)
{
    error->setText(text);
    error->setVisible(!text.isEmpty());
}

std::vector<NodeAttributes> PropertyEditor::selectedNodes() const
{
    std::vector<NodeAttributes> out;
    for (const auto& id : m_scene->selectedNodeIds())
        if (const auto* n = m_doc->node(id))
            out.push_back(*n);
    return out;
}

std::vector<LinkAttributes> PropertyEditor::selectedLinks() const
{
    std::vector<LinkAttributes> out;
    for (const auto& id : m_scene->selectedLinkIds())
        if (const auto* l = m_doc->link(id))
            out.push_back(*l);
    return out;
}

template <class Attrs>
void PropertyEditor::showValues(std::vector<Field<Attrs>>& fields, const std::vector<Attrs>& items)
{
    for (auto& f : fields) {
        bool applicable = false;
        for (const auto& it : items)
            applicable = applicable || f.applicable(it);
        const bool enabled = applicable && !(f.singleOnly && items.size() > 1);
        f.labelWidget->setVisible(applicable);
        f.editor->setVisible(applicable);
        if (QLabel* unit = m_unitLabels.value(f.editor))
            unit->setVisible(applicable);
        f.editor->setEnabled(enabled);
        setError(f.error, {});
        QString value;
        bool same = true;
        bool first = true;
        for (const auto& it : items) {
            if (!f.applicable(it))
                continue;
            const QString v = f.show(it);
            if (first)
                value = v;
            else if (v != value)
                same = false;
            first = false;
        }
        const QString placeholder = same ? QString() : tr("(multiple values)");
        // What the user sees: leaving the field with this text unchanged commits nothing.
        m_shown.insert(f.editor, same ? value : QString());
        if (auto* line = qobject_cast<QLineEdit*>(f.editor)) {
            line->setText(same ? value : QString());
            if (!f.key.startsWith(QLatin1String("reverse.")))
                line->setPlaceholderText(placeholder);
            line->setModified(false);
        } else if (auto* combo = qobject_cast<QComboBox*>(f.editor)) {
            if (combo->isEditable()) {
                combo->setEditText(same ? value : QString());
                combo->lineEdit()->setPlaceholderText(placeholder);
            } else {
                const int idx = same ? combo->findText(value) : -1;
                combo->setCurrentIndex(idx);
            }
        }
    }
}

void PropertyEditor::refresh()
{
    m_refreshing = true;
    const auto nodes = selectedNodes();
    const auto links = selectedLinks();
    if (!nodes.empty()) {
        m_pages->setCurrentIndex(1);
        QString header = nodes.size() == 1
                             ? tr("%1 “%2”").arg(NodeStyle::label(nodes[0].kind), qs(nodes[0].id))
                             : tr("%n nodes", nullptr, static_cast<int>(nodes.size()));
        if (!links.empty())
            header += links.size() == 1 ? tr(" (1 selected link not edited)")
                                        : tr(" (%1 selected links not edited)").arg(links.size());
        m_nodeHeader->setText(header);
        showValues(m_nodeFields, nodes);
    } else if (!links.empty()) {
        m_pages->setCurrentIndex(2);
        m_linkHeader->setText(links.size() == 1
                                  ? tr("Link %1 – %2").arg(qs(links[0].a), qs(links[0].b))
                                  : tr("%n links", nullptr, static_cast<int>(links.size())));
        showValues(m_linkFields, links);
        const bool single = links.size() == 1;
        m_schedule->setEnabled(single);
        m_addStep->setEnabled(single);
        m_removeStep->setEnabled(single);
        if (single)
            fillSchedule(links[0]);
        else
            m_schedule->setRowCount(0);
        setError(m_scheduleError, {});
    } else {
        m_pages->setCurrentIndex(0);
    }
    m_refreshing = false;
}

void PropertyEditor::fillSchedule(const LinkAttributes& link)
{
    m_schedule->setRowCount(0);
    for (const auto& step : link.schedule) {
        const int r = m_schedule->rowCount();
        m_schedule->insertRow(r);
        m_schedule->setItem(r, 0, new QTableWidgetItem(qs(units::formatDuration(step.at_s))));
        m_schedule->setItem(
            r, 1,
            new QTableWidgetItem(step.patch.bandwidth_bps
                                     ? qs(units::formatBandwidth(*step.patch.bandwidth_bps))
                                     : QString()));
        m_schedule->setItem(
            r, 2,
            new QTableWidgetItem(step.patch.delay_s ? qs(units::formatDuration(*step.patch.delay_s))
                                                    : QString()));
        m_schedule->setItem(
            r, 3,
            new QTableWidgetItem(step.patch.loss ? showFraction(*step.patch.loss) : QString()));
        m_schedule->setItem(
            r, 4,
            new QTableWidgetItem(
                step.up ? (*step.up ? QStringLiteral("up") : QStringLiteral("down")) : QString()));
    }
}

void PropertyEditor::commitSchedule()
{
    const auto links = selectedLinks();
    if (links.size() != 1)
        return;
    LinkAttributes after = links[0];
    std::vector<topology::ScheduleStep> steps;
    const auto cell = [this](int r, int c) {
        const QTableWidgetItem* it = m_schedule->item(r, c);
        return it ? it->text().trimmed() : QString();
    };
    for (int r = 0; r < m_schedule->rowCount(); ++r) {
        topology::ScheduleStep step;
        // Keep untouched fields of existing steps (jitter, queue, direction...).
        if (r < static_cast<int>(links[0].schedule.size()))
            step = links[0].schedule[static_cast<std::size_t>(r)];
        const auto at = units::parseDurationS(cell(r, 0).toStdString(), 1.0);
        if (!at || *at < 0) {
            setError(m_scheduleError, tr("Row %1: “At” must be a time ≥ 0, e.g. 600s").arg(r + 1));
            return;
        }
        step.at_s = *at;
        QString err;
        LinkAttributes probe = after;
        const auto applyCell = [&](int c, auto setter) {
            const QString t = cell(r, c);
            if (t.isEmpty())
                return true;
            const QString e = setter(probe, t);
            if (!e.isEmpty())
                err = tr("Row %1: %2").arg(r + 1).arg(e);
            return e.isEmpty();
        };
        step.patch.bandwidth_bps.reset();
        step.patch.delay_s.reset();
        step.patch.loss.reset();
        if (!applyCell(1, m_linkFields[1].apply) || !applyCell(2, m_linkFields[2].apply) ||
            !applyCell(3, m_linkFields[5].apply)) {
            setError(m_scheduleError, err);
            return;
        }
        if (!cell(r, 1).isEmpty())
            step.patch.bandwidth_bps = probe.params.bandwidth_bps;
        if (!cell(r, 2).isEmpty())
            step.patch.delay_s = probe.params.delay_s;
        if (!cell(r, 3).isEmpty())
            step.patch.loss = probe.params.loss;
        const QString state = cell(r, 4).toLower();
        if (state.isEmpty())
            step.up.reset();
        else if (state == QLatin1String("up"))
            step.up = true;
        else if (state == QLatin1String("down"))
            step.up = false;
        else {
            setError(m_scheduleError, tr("Row %1: state must be up, down or empty").arg(r + 1));
            return;
        }
        steps.push_back(step);
    }
    std::stable_sort(steps.begin(), steps.end(),
                     [](const auto& x, const auto& y) { return x.at_s < y.at_s; });
    setError(m_scheduleError, {});
    after.schedule = steps;
    if (after == links[0])
        return;
    m_doc->undoStack()->push(new ChangeLinkAttributesCommand(
        m_doc, links, {after}, tr("Edit schedule of %1").arg(qs(after.id))));
}

bool PropertyEditor::commitNodeField(NodeField& field)
{
    const auto before = selectedNodes();
    if (before.empty())
        return false;
    const QString text = fieldText(field.editor);
    if (text == m_shown.value(field.editor)) {
        // Unchanged (focus in/out, Return, "(multiple values)" left empty): the shown text
        // may be rounded, so re-applying it would change the value and push a command.
        setError(field.error, {});
        return true;
    }
    const auto* line = qobject_cast<QLineEdit*>(field.editor);
    if (text.isEmpty() && line && !line->placeholderText().isEmpty() && before.size() > 1)
        return true; // "(multiple values)" left alone
    auto after = before;
    for (auto& n : after) {
        if (!field.applicable(n))
            continue;
        const QString err = field.apply(n, text);
        if (!err.isEmpty()) {
            setError(field.error, err);
            return false;
        }
    }
    setError(field.error, {});
    if (after == before)
        return true;
    const QString what = before.size() == 1
                             ? qs(before[0].id)
                             : tr("%n nodes", nullptr, static_cast<int>(before.size()));
    m_doc->undoStack()->push(new ChangeNodeAttributesCommand(
        m_doc, before, after, tr("Set %1 of %2").arg(field.label, what)));
    // A rename rebuilds the scene: keep the renamed node selected.
    if (field.key == QLatin1String("id"))
        m_scene->selectIds({after[0].id}, {});
    return true;
}

bool PropertyEditor::commitLinkField(LinkField& field)
{
    const auto before = selectedLinks();
    if (before.empty())
        return false;
    const QString text = fieldText(field.editor);
    if (text == m_shown.value(field.editor)) {
        // Unchanged (focus in/out, Return, "(multiple values)" left empty): the shown text
        // may be rounded, so re-applying it would change the value and push a command.
        setError(field.error, {});
        return true;
    }
    const auto* line = qobject_cast<QLineEdit*>(field.editor);
    if (text.isEmpty() && line && line->placeholderText() == tr("(multiple values)"))
        return true;
    auto after = before;
    for (auto& l : after) {
        const QString err = field.apply(l, text);
        if (!err.isEmpty()) {
            setError(field.error, err);
            return false;
        }
    }
    setError(field.error, {});
    if (after == before)
        return true;
    const QString what = before.size() == 1
                             ? qs(before[0].id)
                             : tr("%n links", nullptr, static_cast<int>(before.size()));
    m_doc->undoStack()->push(new ChangeLinkAttributesCommand(
        m_doc, before, after, tr("Set %1 of %2").arg(field.label, what)));
    if (field.key == QLatin1String("link_id"))
        m_scene->selectIds({}, {after[0].id});
    return true;
}

QWidget* PropertyEditor::editor(const QString& key) const
{
    for (const auto& f : m_nodeFields)
        if (f.key == key)
            return f.editor;
    for (const auto& f : m_linkFields)
        if (f.key == key)
            return f.editor;
    return nullptr;
}

QLineEdit* PropertyEditor::lineEdit(const QString& key) const
{
    QWidget* e = editor(key);
    if (auto* combo = qobject_cast<QComboBox*>(e))
        return combo->lineEdit();
    return qobject_cast<QLineEdit*>(e);
}

QComboBox* PropertyEditor::comboBox(const QString& key) const
{
    return qobject_cast<QComboBox*>(editor(key));
}

QString PropertyEditor::errorText(const QString& key) const
{
    for (const auto& f : m_nodeFields)
        if (f.key == key)
            return f.error->isVisibleTo(this) || !f.error->text().isEmpty() ? f.error->text()
                                                                            : QString();
    for (const auto& f : m_linkFields)
        if (f.key == key)
            return f.error->text();
    return {};
}

bool PropertyEditor::commit(const QString& key)
{
    for (auto& f : m_nodeFields)
        if (f.key == key)
            return commitNodeField(f);
    for (auto& f : m_linkFields)
        if (f.key == key)
            return commitLinkField(f);
    return false;
}

QString PropertyEditor::currentPage() const
{
    switch (m_pages->currentIndex()) {
    case 1:
        return QStringLiteral("node");
    case 2:
        return QStringLiteral("link");
    default:
        return QStringLiteral("none");
    }
}

} // namespace meridian::ui
