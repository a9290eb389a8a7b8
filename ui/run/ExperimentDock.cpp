#include "ui/run/ExperimentDock.hpp"

#include "meridian/collective/Algorithm.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/OptionTable.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/MemoryModel.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/ModelLoader.hpp"
#include "ui/Document.hpp"
#include "ui/FormFit.hpp"
#include "ui/commands/ChangeExperimentCommand.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>
#include <map>

namespace meridian::ui {

namespace {

using experiment::OptionInfo;
using experiment::OptionType;
using nlohmann::json;

std::vector<std::string> splitKey(const std::string& key)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t dot = key.find('.'); dot != std::string::npos; dot = key.find('.', start)) {
        parts.push_back(key.substr(start, dot - start));
        start = dot + 1;
    }
    parts.push_back(key.substr(start));
    return parts;
}

const json* lookup(const json& root, const std::string& key)
{
    const json* at = &root;
    for (const auto& part : splitKey(key)) {
        if (!at->is_object() || !at->contains(part))
            return nullptr;
        at = &(*at)[part];
    }
    return at;
}

/// Sets (or, with a null value, removes) `key`; objects left empty are removed too.
void assign(json& root, const std::string& key, const json& value)
{
    const std::vector<std::string> parts = splitKey(key);
    if (!root.is_object())
        root = json::object();
    std::vector<json*> chain{&root};
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        json& parent = *chain.back();
        if (!parent.contains(parts[i]) || !parent[parts[i]].is_object()) {
            if (value.is_null())
                return;
            parent[parts[i]] = json::object();
        }
        chain.push_back(&parent[parts[i]]);
    }
    if (value.is_null())
        chain.back()->erase(parts.back());
    else
        (*chain.back())[parts.back()] = value;
    for (std::size_t i = chain.size(); i-- > 1;)
        if (chain[i]->empty())
            chain[i - 1]->erase(parts[i - 1]);
}

QString textOf(const json& v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_boolean())
        return v.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.is_number())
        return QString::number(v.get<double>(), 'g', 12);
    if (v.is_array()) {
        QStringList items;
        for (const auto& e : v)
            items << textOf(e);
        return items.join(QStringLiteral(", "));
    }
    return QString::fromStdString(v.dump());
}

/// The JSON value of an editor's text for an option (null = remove the key).
json valueOf(const OptionInfo& o, const QString& raw, QString* error)
{
    const QString text = raw.trimmed();
    if (text.isEmpty())
        return nullptr;
    switch (o.type) {
    case OptionType::Integer:
    case OptionType::Number: {
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok) {
            *error = QCoreApplication::translate("ExperimentDock", "%1: '%2' is not a number")
                         .arg(QString::fromStdString(o.label), text);
            return nullptr;
        }
        if (o.type == OptionType::Integer && v == std::floor(v) && std::abs(v) < 9.007e15)
            return static_cast<std::int64_t>(v);
        return v;
    }
    case OptionType::Size:
    case OptionType::Duration: {
        bool ok = false;
        const double v = text.toDouble(&ok);
        return ok ? json(v) : json(text.toStdString());
    }
    case OptionType::Boolean:
        return text == QLatin1String("true");
    case OptionType::NodeIds: {
        // A pipeline's stages may also be a number of stages, placed by the engine.
        bool whole = false;
        const int count = text.toInt(&whole);
        if (o.key == "parallelism.stages" && whole)
            return count;
        json list = json::array();
        for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
            list.push_back(part.trimmed().toStdString());
        return list;
    }
    default:
        return text.toStdString();
    }
}

QString placeholderOf(const OptionInfo& o)
{
    QString text;
    if (!o.default_text.empty())
        text = QString::fromStdString(o.default_text);
    else if (o.type == OptionType::Integer || o.type == OptionType::Number ||
             o.type == OptionType::Size || o.type == OptionType::Duration)
        text = QString::number(o.default_value, 'g', 12);
    if (!o.unit.empty() && !text.isEmpty())
        text += QLatin1Char(' ') + QString::fromStdString(o.unit);
    return text;
}

QString toolTipOf(const OptionInfo& o)
{
    QString tip = QStringLiteral("<b>%1</b> — %2")
                      .arg(QString::fromStdString(o.key).toHtmlEscaped(),
                           QString::fromStdString(o.help).toHtmlEscaped());
    if (!o.unit.empty())
        tip += QCoreApplication::translate("ExperimentDock", "<br>unit: %1")
                   .arg(QString::fromStdString(o.unit));
    if (o.min || o.max)
        tip += QCoreApplication::translate("ExperimentDock", "<br>range: %1")
                   .arg(QString::fromStdString(o.rangeText()));
    if (!o.range_hint.empty())
        tip += QStringLiteral(" (%1)").arg(QString::fromStdString(o.range_hint));
    return tip;
}

/// Values offered for a free-text option (the field stays editable): the algorithm names of
/// the collective module, the collective operations.
std::vector<std::string> suggestionsFor(const OptionInfo& o)
{
    if (o.key == "intra_center.collective" || o.key == "inter_center.collective" ||
        o.key == "broadcast.algorithm" || o.key == "algorithm") {
        std::vector<std::string> names;
        for (auto a : {collective::Algorithm::Ring, collective::Algorithm::DoubleBinaryTree,
                       collective::Algorithm::HalvingDoubling, collective::Algorithm::Direct,
                       collective::Algorithm::BinomialTree, collective::Algorithm::PipelinedChain,
                       collective::Algorithm::Hierarchical})
            names.emplace_back(collective::toString(a));
        return names;
    }
    if (o.key == "operation")
        return {"allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall"};
    return {};
}

bool hiddenOption(const OptionInfo& o)
{
    // The kind has its own combo, the model its own row; triggers are not editable here.
    return o.key == "kind" || o.key.rfind("model", 0) == 0 || o.type == OptionType::Any ||
           o.type == OptionType::Object;
}

std::string kindOf(const json& e)
{
    if (e.is_object() && e.contains("kind") && e["kind"].is_string())
        return e["kind"].get<std::string>();
    return "training";
}

experiment::ExperimentKind kindEnum(const std::string& kind)
{
    if (kind == "collective")
        return experiment::ExperimentKind::Collective;
    if (kind == "p2p")
        return experiment::ExperimentKind::P2p;
    if (kind == "traffic")
        return experiment::ExperimentKind::Traffic;
    return experiment::ExperimentKind::Training;
}

QString groupTitle(const std::string& group)
{
    static const std::map<std::string, QString> titles{
        {"", QCoreApplication::translate("ExperimentDock", "Run")},
        {"dataset", QCoreApplication::translate("ExperimentDock", "Dataset")},
        {"parallelism", QCoreApplication::translate("ExperimentDock", "Parallelism")},
        {"broadcast", QCoreApplication::translate("ExperimentDock", "Broadcast")},
        {"intra_center", QCoreApplication::translate("ExperimentDock", "Intra-centre collective")},
        {"inter_center", QCoreApplication::translate("ExperimentDock", "Inter-centre collective")},
        {"transport", QCoreApplication::translate("ExperimentDock", "Transport (TCP)")},
        {"comm", QCoreApplication::translate("ExperimentDock", "Communication (NCCL)")},
        {"strategy", QCoreApplication::translate("ExperimentDock", "Strategy")}};
    const auto it = titles.find(group);
    return it != titles.end() ? it->second : QString::fromStdString(group);
}

} // namespace

ExperimentDock::ExperimentDock(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    auto* kindRow = new QHBoxLayout;
    kindRow->addWidget(new QLabel(tr("Kind:"), this));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("experimentKind"));
    for (const auto& c : experiment::experimentOption("kind").choices)
        m_kind->addItem(QString::fromStdString(c));
    kindRow->addWidget(m_kind, 1);
    outer->addLayout(kindRow);
    connect(m_kind, &QComboBox::activated, this, [this](int) { setKind(m_kind->currentText()); });

    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("experimentFormScroll"));
    scrollVerticallyOnly(scroll);
    m_form = new QWidget(scroll);
    m_formLayout = new QVBoxLayout(m_form);
    m_formLayout->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(m_form);
    outer->addWidget(scroll, 1);

    // The status scrolls past six lines: a memory error per centre must not squeeze the form.
    auto* statusScroll = new QScrollArea(this);
    statusScroll->setObjectName(QStringLiteral("experimentStatusScroll"));
    scrollVerticallyOnly(statusScroll);
    m_status = new QLabel(statusScroll);
    m_status->setObjectName(QStringLiteral("experimentStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    statusScroll->setWidget(m_status);
    statusScroll->setMaximumHeight(6 * fontMetrics().lineSpacing() + 8);
    statusScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    outer->addWidget(statusScroll);

    connect(doc, &Document::experimentChanged, this, [this] {
        if (kindOf(m_doc->project().experiment) != m_builtKind)
            rebuild();
        else
            refreshValues();
    });
    connect(doc, &Document::topologyReset, this, &ExperimentDock::rebuild);
    // GPU counts and models decide whether the model fits and the batch divides.
    // Batched: a paste adds many nodes, the check runs once after them.
    m_recheck = new QTimer(this);
    m_recheck->setSingleShot(true);
    m_recheck->setInterval(0);
    connect(m_recheck, &QTimer::timeout, this, &ExperimentDock::refreshValues);
    for (auto signal : {&Document::nodeAdded, &Document::nodeRemoved, &Document::nodeChanged})
        connect(doc, signal, m_recheck, qOverload<>(&QTimer::start));
    rebuild();
}

std::filesystem::path ExperimentDock::projectDir() const
{
    const QString dir = m_doc->filePath().isEmpty() ? QDir::currentPath()
                                                    : QFileInfo(m_doc->filePath()).absolutePath();
    return dir.toStdString();
}

bool ExperimentDock::commitModel(json model, const QString& undoText)
{
    json next = m_doc->project().experiment;
    assign(next, "model", model);
    // Choosing a model completes the unset keys so that the experiment can run: the ZeRO
    // stage that fits, a batch that divides (TrainingCheck.hpp).
    next = experiment::withValidTrainingDefaults(std::move(next), m_doc->topology(), projectDir());
    return commit(std::move(next), undoText);
}

QWidget* ExperimentDock::makeEditor(const OptionInfo& o)
{
    QWidget* editor = nullptr;
    const QString key = QString::fromStdString(o.key);
    const std::vector<std::string> suggestions = suggestionsFor(o);
    if (o.type == OptionType::Choice || o.type == OptionType::Boolean ||
        o.type == OptionType::NodeId || !suggestions.empty()) {
        auto* combo = new QComboBox(m_form);
        combo->addItem(tr("default (%1)").arg(placeholderOf(o)), QString());
        std::vector<std::string> items = o.choices;
        if (o.type == OptionType::Boolean)
            items = {"true", "false"};
        if (!suggestions.empty()) {
            combo->setEditable(true);
            items = suggestions;
        }
        if (o.type == OptionType::NodeId) {
            combo->setEditable(true);
            const topology::Topology& topo = m_doc->topology();
            for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
                const auto& n = topo.node(NodeId::fromIndex(i));
                if (o.key != "source" || n.kind == topology::NodeKind::Center)
                    items.push_back(n.id);
            }
        }
        for (const auto& item : items)
            combo->addItem(QString::fromStdString(item), QString::fromStdString(item));
        connect(combo, &QComboBox::activated, this, [this, combo, key](int index) {
            setOption(key.toStdString(), combo->itemData(index).toString());
        });
        if (combo->isEditable())
            connect(combo->lineEdit(), &QLineEdit::editingFinished, this, [this, combo, key] {
                if (!m_refreshing &&
                    combo->currentText() !=
                        currentText(experiment::experimentOption(key.toStdString())))
                    setOption(key.toStdString(), combo->currentText());
            });
        editor = combo;
    } else {
        auto* edit = new QLineEdit(m_form);
        edit->setPlaceholderText(placeholderOf(o));
        edit->setClearButtonEnabled(true);
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, key] {
            if (m_refreshing)
                return;
            const OptionInfo& opt = experiment::experimentOption(key.toStdString());
            if (edit->text().trimmed() != currentText(opt))
                setOption(key.toStdString(), edit->text());
        });
        editor = edit;
    }
    editor->setObjectName(QStringLiteral("option:") + key);
    editor->setToolTip(toolTipOf(o));
    return editor;
}

void ExperimentDock::rebuild()
{
    m_refreshing = true;
    m_editors.clear();
    while (QLayoutItem* item = m_formLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_modelPreset = nullptr;
    m_modelFile = nullptr;
    m_modelSummary = nullptr;
    m_builtKind = kindOf(m_doc->project().experiment);
    const experiment::ExperimentKind kind = kindEnum(m_builtKind);

    if (kind == experiment::ExperimentKind::Training) {
        auto* box = new QGroupBox(tr("Model"), m_form);
        auto* form = new QFormLayout(box);
        m_modelPreset = new QComboBox(box);
        m_modelPreset->setObjectName(QStringLiteral("option:model.preset"));
        m_modelPreset->addItem(tr("(model file)"), QString());
        for (const auto& e : workload::ModelCatalogue::builtin().entries())
            m_modelPreset->addItem(QString::fromStdString(e.id), QString::fromStdString(e.id));
        connect(m_modelPreset, &QComboBox::activated, this, [this](int index) {
            const QString id = m_modelPreset->itemData(index).toString();
            if (id.isEmpty())
                return;
            commitModel(json{{"preset", id.toStdString()}}, tr("Set model preset %1").arg(id));
        });
        form->addRow(tr("Preset:"), m_modelPreset);
        auto* fileRow = new QHBoxLayout;
        m_modelFile = new QLineEdit(box);
        m_modelFile->setObjectName(QStringLiteral("option:model.file"));
        m_modelFile->setPlaceholderText(tr("config.json, .safetensors or .onnx"));
        auto* browse = new QPushButton(tr("Browse…"), box);
        fileRow->addWidget(m_modelFile, 1);
        fileRow->addWidget(browse);
        form->addRow(tr("File:"), fileRow);
        connect(browse, &QPushButton::clicked, this, &ExperimentDock::chooseModelFile);
        connect(m_modelFile, &QLineEdit::editingFinished, this, [this] {
            const QString text = m_modelFile->text().trimmed();
            const json* cur = lookup(m_doc->project().experiment, "model.file");
            if (m_refreshing || text.isEmpty() || (cur && textOf(*cur) == text))
                return;
            commitModel(json{{"file", text.toStdString()}}, tr("Set model file %1").arg(text));
        });
        m_modelSummary = new QLabel(box);
        m_modelSummary->setObjectName(QStringLiteral("modelSummary"));
        m_modelSummary->setWordWrap(true);
        m_modelSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form->addRow(m_modelSummary);
        m_formLayout->addWidget(box);
    }

    // Background traffic: its generators are edited in the Traffic dock (ui/traffic/).
    const json& experimentJson = m_doc->project().experiment;
    if (kind == experiment::ExperimentKind::Traffic ||
        (experimentJson.is_object() && experimentJson.contains("traffic"))) {
        const json* generators = experimentJson.is_object() && experimentJson.contains("traffic") &&
                                         experimentJson["traffic"].is_object() &&
                                         experimentJson["traffic"].contains("generators")
                                     ? &experimentJson["traffic"]["generators"]
                                     : nullptr;
        const int count = generators != nullptr && generators->is_array()
                              ? static_cast<int>(generators->size())
                              : 0;
        auto* note =
            new QLabel(tr("Background traffic: %n generator(s), edited in the Traffic dock "
                          "(docs/traffic.md).",
                          nullptr, count),
                       m_form);
        note->setObjectName(QStringLiteral("trafficNote"));
        note->setWordWrap(true);
        m_formLayout->addWidget(note);
    }

    // One group per object, in table order.
    std::vector<std::string> groups;
    std::map<std::string, QFormLayout*> forms;
    for (const OptionInfo& o : experiment::experimentOptionTable()) {
        if (!o.appliesTo(kind) || hiddenOption(o))
            continue;
        const std::size_t dot = o.key.find('.');
        const std::string group = dot == std::string::npos ? "" : o.key.substr(0, dot);
        if (!forms.count(group)) {
            auto* box = new QGroupBox(groupTitle(group), m_form);
            box->setObjectName(QStringLiteral("group:") + QString::fromStdString(group));
            forms[group] = new QFormLayout(box);
            m_formLayout->addWidget(box);
        }
        QWidget* editor = makeEditor(o);
        // Booleans declare no noun: their label is the key's last part.
        QString label =
            QString::fromStdString(o.label.empty() ? o.key.substr(o.key.rfind('.') + 1) : o.label)
                .replace(QLatin1Char('_'), QLatin1Char(' '));
        if (!label.isEmpty())
            label[0] = label[0].toUpper();
        if (!o.unit.empty() && o.type != OptionType::Choice)
            label += QStringLiteral(" (%1)").arg(QString::fromStdString(o.unit));
        forms[group]->addRow(label + QLatin1Char(':'), editor);
        m_editors.emplace_back(&o, editor);
    }
    m_formLayout->addStretch(1);
    fitFormsToWidth(m_form);
    m_refreshing = false;
    refreshValues();
    setReadOnly(m_readOnly);
}

QString ExperimentDock::currentText(const OptionInfo& o) const
{
    const json* v = lookup(m_doc->project().experiment, o.key);
    return v ? textOf(*v) : QString();
}

void ExperimentDock::refreshValues()
{
    m_refreshing = true;
    const json& e = m_doc->project().experiment;
    m_kind->setCurrentText(QString::fromStdString(kindOf(e)));
    for (auto& [o, editor] : m_editors) {
        const QString text = currentText(*o);
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            const int index = combo->findData(text);
            if (index >= 0)
                combo->setCurrentIndex(index);
            else
                combo->setEditText(text); // a value the list does not know (shown as is)
        } else if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
            if (edit->text() != text)
                edit->setText(text);
        }
    }
    if (m_modelPreset) {
        const json* preset = lookup(e, "model.preset");
        const int index = preset ? m_modelPreset->findData(textOf(*preset)) : 0;
        m_modelPreset->setCurrentIndex(std::max(index, 0));
        const json* file = lookup(e, "model.file");
        m_modelFile->setText(file ? textOf(*file) : QString());
    }
    m_refreshing = false;
    refreshModelSummary();
    refreshStatus();
}

void ExperimentDock::refreshStatus()
{
    m_problemText.clear();
    m_warningText.clear();
    const io::Project& p = m_doc->project();
    if (p.experiment.is_null()) {
        m_problemText = tr("This file has no experiment: edit any field to create one.");
    } else {
        const std::string label = m_doc->displayName().toStdString();
        try {
            const auto spec = experiment::parseExperiment(p.experiment, p.topology, label);
            if (spec.kind == experiment::ExperimentKind::Training)
                checkTrainingPlan(spec.training, label);
        } catch (const InputError& e) {
            m_problemText = QString::fromStdString(e.what());
        }
    }
    QString text;
    if (!m_refusal.isEmpty())
        text = tr("<span style='color:#b00020'>Refused: %1</span>").arg(m_refusal.toHtmlEscaped());
    else if (!m_problemText.isEmpty())
        text =
            tr("<span style='color:#b00020'>Error: %1</span>").arg(m_problemText.toHtmlEscaped());
    else if (!m_warningText.isEmpty())
        text = tr("<span style='color:#b06000'>Runs, with a warning: %1</span>")
                   .arg(m_warningText.toHtmlEscaped());
    else
        text = tr("<span style='color:#1b7f3b'>Experiment valid.</span>");
    m_status->setText(text.replace(QLatin1Char('\n'), QLatin1String("<br>")));
}

void ExperimentDock::checkTrainingPlan(const experiment::TrainingSpec& training,
                                       const std::string& label)
{
    // The check `meridian-cli validate` and every run make: memory errors, batch warnings.
    const experiment::TrainingCheck check = experiment::checkTraining(
        training, experiment::loadTrainingModel(training, projectDir(), label), m_doc->topology());
    QStringList errors, warnings;
    for (const experiment::TrainingProblem& problem : check.problems)
        (problem.error ? errors : warnings)
            << QString::fromStdString(InputError(label, problem.path, problem.message).what());
    m_problemText = errors.join(QLatin1Char('\n'));
    m_warningText = warnings.join(QLatin1Char('\n'));
}

void ExperimentDock::refreshModelSummary()
{
    if (!m_modelSummary)
        return;
    const io::Project& p = m_doc->project();
    const json* preset = lookup(p.experiment, "model.preset");
    const json* file = lookup(p.experiment, "model.file");
    const json* seq = lookup(p.experiment, "parallelism.seq_len");
    const json* recompute = lookup(p.experiment, "parallelism.activation_recompute");
    QString summary;
    try {
        const double seqLen =
            seq && seq->is_number() ? seq->get<double>() : experiment::TrainingSpec{}.seq_len;
        workload::ModelSpec model;
        if (preset && preset->is_string()) {
            model = workload::modelPreset(preset->get<std::string>());
        } else if (file && file->is_string()) {
            const QString dir = m_doc->filePath().isEmpty()
                                    ? QDir::currentPath()
                                    : QFileInfo(m_doc->filePath()).absolutePath();
            model = workload::loadModelFile(
                QDir(dir)
                    .absoluteFilePath(QString::fromStdString(file->get<std::string>()))
                    .toStdString(),
                seqLen);
        } else {
            m_modelSummary->setText(tr("No model chosen."));
            return;
        }
        model = model.withSeqLen(seqLen);
        const bool rc = recompute && recompute->is_boolean() && recompute->get<bool>();
        // A transformer's depth is its blocks (Llama-3-8B: 32), not its layer records (131:
        // embedding, four per block, norm and head).
        const QString depth = model.num_blocks > 0
                                  ? tr("%1 transformer blocks").arg(model.num_blocks)
                                  : tr("%1 layers").arg(model.layers.size());
        summary =
            tr("<b>%1</b>: %2 parameters (%3 of weights), %4<br>"
               "%5 FLOP/token forward, %6 FLOP/token training")
                .arg(QString::fromStdString(model.name).toHtmlEscaped())
                .arg(QString::number(static_cast<double>(model.parameterCount()) / 1e9, 'f', 2) +
                     QStringLiteral(" B"))
                .arg(QString::fromStdString(units::formatBytes(model.weightBytes())))
                .arg(depth)
                .arg(QString::number(model.forwardFlopsPerToken() / 1e9, 'f', 2) +
                     QStringLiteral(" G"))
                .arg(QString::number(model.trainingFlopsPerToken(rc) / 1e9, 'f', 2) +
                     QStringLiteral(" G"));
        summary += memorySummary(model, rc);
    } catch (const InputError& e) {
        summary = tr("<span style='color:#b00020'>%1</span>")
                      .arg(QString::fromStdString(e.what()).toHtmlEscaped());
    }
    m_modelSummary->setText(summary);
}

QString ExperimentDock::memorySummary(const workload::ModelSpec& model, bool recompute) const
{
    // The numbers of the check every run makes (TrainingCheck.hpp), from the keys as they
    // are, so the summary shows while other keys are still invalid.
    const json& e = m_doc->project().experiment;
    experiment::TrainingSpec t;
    if (const json* zero = lookup(e, "parallelism.zero_stage"); zero && zero->is_number_integer())
        t.zero_stage = std::clamp(zero->get<int>(), 0, 3);
    if (const json* seq = lookup(e, "parallelism.seq_len"); seq && seq->is_number_integer())
        t.seq_len = std::max(1, seq->get<int>());
    if (const json* tensor = lookup(e, "parallelism.tensor"); tensor && tensor->is_number_integer())
        t.tensor = std::clamp(tensor->get<int>(), 1, 64);
    t.activation_recompute = recompute;
    // A pipeline's centres hold their stages' layers only.
    if (const json* mode = lookup(e, "parallelism.mode"); mode && mode->is_string())
        t.mode = mode->get<std::string>();
    if (const json* stages = lookup(e, "parallelism.stages"); stages && stages->is_array()) {
        for (const json& id : *stages)
            if (id.is_string())
                t.stages.push_back(id.get<std::string>());
    } else if (stages && stages->is_number_integer()) {
        t.stage_count = std::max(0, stages->get<int>());
    }
    if (const json* source = lookup(e, "source"); source && source->is_string())
        t.source = source->get<std::string>();
    QString text;
    int shown = 0;
    for (const auto& c : experiment::checkTraining(t, model, m_doc->topology()).centres) {
        if (shown++ == 6)
            break;
        const auto gib = [](double bytes) {
            return QString::fromStdString(units::formatBytes(bytes));
        };
        QString fit = c.report.fits ? tr("fits") : tr("<b>does not fit</b>");
        if (!c.report.fits && c.fitting_stage >= 0)
            fit += (c.fitting_recompute ? tr(" (ZeRO-%1 with recomputation fits: %2 per GPU)")
                                        : tr(" (ZeRO-%1 fits: %2 per GPU)"))
                       .arg(c.fitting_stage)
                       .arg(gib(c.fitting.total_bytes));
        text += tr("<br>%1 (%2 × %3): %4 of %5 per GPU — %6")
                    .arg(QString::fromStdString(c.centre).toHtmlEscaped())
                    .arg(c.gpus)
                    .arg(QString::fromStdString(c.gpu_model).toHtmlEscaped(),
                         gib(c.report.total_bytes), gib(c.report.capacity_bytes), fit);
    }
    return text;
}

QString ExperimentDock::modelSummary() const
{
    return m_modelSummary ? m_modelSummary->text() : QString();
}

QWidget* ExperimentDock::editorFor(const std::string& key) const
{
    return findChild<QWidget*>(QStringLiteral("option:") + QString::fromStdString(key));
}

bool ExperimentDock::commit(json next, const QString& undoText)
{
    const io::Project& p = m_doc->project();
    if (next == p.experiment)
        return true;
    const std::string label = m_doc->displayName().toStdString();
    auto problemOf = [&](const json& e) -> QString {
        try {
            experiment::parseExperiment(e, p.topology, label);
        } catch (const InputError& err) {
            return QString::fromStdString(err.what());
        }
        return {};
    };
    const QString after = problemOf(next);
    // An edit may not break a valid experiment; an invalid one may be repaired step by step.
    if (!after.isEmpty() && !p.experiment.is_null() && problemOf(p.experiment).isEmpty()) {
        m_refusal = after;
        refreshValues(); // put the editor back to the document's value
        return false;
    }
    m_refusal.clear();
    m_doc->undoStack()->push(
        new ChangeExperimentCommand(m_doc, p.experiment, std::move(next), undoText));
    return true;
}

bool ExperimentDock::setOption(const std::string& key, const QString& text)
{
    const OptionInfo* o = experiment::findExperimentOption(key);
    if (!o)
        return false;
    QString error;
    const json value = valueOf(*o, text, &error);
    if (!error.isEmpty()) {
        m_refusal = error;
        refreshValues();
        return false;
    }
    json next = m_doc->project().experiment;
    assign(next, key, value);
    const QString undoText =
        value.is_null() ? tr("Reset %1").arg(QString::fromStdString(key))
                        : tr("Set %1 = %2").arg(QString::fromStdString(key), textOf(value));
    return commit(std::move(next), undoText);
}

bool ExperimentDock::setKind(const QString& kind)
{
    json next = m_doc->project().experiment;
    if (!next.is_object())
        next = json::object();
    const experiment::ExperimentKind k = kindEnum(kind.toStdString());
    // Keep only the keys the new kind accepts.
    for (auto it = next.begin(); it != next.end();) {
        const OptionInfo* o = experiment::findExperimentOption(it.key());
        if (o && !o->appliesTo(k))
            it = next.erase(it);
        else
            ++it;
    }
    next["kind"] = kind.toStdString();
    // A new micro-benchmark starts between the first nodes that can hold ranks.
    std::vector<std::string> hosts;
    const topology::Topology& topo = m_doc->topology();
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& n = topo.node(NodeId::fromIndex(i));
        if (n.kind == topology::NodeKind::Gpu || n.kind == topology::NodeKind::Host)
            hosts.push_back(n.id);
    }
    if (k == experiment::ExperimentKind::Collective && !next.contains("participants") &&
        hosts.size() >= 2)
        next["participants"] = std::vector<std::string>(
            hosts.begin(), hosts.begin() + std::min<std::size_t>(hosts.size(), 8));
    if (k == experiment::ExperimentKind::P2p && hosts.size() >= 2) {
        next.emplace("from", hosts.front());
        next.emplace("to", hosts.back());
    }
    if ((k == experiment::ExperimentKind::Collective || k == experiment::ExperimentKind::P2p) &&
        !next.contains("bytes"))
        next["bytes"] = "64MiB";
    // A kind switch is structural: accepted even when the new kind still needs input.
    m_refusal.clear();
    m_doc->undoStack()->push(new ChangeExperimentCommand(m_doc, m_doc->project().experiment,
                                                         std::move(next),
                                                         tr("Set experiment kind %1").arg(kind)));
    return true;
}

void ExperimentDock::chooseModelFile()
{
    const QString dir = m_doc->filePath().isEmpty() ? QDir::currentPath()
                                                    : QFileInfo(m_doc->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Model file"), dir,
        tr("Models (config.json *.json *.safetensors *.onnx);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString relative = QDir(dir).relativeFilePath(path);
    commitModel(json{{"file", relative.toStdString()}}, tr("Set model file %1").arg(relative));
}

void ExperimentDock::setReadOnly(bool on)
{
    m_readOnly = on;
    m_kind->setEnabled(!on);
    m_form->setEnabled(!on);
}

} // namespace meridian::ui
