#include "ui/OutlineView.hpp"

#include "meridian/core/Units.hpp"
#include "ui/Document.hpp"
#include "ui/NodeStyle.hpp"

#include <QHeaderView>
#include <QIcon>
#include <QScrollBar>
#include <QTimer>
#include <algorithm>

namespace meridian::ui {

using topology::NodeKind;

namespace {
constexpr int kGroupCount = 3; // centres, other nodes, links
constexpr int kLevelShift = 60;
constexpr quintptr kLow = (quintptr{1} << 30) - 1;

QIcon kindIcon(NodeKind kind)
{
    // One QIcon per kind: data() is asked for decorations on every repaint.
    static QHash<int, QIcon> cache;
    auto it = cache.find(static_cast<int>(kind));
    if (it == cache.end())
        it = cache.insert(static_cast<int>(kind), NodeStyle::icon(kind));
    return *it;
}
} // namespace

// ---- model --------------------------------------------------------------------------------

OutlineModel::OutlineModel(Document* doc, QObject* parent) : QAbstractItemModel(parent), m_doc(doc)
{
    rebuild();
}

quintptr OutlineModel::pack(Level level, quintptr a, quintptr b)
{
    return (static_cast<quintptr>(level) << kLevelShift) | ((a & kLow) << 30) | (b & kLow);
}

OutlineModel::Level OutlineModel::levelOf(const QModelIndex& i)
{
    return static_cast<Level>(i.internalId() >> kLevelShift);
}

void OutlineModel::rebuild()
{
    beginResetModel();
    const auto& topo = m_doc->topology();
    m_centres.clear();
    m_children.clear();
    m_others.clear();
    // Centre position of every node index that is a centre (-1 otherwise).
    std::vector<int> centrePos(topo.nodeCount(), -1);
    for (std::size_t i = 0; i < topo.nodeCount(); ++i)
        if (topo.node(NodeId::fromIndex(i)).kind == NodeKind::Center) {
            centrePos[i] = static_cast<int>(m_centres.size());
            m_centres.push_back(i);
        }
    m_children.resize(m_centres.size());
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& n = topo.node(NodeId::fromIndex(i));
        if (n.kind == NodeKind::Center)
            continue;
        int pos = -1;
        if (!n.parent.empty())
            if (const auto p = topo.findNode(n.parent))
                pos = centrePos[p->value()];
        if (pos >= 0)
            m_children[static_cast<std::size_t>(pos)].push_back(i);
        else
            m_others.push_back(i);
    }
    m_linkCount = static_cast<int>(topo.linkCount());
    // The first batch of every list is there from the start; the rest is fetched on demand.
    const auto firstBatch = [](std::size_t total) {
        return static_cast<int>(std::min<std::size_t>(total, kBatchRows));
    };
    m_fetchedGroup[0] = firstBatch(m_centres.size());
    m_fetchedGroup[1] = firstBatch(m_others.size());
    m_fetchedGroup[2] = firstBatch(static_cast<std::size_t>(m_linkCount));
    m_fetchedChildren.clear();
    for (const auto& children : m_children)
        m_fetchedChildren.push_back(firstBatch(children.size()));
    endResetModel();
}

int OutlineModel::totalRows(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return 1;
    switch (levelOf(parent)) {
    case Level::Project:
        return kGroupCount;
    case Level::Group:
        switch (parent.row()) {
        case 0:
            return centreCount();
        case 1:
            return otherNodeCount();
        default:
            return m_linkCount;
        }
    case Level::Centre:
        return static_cast<int>(m_children[static_cast<std::size_t>(parent.row())].size());
    default:
        return 0;
    }
}

int* OutlineModel::fetchedOf(const QModelIndex& parent)
{
    if (!parent.isValid())
        return nullptr;
    if (levelOf(parent) == Level::Group)
        return &m_fetchedGroup[parent.row()];
    if (levelOf(parent) == Level::Centre)
        return &m_fetchedChildren[static_cast<std::size_t>(parent.row())];
    return nullptr;
}

int OutlineModel::fetchedRows(const QModelIndex& parent) const
{
    return const_cast<OutlineModel*>(this)->fetchedOf(parent)
               ? *const_cast<OutlineModel*>(this)->fetchedOf(parent)
               : totalRows(parent);
}

QModelIndex OutlineModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column > 1 || row >= rowCount(parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, pack(Level::Project, 0));
    switch (levelOf(parent)) {
    case Level::Project:
        return createIndex(row, column, pack(Level::Group, static_cast<quintptr>(row)));
    case Level::Group: {
        const Level l = parent.row() == 0   ? Level::Centre
                        : parent.row() == 1 ? Level::Other
                                            : Level::Link;
        return createIndex(row, column, pack(l, static_cast<quintptr>(row)));
    }
    case Level::Centre:
        return createIndex(
            row, column,
            pack(Level::Child, static_cast<quintptr>(parent.row()), static_cast<quintptr>(row)));
    default:
        return {};
    }
}

QModelIndex OutlineModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const quintptr v = child.internalId();
    switch (levelOf(child)) {
    case Level::Project:
        return {};
    case Level::Group:
        return createIndex(0, 0, pack(Level::Project, 0));
    case Level::Centre:
        return createIndex(0, 0, pack(Level::Group, 0));
    case Level::Other:
        return createIndex(1, 0, pack(Level::Group, 1));
    case Level::Link:
        return createIndex(2, 0, pack(Level::Group, 2));
    case Level::Child: {
        const int centre = static_cast<int>((v >> 30) & kLow);
        return createIndex(centre, 0, pack(Level::Centre, static_cast<quintptr>(centre)));
    }
    }
    return {};
}

int OutlineModel::rowCount(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return 0;
    return fetchedRows(parent);
}

int OutlineModel::columnCount(const QModelIndex&) const
{
    return 2;
}

bool OutlineModel::hasChildren(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return false;
    return totalRows(parent) > 0;
}

bool OutlineModel::canFetchMore(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return false;
    return fetchedRows(parent) < totalRows(parent);
}

void OutlineModel::fetchMore(const QModelIndex& parent)
{
    int* fetched = fetchedOf(parent);
    if (!fetched)
        return;
    const int total = totalRows(parent);
    const int more = std::min(kBatchRows, total - *fetched);
    if (more <= 0)
        return;
    beginInsertRows(parent, *fetched, *fetched + more - 1);
    *fetched += more;
    endInsertRows();
}

QVariant OutlineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? OutlineView::tr("Item") : OutlineView::tr("Details");
}

QVariant OutlineModel::nodeData(std::size_t nodeIndex, int column, int role) const
{
    const auto& topo = m_doc->topology();
    // Between a document change and the debounced rebuild the indices may be stale.
    if (nodeIndex >= topo.nodeCount())
        return {};
    const auto& n = topo.node(NodeId::fromIndex(nodeIndex));
    switch (role) {
    case Qt::DisplayRole:
        if (column == 0)
            return QString::fromStdString(n.name.empty() ? n.id : n.name);
        if (n.kind == NodeKind::Center && n.gpu_count > 0)
            return n.gpu_model.empty()
                       ? (n.gpu_count == 1 ? OutlineView::tr("1 GPU")
                                           : OutlineView::tr("%1 GPUs").arg(n.gpu_count))
                       : OutlineView::tr("%1 × %2")
                             .arg(n.gpu_count)
                             .arg(QString::fromStdString(n.gpu_model));
        if (!n.ip.empty())
            return QString::fromStdString(n.ip);
        return {};
    case Qt::DecorationRole:
        return column == 0 ? QVariant(kindIcon(n.kind)) : QVariant();
    case Qt::ToolTipRole:
        return column == 0 ? QVariant(QString::fromStdString(n.id)) : QVariant();
    case KindRole:
        return QStringLiteral("node");
    case IdRole:
        return QString::fromStdString(n.id);
    default:
        return {};
    }
}

QVariant OutlineModel::linkData(std::size_t linkIndex, int column, int role) const
{
    const auto& topo = m_doc->topology();
    if (linkIndex >= topo.linkCount())
        return {};
    const auto& l = topo.link(LinkId::fromIndex(linkIndex));
    switch (role) {
    case Qt::DisplayRole:
        if (column == 0)
            return QString::fromStdString(l.a + " – " + l.b);
        return QString::fromStdString(units::formatBandwidth(l.params.bandwidth_bps) + ", " +
                                      units::formatDuration(l.params.delay_s));
    case Qt::DecorationRole: {
        if (column != 0)
            return {};
        static const QIcon linkIcon(QStringLiteral(":/icons/link.svg"));
        return linkIcon;
    }
    case KindRole:
        return QStringLiteral("link");
    case IdRole:
        return QString::fromStdString(l.id);
    default:
        return {};
    }
}

QVariant OutlineModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const int col = index.column();
    const auto row = static_cast<std::size_t>(index.row());
    switch (levelOf(index)) {
    case Level::Project: {
        if (role == Qt::DecorationRole && col == 0) {
            static const QIcon appIcon(QStringLiteral(":/icons/meridian.svg"));
            return appIcon;
        }
        if (role != Qt::DisplayRole)
            return {};
        if (col == 0)
            return m_doc->displayName();
        const auto& topo = m_doc->topology();
        const auto nodes = static_cast<int>(topo.nodeCount());
        const auto links = static_cast<int>(topo.linkCount());
        return (nodes == 1 ? OutlineView::tr("1 node") : OutlineView::tr("%1 nodes").arg(nodes)) +
               QStringLiteral(", ") +
               (links == 1 ? OutlineView::tr("1 link") : OutlineView::tr("%1 links").arg(links));
    }
    case Level::Group:
        if (role != Qt::DisplayRole)
            return {};
        if (col == 1)
            return QString::number(totalRows(index));
        return index.row() == 0   ? OutlineView::tr("Compute centres")
               : index.row() == 1 ? OutlineView::tr("Nodes")
                                  : OutlineView::tr("Links");
    case Level::Centre:
        return row < m_centres.size() ? nodeData(m_centres[row], col, role) : QVariant();
    case Level::Other:
        return row < m_others.size() ? nodeData(m_others[row], col, role) : QVariant();
    case Level::Link:
        return linkData(row, col, role);
    case Level::Child: {
        const auto centre = static_cast<std::size_t>((index.internalId() >> 30) & kLow);
        if (centre >= m_children.size() || row >= m_children[centre].size())
            return {};
        return nodeData(m_children[centre][row], col, role);
    }
    }
    return {};
}

// ---- view ---------------------------------------------------------------------------------

OutlineView::OutlineView(Document* doc, QWidget* parent) : QTreeView(parent), m_doc(doc)
{
    m_model = new OutlineModel(doc, this);
    setModel(m_model);
    // The item column takes what is left after Details, which stays visible (long names are
    // elided instead of pushing Details out of the dock).
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    header()->setMinimumSectionSize(50);
    setTextElideMode(Qt::ElideRight);
    setIndentation(12); // the dock is narrow: leave the width to the names
    // Uniform rows: the view lays out 30,000 rows without asking each one for its size.
    setUniformRowHeights(true);
    setIconSize(QSize(18, 18));
    setEditTriggers(NoEditTriggers);
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    connect(m_timer, &QTimer::timeout, this, &OutlineView::rebuildNow);
    for (auto sig : {&Document::nodeAdded, &Document::nodeRemoved, &Document::nodeChanged,
                     &Document::linkAdded, &Document::linkRemoved, &Document::linkChanged})
        connect(doc, sig, m_timer, qOverload<>(&QTimer::start));
    // A reset (open, new, generator) is shown at once: a rebuild costs about a millisecond
    // per 10,000 nodes, and the outline must not show the previous drawing's counts.
    connect(doc, &Document::topologyReset, this, &OutlineView::rebuildNow);
    connect(doc, &Document::filePathChanged, m_timer, qOverload<>(&QTimer::start));
    connect(this, &QTreeView::activated, this, &OutlineView::emitActivated);
    connect(this, &QTreeView::clicked, this, &OutlineView::emitActivated);
    // QTreeView fetches more rows of the top level only; a long list further down (the
    // links) gets its next batch when it is scrolled to its end.
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &OutlineView::fetchVisibleTail);
    rebuildNow();
}

void OutlineView::emitActivated(const QModelIndex& index)
{
    const QModelIndex first = index.siblingAtColumn(0);
    const QString kind = first.data(OutlineModel::KindRole).toString();
    if (!kind.isEmpty())
        Q_EMIT itemActivatedById(kind, first.data(OutlineModel::IdRole).toString());
}

void OutlineView::fetchVisibleTail()
{
    const QScrollBar* bar = verticalScrollBar();
    if (bar->value() < bar->maximum() - bar->pageStep() / 4)
        return;
    const QModelIndex last = indexAt(QPoint(1, viewport()->height() - 2));
    for (QModelIndex p = last.isValid() ? last.parent() : QModelIndex(); p.isValid();
         p = p.parent())
        if (m_model->canFetchMore(p)) {
            m_model->fetchMore(p);
            return;
        }
}

void OutlineView::resizeEvent(QResizeEvent* event)
{
    QTreeView::resizeEvent(event);
    setColumnWidth(0, std::max(110, viewport()->width() * 13 / 20));
}

void OutlineView::rebuildNow()
{
    m_timer->stop();
    m_model->rebuild();
    expand(m_model->projectIndex());
    expand(m_model->groupIndex(0));
    if (m_model->otherNodeCount() < 200)
        expand(m_model->groupIndex(1));
}

} // namespace meridian::ui
