#pragma once
// Project outline: the project, its compute centres with what they contain, the other nodes
// and the links, as a tree. Rebuilt (debounced) from the document; activating an entry
// selects it on the canvas.
//
// The tree is a lazy model over the document (OutlineModel): a rebuild only sorts node and
// link *indices* into groups (a few milliseconds for 10,000 nodes); texts and icons are made
// when a row is shown, and long lists hand rows to the view in batches (fetchMore), so a
// 34,000-entry outline costs nothing until it is scrolled. Group counts are always the
// true totals.

#include <QAbstractItemModel>
#include <QTreeView>
#include <cstddef>
#include <vector>

class QTimer;

namespace meridian::ui {

class Document;

class OutlineModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    /// Extra roles of every row: "node"/"link" (empty for the project and group rows), and
    /// the item's id.
    enum Role
    {
        KindRole = Qt::UserRole + 1,
        IdRole
    };
    /// Rows handed to the view per fetchMore() of a long list.
    static constexpr int kBatchRows = 1000;

    explicit OutlineModel(Document* doc, QObject* parent = nullptr);

    /// Re-reads the document (model reset).
    void rebuild();
    /// True totals of the three groups (independent of what has been fetched).
    int centreCount() const { return static_cast<int>(m_centres.size()); }
    int otherNodeCount() const { return static_cast<int>(m_others.size()); }
    int linkCount() const { return m_linkCount; }
    /// Index of the project row, and of its groups (0 centres, 1 nodes, 2 links).
    QModelIndex projectIndex() const { return index(0, 0); }
    QModelIndex groupIndex(int group) const { return index(group, 0, projectIndex()); }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

private:
    enum class Level : quintptr
    {
        Project,
        Group,
        Centre, ///< a row of the centres group (value: position in m_centres)
        Other,  ///< a row of the nodes group (value: position in m_others)
        Link,   ///< a row of the links group (value: link index)
        Child   ///< a node inside a centre (value: centre position, row)
    };
    static quintptr pack(Level level, quintptr a, quintptr b = 0);
    static Level levelOf(const QModelIndex& i);
    /// Total children of a parent row, and how many of them the view has been given.
    int totalRows(const QModelIndex& parent) const;
    int* fetchedOf(const QModelIndex& parent);
    int fetchedRows(const QModelIndex& parent) const;
    QVariant nodeData(std::size_t nodeIndex, int column, int role) const;
    QVariant linkData(std::size_t linkIndex, int column, int role) const;

    Document* m_doc = nullptr;
    std::vector<std::size_t> m_centres;               ///< node indices of centres
    std::vector<std::vector<std::size_t>> m_children; ///< per centre: node indices inside
    std::vector<std::size_t> m_others;                ///< other nodes (no centre parent)
    int m_linkCount = 0;
    int m_fetchedGroup[3] = {0, 0, 0};
    std::vector<int> m_fetchedChildren; ///< per centre
};

class OutlineView : public QTreeView
{
    Q_OBJECT
public:
    explicit OutlineView(Document* doc, QWidget* parent = nullptr);

    OutlineModel* outlineModel() const { return m_model; }

public Q_SLOTS:
    void rebuildNow();

Q_SIGNALS:
    /// kind is "node" or "link".
    void itemActivatedById(const QString& kind, const QString& id);

protected:
    /// Item gets about 65 % of the width, Details the rest: neither is squeezed out.
    void resizeEvent(QResizeEvent* event) override;

private:
    void emitActivated(const QModelIndex& index);
    void fetchVisibleTail();

    Document* m_doc = nullptr;
    OutlineModel* m_model = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace meridian::ui
