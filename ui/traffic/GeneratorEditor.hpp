#pragma once
// The editor of one background traffic generator (docs/traffic.md, docs/gui.md "Background
// traffic"): its id, kind, endpoints, window and protocol, then the keys of its kind from
// the field table (GeneratorFields.hpp), and "Other keys" — a JSON object of every key the
// table does not declare, kept as written. Every edit is checked at once by the `Checker`
// (the engine's parser); its message is shown under the form and OK stays disabled while
// there is one.
//
// Editors are named "traffic:<key>" (laws "traffic:<key>.<subkey>") for tests.

#include <QDialog>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace meridian::topology {
class Topology;
}

namespace meridian::ui::traffic {

class LawEditor;

class GeneratorEditor : public QDialog
{
    Q_OBJECT
public:
    /// The engine's message for a generator (empty: it is valid).
    using Checker = std::function<QString(const nlohmann::json& generator)>;

    GeneratorEditor(const topology::Topology& topology, Checker checker, QWidget* parent = nullptr);

    /// Fills the form from a generator object.
    void setGenerator(const nlohmann::json& generator);
    /// The generator as edited.
    nlohmann::json generator() const;
    /// The current problem (empty: valid).
    QString problem() const { return m_problem; }
    /// Sets an editor's text as if typed (key "rate_bps", law keys "size.mean_bytes") and
    /// re-checks; false if there is no such editor now.
    bool setFieldText(const std::string& key, const QString& text);

private:
    void rebuildKindFields();
    void recheck();
    QLineEdit* lineEdit(const QString& name, const QString& placeholder);

    const topology::Topology& m_topology;
    Checker m_checker;
    nlohmann::json m_base = nlohmann::json::object();
    QLineEdit* m_id = nullptr;
    QComboBox* m_kind = nullptr;
    QLineEdit* m_from = nullptr;
    QLineEdit* m_to = nullptr;
    QLineEdit* m_start = nullptr;
    QLineEdit* m_stop = nullptr;
    QComboBox* m_protocol = nullptr;
    QFormLayout* m_kindForm = nullptr;
    std::map<std::string, QWidget*> m_kindEditors; ///< key → QLineEdit, QComboBox or LawEditor
    QLineEdit* m_other = nullptr;
    QLabel* m_status = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_problem;
    bool m_filling = false;
};

} // namespace meridian::ui::traffic
