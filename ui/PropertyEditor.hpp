#pragma once
// Property editor of the canvas selection: a node page, a link page (with the link's
// schedule) and an empty page. Rows are made from the engine's attribute table
// (ui/AttributeRows.hpp: units, ranges, help, parsing), accept unit-aware text ("10G",
// "400 Gbps", "15ms", "0.1%") and validate before anything is applied: an invalid entry shows
// a red message under the field and changes nothing. An edit applies to every selected item
// of the shown kind as ONE undo command.

#include "meridian/topology/Attributes.hpp"
#include "ui/AttributeRows.hpp"

#include <QHash>
#include <QWidget>
#include <functional>
#include <map>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QStackedWidget;
class QTableWidget;
class QGridLayout;
class QPushButton;
class QVBoxLayout;

namespace meridian::ui {

class Document;
class TopologyScene;

class PropertyEditor : public QWidget
{
    Q_OBJECT
public:
    PropertyEditor(Document* doc, TopologyScene* scene, QWidget* parent = nullptr);

    /// The editor of a field, by .topo key ("bandwidth_gbps", "name", "fabric.link_gbps",
    /// "link_id", ...): a QLineEdit, or a QComboBox for choices and the GPU model.
    QWidget* editor(const QString& key) const;
    QLineEdit* lineEdit(const QString& key) const;
    QComboBox* comboBox(const QString& key) const;
    /// The inline error text under a field (empty when the last entry was valid).
    QString errorText(const QString& key) const;
    /// Applies the field's current text, as pressing Enter does. False if it was rejected.
    bool commit(const QString& key);
    QTableWidget* scheduleTable() const { return m_schedule; }
    /// Which page is shown: "none", "node" or "link".
    QString currentPage() const;

public Q_SLOTS:
    void refresh();

protected:
    /// Esc in a field puts back the text it showed (the last valid value) and clears the
    /// field's error, without committing.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using NodeField = AttributeRow<topology::NodeAttributes>;
    using LinkField = AttributeRow<topology::LinkAttributes>;

    /// A new selection is shown from the top of its page (its header in view).
    void scrollToTop();
    /// Shows `text` in a field's editor (a line edit or an editable combo).
    static void setFieldText(QWidget* editor, const QString& text);
    /// A scrolled page with `header` above an empty grid of rows; `v` receives its layout.
    QGridLayout* addPage(QLabel*& header, QVBoxLayout*& v);
    void buildNodePage();
    void buildLinkPage();
    void buildSchedule(QVBoxLayout* v);
    /// Commits the schedule table on edits; adds and removes its steps.
    void connectSchedule();
    std::vector<NodeField> nodeRows();
    NodeField nodeRow(const topology::AttributeInfo& a);
    std::vector<LinkField> linkRows();
    void addReverseRows(std::vector<LinkField>& rows);
    LinkField queueRow(const std::string& group);
    /// Widgets of every row, connected to `commit` when an edit finishes.
    template <class Attrs>
    void addRows(QGridLayout* grid, std::vector<AttributeRow<Attrs>>& rows,
                 bool (PropertyEditor::*commit)(AttributeRow<Attrs>&));
    template <class Attrs>
    void showValues(std::vector<AttributeRow<Attrs>>& fields, const std::vector<Attrs>& items);
    /// Applies `field`'s text to the selected items `before` and pushes a `Command` for the
    /// change (titled with the item's id, or `many` for several), then calls `pushed(after)`.
    /// False when nothing is selected or the text is rejected (shown under the field).
    template <class Command, class Attrs, class Pushed>
    bool commitField(AttributeRow<Attrs>& field, const std::vector<Attrs>& before,
                     const QString& many, Pushed pushed);
    bool commitNodeField(NodeField& field);
    bool commitLinkField(LinkField& field);
    const LinkField& linkField(const QString& key) const;
    void commitSchedule();
    /// Row `r` of the schedule table read into `step` (fields without a column are kept);
    /// "" or the error to show.
    QString readScheduleRow(int r, const topology::LinkAttributes& link,
                            topology::ScheduleStep& step) const;
    void fillSchedule(const topology::LinkAttributes& link);
    static QString fieldText(QWidget* editor);
    static void setError(QLabel* error, const QString& text);

    std::vector<topology::NodeAttributes> selectedNodes() const;
    std::vector<topology::LinkAttributes> selectedLinks() const;

    Document* m_doc = nullptr;
    TopologyScene* m_scene = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_nodeHeader = nullptr;
    QLabel* m_linkHeader = nullptr;
    QLabel* m_scheduleError = nullptr;
    QTableWidget* m_schedule = nullptr;
    QPushButton* m_addStep = nullptr;
    QPushButton* m_removeStep = nullptr;
    std::vector<NodeField> m_nodeFields;
    std::vector<LinkField> m_linkFields;
    bool m_refreshing = false;
    QHash<QWidget*, QString> m_shown;      ///< text each editor showed at the last refresh
    QHash<QWidget*, QLabel*> m_unitLabels; ///< unit label next to an editor, if any
};

} // namespace meridian::ui
