#include "ui/PropertyEditor.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "ui/Document.hpp"
#include "ui/NodeStyle.hpp"
#include "ui/StdText.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/commands/ChangeLinkAttributesCommand.hpp"
#include "ui/commands/ChangeNodeAttributesCommand.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QHeaderView>
#include <QHostAddress>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>

namespace meridian::ui {

using topology::AttributeInfo;
using topology::FabricSpec;
using topology::LinkAttributes;
using topology::LinkParams;
using topology::LinkPatch;
using topology::NodeAttributes;
using topology::NodeKind;

namespace {

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

/// Columns of the schedule table after "At": a compact grid of the changes most steps make
/// (the file's steps may set any link attribute; cells of other attributes are kept).
constexpr std::array<const char*, 3> kScheduleKeys{"bandwidth_gbps", "delay_ms", "loss"};
constexpr int kScheduleColumns = static_cast<int>(kScheduleKeys.size());

const AttributeInfo& scheduleAttribute(int column)
{
    return topology::linkAttribute(kScheduleKeys[static_cast<std::size_t>(column)]);
}

/// The first row of `a`'s group in the link table (where the page makes the group's row).
const AttributeInfo& groupFirst(const AttributeInfo& a)
{
    for (const AttributeInfo& b : topology::linkAttributeTable())
        if (b.group == a.group)
            return b;
    return a;
}

/// The row of the queue group `group` counted in bytes, or in packets.
const AttributeInfo& queueAlternative(const std::string& group, bool bytes)
{
    const AttributeInfo* found = nullptr;
    for (const AttributeInfo& a : topology::linkAttributeTable())
        if (a.group == group && (a.quantity == units::QuantityKind::Bytes) == bytes)
            found = &a;
    MERIDIAN_ASSERT(found != nullptr, "a queue group has a row in packets and one in bytes");
    return *found;
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

/// Latitude (`lat`) or longitude in degrees; empty = not placed on the map.
AttributeRow<NodeAttributes> coordinateRow(bool lat, QString label)
{
    auto row = textRow<NodeAttributes>(
        lat ? QStringLiteral("latitude") : QStringLiteral("longitude"), std::move(label), {},
        [lat](const NodeAttributes& n) {
            const auto& v = lat ? n.latitude_deg : n.longitude_deg;
            return v ? qs(units::formatNumber(*v)) : QString();
        },
        [lat](NodeAttributes& n, const QString& t) -> QString {
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
        });
    row.unit = QStringLiteral("°");
    return row;
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
    connect(scene, &QGraphicsScene::selectionChanged, this, &PropertyEditor::scrollToTop);
    connect(doc, &Document::nodeChanged, this, &PropertyEditor::refresh);
    connect(doc, &Document::linkChanged, this, &PropertyEditor::refresh);
    connect(doc, &Document::topologyReset, this, &PropertyEditor::refresh);
    refresh();
}

template <class Attrs>
void PropertyEditor::addRows(QGridLayout* grid, std::vector<AttributeRow<Attrs>>& rows,
                             bool (PropertyEditor::*commit)(AttributeRow<Attrs>&))
{
    for (AttributeRow<Attrs>& field : rows) {
        if (!field.sectionTitle.isEmpty()) {
            auto* title = new QLabel(field.sectionTitle);
            title->setStyleSheet(QStringLiteral("font-weight: bold; margin-top: 8px;"));
            title->setWordWrap(true);
            grid->addWidget(title, grid->rowCount(), 0, 1, 3);
        }
        const int row = grid->rowCount();
        field.labelWidget = new QLabel(field.label + QLatin1Char(':'));
        field.labelWidget->setWordWrap(true); // a narrow dock wraps labels, never scrolls sideways
        field.labelWidget->setToolTip(field.help);
        grid->addWidget(field.labelWidget, row, 0, Qt::AlignRight | Qt::AlignVCenter);
        QLineEdit* line = nullptr;
        if (!field.choices.isEmpty() || field.editableCombo) {
            auto* combo = new QComboBox;
            combo->addItems(field.choices);
            combo->setEditable(field.editableCombo);
            // Long entries (GPU models) must not widen the dock: the list shows them in full.
            combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            combo->setMinimumContentsLength(8);
            field.editor = combo;
            line = combo->lineEdit();
            AttributeRow<Attrs>* fp = &field;
            connect(combo, &QComboBox::activated, this, [this, fp, commit] {
                if (!m_refreshing)
                    (this->*commit)(*fp);
            });
        } else {
            line = new QLineEdit;
            line->setClearButtonEnabled(false);
            line->setMinimumWidth(60);
            line->setPlaceholderText(field.placeholder);
            field.editor = line;
        }
        if (line != nullptr) {
            line->installEventFilter(this);
            AttributeRow<Attrs>* fp = &field;
            connect(line, &QLineEdit::editingFinished, this, [this, fp, commit] {
                if (!m_refreshing)
                    (this->*commit)(*fp);
            });
        }
        field.editor->setObjectName(field.key);
        field.editor->setToolTip(field.help);
        grid->addWidget(field.editor, row, 1);
        if (!field.unit.isEmpty()) {
            auto* u = new QLabel(field.unit);
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
}

QGridLayout* PropertyEditor::addPage(QLabel*& header, QVBoxLayout*& v)
{
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The rows fit the dock's width (labels wrap, fields shrink): no horizontal scrolling.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* page = new QWidget;
    v = new QVBoxLayout(page);
    header = new QLabel;
    header->setStyleSheet(QStringLiteral("font-weight: bold; font-size: 11pt;"));
    header->setWordWrap(true);
    v->addWidget(header);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    v->addLayout(grid);
    scroll->setWidget(page);
    m_pages->addWidget(scroll);
    return grid;
}

std::vector<PropertyEditor::NodeField> PropertyEditor::nodeRows()
{
    std::vector<NodeField> rows;
    rows.push_back(textRow<NodeAttributes>(
        QStringLiteral("id"), tr("Id"), {}, [](const NodeAttributes& n) { return qs(n.id); },
        [this](NodeAttributes& n, const QString& t) -> QString {
            const std::string id = t.trimmed().toStdString();
            if (id.empty())
                return tr("The id cannot be empty");
            if (id != n.id && m_doc->node(id))
                return tr("Another node already has the id “%1”").arg(t.trimmed());
            n.id = id;
            return {};
        }));
    rows.back().singleOnly = true;
    rows.push_back(textRow<NodeAttributes>(
        QStringLiteral("name"), tr("Name"), {}, [](const NodeAttributes& n) { return qs(n.name); },
        [](NodeAttributes& n, const QString& t) -> QString {
            n.name = t.trimmed().toStdString();
            return {};
        }));
    for (const AttributeInfo& a : topology::nodeAttributeTable())
        rows.push_back(nodeRow(a));
    const Lens<NodeAttributes, FabricSpec> fabric{
        [](const NodeAttributes& n) -> const FabricSpec& {
            static const FabricSpec kDefault;
            return n.fabric ? *n.fabric : kDefault; // a centre without one shows the default
        },
        [](NodeAttributes& n) -> FabricSpec& {
            if (!n.fabric)
                n.fabric = FabricSpec{};
            return *n.fabric;
        }};
    for (const AttributeInfo& a : topology::fabricAttributeTable()) {
        rows.push_back(tableRow(a, a.fabric, fabric, QStringLiteral("fabric.") + qs(a.key),
                                attributeLabel(a)));
        rows.back().applicable = [](const NodeAttributes& n) { return n.kind == NodeKind::Center; };
    }
    rows.push_back(coordinateRow(true, tr("Latitude")));
    rows.push_back(coordinateRow(false, tr("Longitude")));
    return rows;
}

/// The row of a node attribute, with what only the page knows: the GPU rows apply to nodes
/// that hold GPUs and offer the device catalogue; an IP is checked; memory reads "2 TiB".
PropertyEditor::NodeField PropertyEditor::nodeRow(const AttributeInfo& a)
{
    NodeField row = tableRow(a, a.node, wholeItem<NodeAttributes>(), qs(a.key), attributeLabel(a));
    if (a.key.rfind("gpu_", 0) == 0)
        row.applicable = [](const NodeAttributes& n) {
            return n.kind == NodeKind::Center || n.kind == NodeKind::Gpu ||
                   n.kind == NodeKind::Host;
        };
    if (a.key == "gpu_model") {
        row.editableCombo = true;
        row.choices = deviceNames();
    } else if (a.key == "ip") {
        row.apply = [apply = row.apply](NodeAttributes& n, const QString& t) -> QString {
            const QString s = t.trimmed();
            if (!s.isEmpty() && QHostAddress(s).isNull() &&
                QHostAddress::parseSubnet(s).first.isNull())
                return tr("Not an address or prefix: try 10.1.0.0/16");
            return apply(n, s);
        };
    } else if (a.key == "memory_gb") {
        row = numberRow(
            a, row.key, row.label,
            NumberAccess<NodeAttributes>{[&a](const NodeAttributes& n) {
                                             return std::optional(std::get<double>(*a.node.get(n)));
                                         },
                                         [&a](NodeAttributes& n, std::optional<double> v) {
                                             a.node.set(n, topology::AttributeValue(*v));
                                         }},
            false, [&a](const QString& t, QString& error) {
                // A bare number is GB; "2 TiB", "512GB" are converted.
                std::optional<double> gb = parseNumber(t);
                if (!gb)
                    if (auto b = units::parseBytes(t.trimmed().toStdString()))
                        gb = *b / 1e9;
                error = gb ? rangeError(a, *gb) : tr("Not a size: try 2048 (GB) or 2 TiB");
                return error.isEmpty() ? gb : std::nullopt;
            });
    }
    return row;
}

void PropertyEditor::buildNodePage()
{
    QVBoxLayout* v = nullptr;
    QGridLayout* grid = addPage(m_nodeHeader, v);
    v->addStretch(1);
    m_nodeFields = nodeRows();
    addRows(grid, m_nodeFields, &PropertyEditor::commitNodeField);
}

std::vector<PropertyEditor::LinkField> PropertyEditor::linkRows()
{
    std::vector<LinkField> rows;
    rows.push_back(textRow<LinkAttributes>(
        QStringLiteral("link_id"), tr("Id"), {}, [](const LinkAttributes& l) { return qs(l.id); },
        [this](LinkAttributes& l, const QString& t) -> QString {
            const std::string id = t.trimmed().toStdString();
            if (id.empty())
                return tr("The id cannot be empty");
            if (id != l.id && m_doc->link(id))
                return tr("Another link already has the id “%1”").arg(t.trimmed());
            l.id = id;
            return {};
        }));
    rows.back().singleOnly = true;
    const Lens<LinkAttributes, LinkParams> forward{
        [](const LinkAttributes& l) -> const LinkParams& { return l.params; },
        [](LinkAttributes& l) -> LinkParams& { return l.params; }};
    for (const AttributeInfo& a : topology::linkAttributeTable()) {
        if (!a.group.empty()) {
            if (&a == &groupFirst(a))
                rows.push_back(queueRow(a.group));
        } else if (a.params) {
            rows.push_back(tableRow(a, a.params, forward, qs(a.key), attributeLabel(a)));
        } else if (a.link) {
            rows.push_back(
                tableRow(a, a.link, wholeItem<LinkAttributes>(), qs(a.key), attributeLabel(a)));
        }
    }
    addReverseRows(rows);
    return rows;
}

/// b→a overrides: a row for every number the reverse patch can hold; empty = as a→b.
void PropertyEditor::addReverseRows(std::vector<LinkField>& rows)
{
    const Lens<LinkAttributes, LinkPatch> reverse{
        [](const LinkAttributes& l) -> const LinkPatch& { return l.reverse; },
        [](LinkAttributes& l) -> LinkPatch& { return l.reverse; }};
    bool first = true;
    for (const AttributeInfo& a : topology::linkAttributeTable()) {
        if (!a.patch || !a.group.empty() || !(a.type == topology::AttributeType::Number))
            continue;
        LinkField row = tableRow(a, a.patch, reverse, QStringLiteral("reverse.") + qs(a.key),
                                 tr("b→a %1").arg(attributeLabel(a).toLower()), true);
        row.help = tr("Override for the b→a direction; leave empty to use the a→b value.");
        row.placeholder = tr("same as a→b");
        if (first)
            row.sectionTitle = tr("Reverse direction (b→a) overrides");
        first = false;
        rows.push_back(std::move(row));
    }
}

/// The one row of a group of alternative keys (the queue: queue_pkts or queue_bytes). A bare
/// number or "N pkts" is a count of packets; anything with a byte unit is bytes.
PropertyEditor::LinkField PropertyEditor::queueRow(const std::string& group)
{
    const AttributeInfo& packets = queueAlternative(group, false);
    const AttributeInfo& bytes = queueAlternative(group, true);
    return textRow<LinkAttributes>(
        qs(group), attributeLabel(packets), qs(packets.help),
        [&packets, &bytes](const LinkAttributes& l) {
            if (const auto v = bytes.params.get(l.params))
                return qs(units::formatBytes(std::get<double>(*v)));
            const auto v = packets.params.get(l.params);
            return v ? qs(units::formatNumber(std::get<double>(*v))) + QStringLiteral(" pkts")
                     : QString();
        },
        [&packets, &bytes](LinkAttributes& l, const QString& t) -> QString {
            const auto q = parseQueue(t);
            if (!q)
                return tr("Not a queue size: try 1000 (packets) or 1.5 MB");
            const AttributeInfo& a = q->unit == topology::QueueUnit::Bytes ? bytes : packets;
            if (auto e = rangeError(a, q->value); !e.isEmpty())
                return e;
            a.params.set(l.params, topology::AttributeValue(q->value));
            return {};
        });
}

void PropertyEditor::buildLinkPage()
{
    QVBoxLayout* v = nullptr;
    QGridLayout* grid = addPage(m_linkHeader, v);
    m_linkHeader->setWordWrap(true);
    m_linkFields = linkRows();
    addRows(grid, m_linkFields, &PropertyEditor::commitLinkField);
    buildSchedule(v);
}

void PropertyEditor::buildSchedule(QVBoxLayout* v)
{
    // Schedule: piecewise-constant changes over simulated time (single link only).
    auto* title = new QLabel(tr("Schedule (changes over simulated time)"));
    title->setStyleSheet(QStringLiteral("font-weight: bold; margin-top: 8px;"));
    title->setWordWrap(true);
    v->addWidget(title);
    // The step buttons sit above the table so they stay in view however tall the dock is.
    auto* buttons = new QHBoxLayout;
    m_addStep = new QPushButton(tr("Add step"));
    m_removeStep = new QPushButton(tr("Remove step"));
    buttons->addWidget(m_addStep);
    buttons->addWidget(m_removeStep);
    buttons->addStretch(1);
    v->addLayout(buttons);
    m_schedule = new QTableWidget(0, kScheduleColumns + 2);
    QStringList headers{tr("At")};
    for (int c = 0; c < kScheduleColumns; ++c)
        headers << attributeLabel(scheduleAttribute(c));
    m_schedule->setHorizontalHeaderLabels(headers << tr("State"));
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
    connectSchedule();
}

void PropertyEditor::connectSchedule()
{
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
        for (int c = 2; c < kScheduleColumns + 2; ++c)
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
void PropertyEditor::showValues(std::vector<AttributeRow<Attrs>>& fields,
                                const std::vector<Attrs>& items)
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
        const QString placeholder =
            same ? QString() : QCoreApplication::translate("PropertyEditor", "(multiple values)");
        // What the user sees: leaving the field with this text unchanged commits nothing.
        m_shown.insert(f.editor, same ? value : QString());
        if (auto* line = qobject_cast<QLineEdit*>(f.editor)) {
            line->setText(same ? value : QString());
            if (f.placeholder.isEmpty())
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
    // Cells are shown as the rows of the same attributes show them.
    m_schedule->setRowCount(0);
    for (const auto& step : link.schedule) {
        const int r = m_schedule->rowCount();
        m_schedule->insertRow(r);
        m_schedule->setItem(r, 0, new QTableWidgetItem(qs(units::formatDuration(step.at_s))));
        for (int c = 0; c < kScheduleColumns; ++c) {
            const AttributeInfo& a = scheduleAttribute(c);
            const auto v = a.patch.get(step.patch);
            m_schedule->setItem(
                r, c + 1, new QTableWidgetItem(v ? showValue(a, std::get<double>(*v)) : QString()));
        }
        m_schedule->setItem(
            r, kScheduleColumns + 1,
            new QTableWidgetItem(
                step.up ? (*step.up ? QStringLiteral("up") : QStringLiteral("down")) : QString()));
    }
}

QString PropertyEditor::readScheduleRow(int r, const LinkAttributes& link,
                                        topology::ScheduleStep& step) const
{
    const auto cell = [this, r](int c) {
        const QTableWidgetItem* it = m_schedule->item(r, c);
        return it ? it->text().trimmed() : QString();
    };
    const auto at = units::parseDurationS(cell(0).toStdString(), 1.0);
    if (!at || *at < 0)
        return tr("Row %1: “At” must be a time ≥ 0, e.g. 600s").arg(r + 1);
    step.at_s = *at;
    for (int c = 0; c < kScheduleColumns; ++c) {
        // A cell is read as the link page's row of its attribute reads it.
        const AttributeInfo& a = scheduleAttribute(c);
        a.patch.set(step.patch, std::nullopt);
        const QString text = cell(c + 1);
        if (text.isEmpty())
            continue;
        LinkAttributes probe = link;
        if (const QString e = linkField(qs(a.key)).apply(probe, text); !e.isEmpty())
            return tr("Row %1: %2").arg(r + 1).arg(e);
        a.patch.set(step.patch, a.params.get(probe.params));
    }
    const QString state = cell(kScheduleColumns + 1).toLower();
    if (state.isEmpty())
        step.up.reset();
    else if (state == QLatin1String("up"))
        step.up = true;
    else if (state == QLatin1String("down"))
        step.up = false;
    else
        return tr("Row %1: state must be up, down or empty").arg(r + 1);
    return {};
}

void PropertyEditor::commitSchedule()
{
    const auto links = selectedLinks();
    if (links.size() != 1)
        return;
    LinkAttributes after = links[0];
    std::vector<topology::ScheduleStep> steps;
    for (int r = 0; r < m_schedule->rowCount(); ++r) {
        topology::ScheduleStep step;
        // Keep untouched fields of existing steps (jitter, queue, direction...).
        if (r < static_cast<int>(links[0].schedule.size()))
            step = links[0].schedule[static_cast<std::size_t>(r)];
        if (const QString e = readScheduleRow(r, after, step); !e.isEmpty()) {
            setError(m_scheduleError, e);
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

template <class Command, class Attrs, class Pushed>
bool PropertyEditor::commitField(AttributeRow<Attrs>& field, const std::vector<Attrs>& before,
                                 const QString& many, Pushed pushed)
{
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
    if (text.isEmpty() && line &&
        line->placeholderText() ==
            QCoreApplication::translate("PropertyEditor", "(multiple values)"))
        return true; // "(multiple values)" left alone
    auto after = before;
    for (auto& item : after) {
        if (!field.applicable(item))
            continue;
        const QString err = field.apply(item, text);
        if (!err.isEmpty()) {
            setError(field.error, err);
            return false;
        }
    }
    setError(field.error, {});
    if (after == before) {
        // The same value typed another way ("10G" for 10 Gbit/s): shown as the value is.
        setFieldText(field.editor, m_shown.value(field.editor));
        return true;
    }
    const QString what = before.size() == 1 ? qs(before[0].id) : many;
    m_doc->undoStack()->push(new Command(
        m_doc, before, after,
        QCoreApplication::translate("PropertyEditor", "Set %1 of %2").arg(field.label, what)));
    pushed(after);
    return true;
}

bool PropertyEditor::commitNodeField(NodeField& field)
{
    const auto before = selectedNodes();
    const QString many = tr("%n nodes", nullptr, static_cast<int>(before.size()));
    return commitField<ChangeNodeAttributesCommand>(
        field, before, many, [this, &field](const std::vector<NodeAttributes>& after) {
            // A rename rebuilds the scene: keep the renamed node selected.
            if (field.key == QLatin1String("id"))
                m_scene->selectIds({after[0].id}, {});
        });
}

bool PropertyEditor::commitLinkField(LinkField& field)
{
    const auto before = selectedLinks();
    const QString many = tr("%n links", nullptr, static_cast<int>(before.size()));
    return commitField<ChangeLinkAttributesCommand>(
        field, before, many, [this, &field](const std::vector<LinkAttributes>& after) {
            if (field.key == QLatin1String("link_id"))
                m_scene->selectIds({}, {after[0].id});
        });
}

void PropertyEditor::setFieldText(QWidget* editor, const QString& text)
{
    if (auto* line = qobject_cast<QLineEdit*>(editor))
        line->setText(text);
    else if (auto* combo = qobject_cast<QComboBox*>(editor); combo && combo->isEditable())
        combo->setEditText(text);
}

void PropertyEditor::scrollToTop()
{
    if (auto* area = qobject_cast<QScrollArea*>(m_pages->currentWidget()))
        area->verticalScrollBar()->setValue(0);
}

bool PropertyEditor::eventFilter(QObject* watched, QEvent* event)
{
    const bool escape =
        (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape;
    auto* line = qobject_cast<QLineEdit*>(watched);
    if (!escape || !line)
        return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept(); // the key comes to the field, not to a window shortcut
        return true;
    }
    auto restore = [&](auto& fields) {
        for (auto& f : fields) {
            if (f.editor != line && !(f.editor && f.editor->isAncestorOf(line)))
                continue;
            setFieldText(f.editor, m_shown.value(f.editor));
            setError(f.error, {});
            return true;
        }
        return false;
    };
    if (!restore(m_nodeFields))
        restore(m_linkFields);
    return true;
}

const PropertyEditor::LinkField& PropertyEditor::linkField(const QString& key) const
{
    const auto it = std::find_if(m_linkFields.begin(), m_linkFields.end(),
                                 [&key](const LinkField& f) { return f.key == key; });
    MERIDIAN_ASSERT(it != m_linkFields.end(), "no such row on the link page");
    return *it;
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
