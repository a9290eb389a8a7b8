#pragma once
// The axes of the Sweep dialog (docs/sweeps.md, "In the designer"): one row per axis with its
// path (offered: the attributes of the selected links and nodes, then the experiment options
// of the file's kind; any path `meridian-cli sweep --vary` takes may be typed), its values
// (a list, or a linear or geometric range start:stop:steps) and, under it, what is wrong with
// it. Each row is checked as it is edited, by the sweep core's own parser and path resolver
// (app/sweep/SweepSpec), so the dialog refuses exactly what the command line refuses.

#include "app/sweep/SweepSpec.hpp"

#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStackedWidget;
class QToolButton;
class QVBoxLayout;

namespace meridian::ui {

/// The axis paths the dialog offers for `project`: per selected link `links.<id>.<key>`, per
/// selected node `nodes.<id>.attrs.<key>` (and its fabric's keys for a centre), then the
/// experiment's options `experiment.<key>` for the file's kind. Without a selection, every
/// link's attributes stand in for the selected ones.
QStringList sweepAxisSuggestions(const io::Project& project,
                                 const std::vector<std::string>& selectedNodes,
                                 const std::vector<std::string>& selectedLinks);

class SweepAxisRow : public QWidget
{
    Q_OBJECT
public:
    enum class Mode
    {
        List,
        Linear,
        Log
    };
    explicit SweepAxisRow(const QStringList& suggestions, QWidget* parent = nullptr);

    void setPath(const QString& path);
    QString path() const;
    void setList(const QString& values);
    void setRange(Mode mode, double start, double stop, int steps);
    /// The values as `--vary PATH=VALUES` writes them ("0,1e-6" or "log:1e-6:1e-3:4").
    QString valuesText() const;
    /// Shows a problem under the row (empty: none).
    void setProblem(const QString& problem);
    QString problem() const;

    QComboBox* pathBox() const { return m_path; }
    QLineEdit* listEdit() const { return m_list; }
    QComboBox* modeBox() const { return m_mode; }

Q_SIGNALS:
    void changed();
    void removeRequested();

private:
    QComboBox* m_path = nullptr;
    QComboBox* m_mode = nullptr;
    QStackedWidget* m_values = nullptr;
    QLineEdit* m_list = nullptr;
    QLineEdit* m_start = nullptr;
    QLineEdit* m_stop = nullptr;
    QSpinBox* m_steps = nullptr;
    QLabel* m_problem = nullptr;
};

class SweepAxesEditor : public QWidget
{
    Q_OBJECT
public:
    explicit SweepAxesEditor(QWidget* parent = nullptr);

    /// The project the paths are checked against, its file name for messages, and what the
    /// path boxes offer.
    void setProject(const io::Project* project, const std::string& file,
                    const QStringList& suggestions);
    SweepAxisRow* addAxis();
    void clearAxes();
    const std::vector<SweepAxisRow*>& rows() const { return m_rows; }
    void setZip(bool zip) { m_zip = zip; }

    /// Checks every row (problems shown under each) and the axes together (duplicates, zip
    /// lengths: returned in `overall`). The spec when everything is valid.
    std::optional<sweep::SweepSpec> validate(QString* overall);

Q_SIGNALS:
    void changed();

private:
    QVBoxLayout* m_layout = nullptr;
    std::vector<SweepAxisRow*> m_rows;
    const io::Project* m_project = nullptr;
    std::string m_file;
    QStringList m_suggestions;
    bool m_zip = false;
};

} // namespace meridian::ui
