#include "ui/OutlineView.hpp"

#include "meridian/core/Units.hpp"
#include "ui/Document.hpp"
#include "ui/NodeStyle.hpp"

#include <QHeaderView>
#include <QTimer>
#include <algorithm>
#include <map>

namespace meridian::ui {

using topology::NodeKind;

namespace {
constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;
constexpr int kMaxRows = 5000; // beyond this the outline summarises (the canvas is the tool)
} // namespace

OutlineView::OutlineView(Document* doc, QWidget* parent) : QTreeWidget(parent), m_doc(doc)
{
    setColumnCount(2);
    setHeaderLabels({tr("Item"), tr("Details")});
    // The item column takes what is left after Details, which stays visible (long names are
    // elided instead of pushing Details out of the dock).
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    header()->setMinimumSectionSize(50);
    setTextElideMode(Qt::ElideRight);
    setIndentation(12); // the dock is narrow: leave the width to the names
    setUniformRowHeights(true);
    setIconSize(QSize(18, 18));
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    connect(m_timer, &QTimer::timeout, this, &OutlineView::rebuildNow);
    for (auto sig : {&Document::nodeAdded, &Document::nodeRemoved, &Document::nodeChanged,
                     &Document::linkAdded, &Document::linkRemoved, &Document::linkChanged})
        connect(doc, sig, m_timer, qOverload<>(&QTimer::start));
    connect(doc, &Document::topologyReset, m_timer, qOverload<>(&QTimer::start));
    connect(doc, &Document::filePathChanged, m_timer, qOverload<>(&QTimer::start));
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString kind = item->data(0, kKindRole).toString();
        if (!kind.isEmpty())
            Q_EMIT itemActivatedById(kind, item->data(0, kIdRole).toString());
    });
    connect(this, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item) { Q_EMIT itemActivated(item, 0); });
    rebuildNow();
}

void OutlineView::resizeEvent(QResizeEvent* event)
{
    QTreeWidget::resizeEvent(event);
    setColumnWidth(0, std::max(110, viewport()->width() * 13 / 20));
}

void OutlineView::rebuildNow()
{
    setUpdatesEnabled(false);
    clear();
    const auto& topo = m_doc->topology();
    auto* root = new QTreeWidgetItem(
        this, {m_doc->displayName(),
               (topo.nodeCount() == 1 ? tr("1 node") : tr("%1 nodes").arg(topo.nodeCount())) +
                   QStringLiteral(", ") +
                   (topo.linkCount() == 1 ? tr("1 link") : tr("%1 links").arg(topo.linkCount()))});
    root->setIcon(0, QIcon(QStringLiteral(":/icons/meridian.svg")));
    auto* centres = new QTreeWidgetItem(root, {tr("Compute centres")});
    auto* others = new QTreeWidgetItem(root, {tr("Nodes")});
    auto* links = new QTreeWidgetItem(root, {tr("Links")});
    std::map<std::string, QTreeWidgetItem*> itemOf;
    int rows = 0;
    const auto makeNode = [&](const topology::NodeAttributes& n, QTreeWidgetItem* parent) {
        QString details;
        if (n.kind == NodeKind::Center && n.gpu_count > 0)
            details = n.gpu_model.empty()
                          ? (n.gpu_count == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(n.gpu_count))
                          : tr("%1 × %2").arg(n.gpu_count).arg(QString::fromStdString(n.gpu_model));
        else if (!n.ip.empty())
            details = QString::fromStdString(n.ip);
        auto* item = new QTreeWidgetItem(
            parent, {QString::fromStdString(n.name.empty() ? n.id : n.name), details});
        item->setIcon(0, NodeStyle::icon(n.kind));
        item->setData(0, kKindRole, QStringLiteral("node"));
        item->setData(0, kIdRole, QString::fromStdString(n.id));
        item->setToolTip(0, QString::fromStdString(n.id));
        itemOf[n.id] = item;
        ++rows;
    };
    // Centres first so that children can hang below them.
    for (std::size_t i = 0; i < topo.nodeCount() && rows < kMaxRows; ++i) {
        const auto& n = topo.node(NodeId::fromIndex(i));
        if (n.kind == NodeKind::Center)
            makeNode(n, centres);
    }
    for (std::size_t i = 0; i < topo.nodeCount() && rows < kMaxRows; ++i) {
        const auto& n = topo.node(NodeId::fromIndex(i));
        if (n.kind == NodeKind::Center)
            continue;
        auto it = itemOf.find(n.parent);
        makeNode(n, it != itemOf.end() ? it->second : others);
    }
    for (std::size_t i = 0; i < topo.linkCount() && rows < kMaxRows; ++i) {
        const auto& l = topo.link(LinkId::fromIndex(i));
        auto* item = new QTreeWidgetItem(
            links, {QString::fromStdString(l.a + " – " + l.b),
                    QString::fromStdString(units::formatBandwidth(l.params.bandwidth_bps) + ", " +
                                           units::formatDuration(l.params.delay_s))});
        item->setIcon(0, QIcon(QStringLiteral(":/icons/link.svg")));
        item->setData(0, kKindRole, QStringLiteral("link"));
        item->setData(0, kIdRole, QString::fromStdString(l.id));
        ++rows;
    }
    if (rows >= kMaxRows)
        new QTreeWidgetItem(root, {tr("… (outline limited to %1 rows)").arg(kMaxRows)});
    centres->setText(1, QString::number(centres->childCount()));
    others->setText(1, QString::number(others->childCount()));
    links->setText(1, QString::number(links->childCount()));
    root->setExpanded(true);
    centres->setExpanded(true);
    if (others->childCount() < 200)
        others->setExpanded(true);
    setUpdatesEnabled(true);
}

} // namespace meridian::ui
