#pragma once
// The Results dock: the tables of the last finished run — phases, iterations, centres, links
// (and the repetitions of a micro-benchmark) — exactly the columns and numbers of the CSV
// files `meridian-cli run` writes (experiment::resultsCsvFiles), sortable by any column
// (numbers sort as numbers), and "Copy as CSV" of the table as shown.

#include <QWidget>

class QLabel;
class QTabWidget;
class QTableView;

namespace meridian::experiment {
struct Results;
}

namespace meridian::ui {

class ResultsDock : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsDock(QWidget* parent = nullptr);

    /// Shows `results` (a copy of its tables is kept); `title` names the run.
    void setResults(const experiment::Results& results, const QString& title);
    void clear();
    /// Names of the tables shown ("phases", "iterations", ...).
    QStringList tableNames() const;
    QTableView* table(const QString& name) const;
    /// The named table as CSV, in its current sort order (header first). Unsorted, it is
    /// byte-identical to the CLI's <name>.csv.
    QString tableCsv(const QString& name) const;
    /// Copies the current table as CSV to the clipboard.
    void copyCurrentTable();

private:
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
};

} // namespace meridian::ui
