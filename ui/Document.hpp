#pragma once
// The designer's document: one io::Project (engine Topology + experiment JSON), its file
// path, and the single QUndoStack every edit goes through.
//
// The document is the model; the canvas, the property editor and the outline are views of
// it. Views never mutate the topology directly: they push QUndoCommands (ui/commands/) that
// call the low-level mutators below by *string id*, and the mutators announce every change
// through the signals so that views update incrementally. Ids rather than NodeId/LinkId
// because removal renumbers the dense engine ids, while undo commands live long.

#include "meridian/io/ProjectFile.hpp"

#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

class QUndoStack;

namespace meridian::ui {

/// New position and parent centre of one node (MoveNodesCommand and drops into centres).
struct NodePlacement
{
    std::string id;
    QPointF pos;
    std::string parent;

    bool operator==(const NodePlacement&) const = default;
};

class Document : public QObject
{
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const io::Project& project() const { return m_project; }
    const topology::Topology& topology() const { return m_project.topology; }
    QUndoStack* undoStack() const { return m_undoStack; }

    QString filePath() const { return m_filePath; }
    /// Name shown in the title bar: the file's base name, or "Untitled".
    QString displayName() const;
    bool isModified() const;

    // ---- files ---------------------------------------------------------------------------
    /// Empties the document (new untitled project) and clears the undo stack.
    void clear();
    /// Reads a .topo file. On any error throws InputError and leaves the document untouched.
    void load(const QString& path);
    /// Adopts a project (e.g. a recovered autosave); `path` may be empty. Clears undo.
    void adopt(io::Project project, const QString& path, bool modified);
    /// Writes the canonical .topo text atomically (io::writeFileAtomically: the previous file
    /// stays intact unless the new one is complete). Throws InputError naming the file and the
    /// reason on I/O failure. On success the path is remembered and the undo stack is marked
    /// clean.
    void save(const QString& path);
    /// The canonical text of the current project (what save() writes).
    QString serialized() const;

    // ---- lookups -------------------------------------------------------------------------
    const topology::NodeAttributes* node(const std::string& id) const;
    const topology::LinkAttributes* link(const std::string& id) const;
    /// Ids of every link touching a node, in the engine's order.
    std::vector<std::string> linksOfNode(const std::string& id) const;
    /// Direct children of a centre.
    std::vector<std::string> childrenOf(const std::string& centerId) const;
    /// The node and all nodes nested in it (centres contain their children).
    std::vector<std::string> withDescendants(const std::vector<std::string>& ids) const;
    std::string uniqueNodeId(const std::string& stem) const;
    std::string uniqueLinkId(const std::string& stem) const;

    // ---- low-level mutators: for QUndoCommands only --------------------------------------
    void insertNode(const topology::NodeAttributes& attrs);
    void insertLink(const topology::LinkAttributes& attrs);
    /// Removes links and nodes (with every incident link) in one pass.
    void removeItems(const std::vector<std::string>& nodeIds,
                     const std::vector<std::string>& linkIds);
    /// Re-inserts nodes and links at their former engine indices (undo of removeItems), so
    /// that the saved file after undo is byte-identical to the one before the removal.
    void restoreItems(const std::vector<std::pair<std::size_t, topology::NodeAttributes>>& nodes,
                      const std::vector<std::pair<std::size_t, topology::LinkAttributes>>& links);
    void setNodeAttributes(const std::string& id, const topology::NodeAttributes& attrs);
    void setLinkAttributes(const std::string& id, const topology::LinkAttributes& attrs);
    void placeNodes(const std::vector<NodePlacement>& placements);
    /// Replaces the whole topology (generators, import, layouts). Emits topologyReset().
    void replaceTopology(topology::Topology topology);
    void setProjectName(const std::string& name);
    /// Replaces the "experiment" object (ChangeExperimentCommand). Emits experimentChanged().
    void setExperiment(const nlohmann::json& experiment);

Q_SIGNALS:
    void nodeAdded(const QString& id);
    void nodeRemoved(const QString& id);
    void nodeChanged(const QString& id);
    void nodeMoved(const QString& id);
    void linkAdded(const QString& id);
    void linkRemoved(const QString& id);
    void linkChanged(const QString& id);
    /// Another project took the document's place (open, new, close, a recovered file):
    /// emitted before topologyReset(), so views drop what belonged to the previous one.
    void documentReplaced();
    /// Everything may have changed (load, new, replaceTopology, id renames).
    void topologyReset();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);
    /// The "experiment" object changed (an edit, undo/redo, load or new).
    void experimentChanged();

private:
    void setFilePath(const QString& path);

    io::Project m_project;
    QString m_filePath;
    QUndoStack* m_undoStack = nullptr;
    bool m_forcedModified = false; ///< set for an adopted recovery file until the next save
};

} // namespace meridian::ui
