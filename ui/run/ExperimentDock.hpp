#pragma once
// The Experiment dock: edits the document's "experiment" object (docs/experiments.md) for
// every kind — training, collective, p2p — through the undo stack.
//
// The form is generated from the experiment option table (meridian/experiment/OptionTable.hpp):
// one editor per option that applies to the current kind, grouped by its object
// ("parallelism", "inter_center", "transport", "comm", ...), with the unit, default and range
// of the table as placeholder and tool tip. An empty editor means "the default" and removes
// the key. Every edit is checked with experiment::parseExperiment — the check `meridian-cli
// validate` runs — and refused with its message when it would make a valid experiment
// invalid; when the file's experiment is already invalid, edits are accepted and the
// remaining problem stays on show.
//
// The model row takes a preset or a model file (Hugging Face config.json, .safetensors,
// ONNX) and shows the converter's summary: parameters, FLOPs per token, layers and whether
// the training state fits in each centre's GPU memory. A training experiment is also checked
// the way every run is (meridian/experiment/TrainingCheck.hpp): a model that does not fit is
// an error, a batch that does not divide a warning, both shown with their fix; choosing a
// model fills the unset ZeRO stage and batch with values that pass.

#include <QWidget>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QTimer;
class QVBoxLayout;

namespace meridian::experiment {
struct OptionInfo;
struct TrainingSpec;
} // namespace meridian::experiment

namespace meridian::workload {
struct ModelSpec;
}

namespace meridian::ui {

class Document;

class ExperimentDock : public QWidget
{
    Q_OBJECT
public:
    explicit ExperimentDock(Document* doc, QWidget* parent = nullptr);

    /// Sets `key` (dotted, e.g. "parallelism.mfu") to the value typed as `text` (empty =
    /// remove it, back to the default) as one undo step. Returns false and shows the reason
    /// if the edit was refused.
    bool setOption(const std::string& key, const QString& text);
    /// Switches the experiment kind, keeping the options every kind shares.
    bool setKind(const QString& kind);
    /// The error of the current experiment (one per line: it does not parse, or its model
    /// does not fit a centre's GPU memory), or empty if it can run.
    QString problem() const { return m_problemText; }
    /// Its warnings, one per line (a global batch that does not divide over the GPUs).
    QString warning() const { return m_warningText; }
    /// The message of the last refused edit (empty after an accepted one).
    QString lastRefusal() const { return m_refusal; }
    /// The editor of an option (objectName "option:<key>"), for tests.
    QWidget* editorFor(const std::string& key) const;
    /// The model summary text (parameters, FLOPs, layers, memory fit).
    QString modelSummary() const;
    /// Makes every editor read-only (while a run is in progress) or editable again.
    void setReadOnly(bool on);

private:
    void rebuild();
    void refreshValues();
    void refreshStatus();
    void refreshModelSummary();
    QString memorySummary(const workload::ModelSpec& model, bool recompute) const;
    void checkTrainingPlan(const experiment::TrainingSpec& training, const std::string& label);
    bool commitModel(nlohmann::json model, const QString& undoText);
    std::filesystem::path projectDir() const;
    bool commit(nlohmann::json next, const QString& undoText);
    QWidget* makeEditor(const experiment::OptionInfo& option);
    void chooseModelFile();
    QString currentText(const experiment::OptionInfo& option) const;

    Document* m_doc;
    QWidget* m_form = nullptr;
    QVBoxLayout* m_formLayout = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_modelPreset = nullptr;
    QLineEdit* m_modelFile = nullptr;
    QLabel* m_modelSummary = nullptr;
    QLabel* m_status = nullptr;
    QTimer* m_recheck = nullptr; ///< re-checks the experiment after topology edits
    std::vector<std::pair<const experiment::OptionInfo*, QWidget*>> m_editors;
    QString m_problemText;
    QString m_warningText;
    QString m_refusal;
    std::string m_builtKind;
    bool m_refreshing = false;
    bool m_readOnly = false;
};

} // namespace meridian::ui
