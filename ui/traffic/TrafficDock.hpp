#pragma once
// The Traffic dock (docs/gui.md, "Background traffic"): the generators of the experiment's
// "traffic" section (docs/traffic.md) in a table — id, kind, endpoints, rate or load, window —
// with Add, Edit, Duplicate and Remove. Each change is one ChangeExperimentCommand on the
// document's undo stack; the table follows the document (undo, redo, load). The section is
// checked as every run checks it (TrafficCheck.hpp) and its problem is shown under the table,
// its generator's row marked.

#include <QWidget>
#include <functional>
#include <nlohmann/json.hpp>

class QLabel;
class QPushButton;
class QTableWidget;

namespace meridian::ui {

class Document;

namespace traffic {

class GeneratorEditor;

class TrafficDock : public QWidget
{
    Q_OBJECT
public:
    /// Shows an editor and says whether the user accepted it (default: QDialog::exec()).
    using EditorRunner = std::function<bool(GeneratorEditor&)>;

    explicit TrafficDock(Document* doc, QWidget* parent = nullptr);

    // ---- changes: each one undo step; false if nothing changed ---------------------------
    bool addGenerator(const nlohmann::json& generator);
    bool replaceGenerator(int index, const nlohmann::json& generator);
    bool duplicateGenerator(int index);
    bool removeGenerator(int index);

    /// Opens the editor on `generator`: a new one (index −1, added on OK) or generator
    /// `index` (replaced on OK). Returns whether the document changed.
    bool openEditor(const nlohmann::json& generator, int index = -1);
    /// Tests answer the editor themselves.
    void setEditorRunner(EditorRunner runner) { m_runEditor = std::move(runner); }

    /// The engine's message for a generator placed at `index` (−1: appended) among the
    /// others: its own problem, or its id used twice. Empty when valid.
    QString checkGenerator(const nlohmann::json& generator, int index) const;
    /// The problem of the whole section (empty: none).
    QString problem() const { return m_problem; }
    QTableWidget* table() const { return m_table; }
    /// The selected row, or −1.
    int currentIndex() const;
    /// No change while a run is in progress.
    void setReadOnly(bool on);

private:
    void refresh();
    bool commit(nlohmann::json generators, const QString& undoText);
    void updateButtons();

    Document* m_doc = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_edit = nullptr;
    QPushButton* m_duplicate = nullptr;
    QPushButton* m_remove = nullptr;
    QString m_problem;
    EditorRunner m_runEditor;
    bool m_readOnly = false;
};

} // namespace traffic
} // namespace meridian::ui
