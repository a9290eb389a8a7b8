#include "ui/traffic/GeneratorEditor.hpp"

#include "meridian/topology/Topology.hpp"
#include "ui/traffic/GeneratorFields.hpp"
#include "ui/traffic/LawEditor.hpp"

#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

namespace meridian::ui::traffic {

using nlohmann::json;

namespace {

/// Keys the form edits (common and every kind's): the rest are "other keys".
bool formKey(const std::string& key)
{
    const auto& common = commonKeys();
    if (std::find(common.begin(), common.end(), key) != common.end())
        return true;
    const auto& fields = generatorFields();
    return std::any_of(fields.begin(), fields.end(),
                       [&](const GeneratorField& f) { return key == f.key; });
}

void putValue(json& g, const std::string& key, const json& value)
{
    if (value.is_null())
        g.erase(key);
    else
        g[key] = value;
}

} // namespace

GeneratorEditor::GeneratorEditor(const topology::Topology& topology, Checker checker,
                                 QWidget* parent)
    : QDialog(parent), m_topology(topology), m_checker(std::move(checker))
{
    setWindowTitle(tr("Background traffic generator"));
    setObjectName(QStringLiteral("trafficGeneratorEditor"));
    auto* outer = new QVBoxLayout(this);
    auto* common = new QFormLayout;
    outer->addLayout(common);
    QStringList nodeIds;
    for (std::size_t i = 0; i < topology.nodeCount(); ++i)
        nodeIds << QString::fromStdString(topology.node(NodeId::fromIndex(i)).id);

    m_id = lineEdit(QStringLiteral("id"), tr("a name for the results"));
    common->addRow(tr("Id:"), m_id);
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("traffic:kind"));
    for (const std::string& k : generatorKinds())
        m_kind->addItem(QString::fromStdString(k), QString::fromStdString(k));
    m_kind->setToolTip(tr("cbr: constant bit rate (UDP); poisson: flow arrivals with a size "
                          "law; on_off: bursts and idle periods; bulk: long-lived TCP streams; "
                          "trace: the flows of a CSV file, replayed"));
    common->addRow(tr("Kind:"), m_kind);
    m_from = lineEdit(QStringLiteral("from"), tr("node id, or several: a, b"));
    m_to = lineEdit(QStringLiteral("to"), tr("node id, or several: a, b"));
    for (QLineEdit* e : {m_from, m_to}) {
        auto* completer = new QCompleter(nodeIds, e);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        e->setCompleter(completer);
    }
    common->addRow(tr("From:"), m_from);
    common->addRow(tr("To:"), m_to);
    m_start = lineEdit(QStringLiteral("start_s"), tr("0 s"));
    m_stop = lineEdit(QStringLiteral("stop_s"), tr("required, e.g. 60 or 5min"));
    common->addRow(tr("Start (s):"), m_start);
    common->addRow(tr("Stop (s):"), m_stop);
    m_protocol = new QComboBox(this);
    m_protocol->setObjectName(QStringLiteral("traffic:protocol"));
    common->addRow(tr("Protocol:"), m_protocol);

    auto* kindBox = new QGroupBox(tr("Parameters of the kind"), this);
    m_kindForm = new QFormLayout(kindBox);
    outer->addWidget(kindBox);

    m_other = lineEdit(QStringLiteral("other"), tr("{} — keys this form does not show"));
    m_other->setToolTip(tr("A JSON object of the generator's other keys, kept as written"));
    auto* otherForm = new QFormLayout;
    otherForm->addRow(tr("Other keys:"), m_other);
    outer->addLayout(otherForm);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("trafficEditorStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_status);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    outer->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_kind, &QComboBox::activated, this, [this] {
        rebuildKindFields();
        recheck();
    });
    connect(m_protocol, &QComboBox::activated, this, &GeneratorEditor::recheck);
    setMinimumWidth(460);
    rebuildKindFields();
}

QLineEdit* GeneratorEditor::lineEdit(const QString& name, const QString& placeholder)
{
    auto* e = new QLineEdit(this);
    e->setObjectName(QStringLiteral("traffic:") + name);
    e->setPlaceholderText(placeholder);
    connect(e, &QLineEdit::textEdited, this, &GeneratorEditor::recheck);
    return e;
}

void GeneratorEditor::rebuildKindFields()
{
    const std::string kind = m_kind->currentData().toString().toStdString();
    for (QLineEdit* e : {m_from, m_to})
        e->setEnabled(kind != "trace");
    // Keep what was typed for keys the new kind shares (none today, but a newer table may).
    const json current = m_kindEditors.empty() ? m_base : generator();
    while (m_kindForm->rowCount() > 0)
        m_kindForm->removeRow(0);
    m_kindEditors.clear();
    for (const GeneratorField& f : generatorFields()) {
        if ((f.kinds & kindBit(kind)) == 0)
            continue;
        QWidget* editor = nullptr;
        const json value = current.is_object() && current.contains(f.key) ? current[f.key] : json();
        const QString name = QStringLiteral("traffic:") + QLatin1String(f.key);
        if (f.type == FieldType::Law) {
            auto* law = new LawEditor(f.key, this);
            law->setValue(value);
            connect(law, &LawEditor::edited, this, &GeneratorEditor::recheck);
            editor = law;
        } else if (f.type == FieldType::LinkId) {
            auto* combo = new QComboBox(this);
            combo->setEditable(true);
            for (std::size_t l = 0; l < m_topology.linkCount(); ++l)
                combo->addItem(QString::fromStdString(m_topology.link(LinkId::fromIndex(l)).id));
            combo->setEditText(textOfValue(value));
            connect(combo, &QComboBox::currentTextChanged, this, [this] {
                if (!m_filling)
                    recheck();
            });
            editor = combo;
        } else if (f.type == FieldType::Choice) {
            // The choices, default first; a value of the file that is none of them stays
            // selected, so the check names it instead of the editor dropping it.
            auto* combo = new QComboBox(this);
            for (const std::string& c : choicesFor(f.key))
                combo->addItem(QString::fromStdString(c));
            const QString named = textOfValue(value);
            if (!named.isEmpty() && combo->findText(named) < 0)
                combo->addItem(named);
            combo->setCurrentIndex(std::max(0, combo->findText(named)));
            connect(combo, &QComboBox::currentTextChanged, this, [this] {
                if (!m_filling)
                    recheck();
            });
            editor = combo;
        } else {
            auto* edit = new QLineEdit(this);
            edit->setText(textOfValue(value));
            edit->setPlaceholderText(QString::fromLatin1(f.unit));
            connect(edit, &QLineEdit::textEdited, this, &GeneratorEditor::recheck);
            editor = edit;
        }
        editor->setObjectName(name);
        editor->setToolTip(fieldHelp(f));
        QString label = fieldLabel(f);
        if (*f.unit && f.type != FieldType::Law)
            label += QStringLiteral(" (%1)").arg(QString::fromLatin1(f.unit));
        m_kindForm->addRow(label + QLatin1Char(':'), editor);
        m_kindEditors[f.key] = editor;
    }
    // The protocols this kind takes, its default first; the file's if it names one of them.
    m_protocol->clear();
    for (const std::string& p : protocolsOf(kind))
        m_protocol->addItem(QString::fromStdString(p));
    const QString named = m_base.contains("protocol") && m_base["protocol"].is_string()
                              ? QString::fromStdString(m_base["protocol"].get<std::string>())
                              : QString();
    m_protocol->setCurrentIndex(std::max(0, m_protocol->findText(named)));
}

void GeneratorEditor::setGenerator(const json& generator)
{
    m_filling = true;
    m_base = generator.is_object() ? generator : json::object();
    const auto text = [&](const char* key) {
        return m_base.contains(key) ? textOfValue(m_base[key]) : QString();
    };
    m_id->setText(text("id"));
    const QString kind = QString::fromStdString(m_base.value("kind", std::string("cbr")));
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(kind)));
    m_from->setText(m_base.contains("from") ? nodesText(m_base["from"]) : QString());
    m_to->setText(m_base.contains("to") ? nodesText(m_base["to"]) : QString());
    m_start->setText(text("start_s"));
    m_stop->setText(text("stop_s"));
    m_kindEditors.clear(); // rebuild from m_base, not from the previous form
    rebuildKindFields();
    json other = json::object();
    for (auto it = m_base.begin(); it != m_base.end(); ++it)
        if (!formKey(it.key()))
            other[it.key()] = it.value();
    m_other->setText(other.empty() ? QString() : QString::fromStdString(other.dump()));
    m_filling = false;
    recheck();
}

json GeneratorEditor::generator() const
{
    json g = m_base;
    const std::string kind = m_kind->currentData().toString().toStdString();
    putValue(g, "id", json(m_id->text().trimmed().toStdString()));
    g["kind"] = kind;
    // A trace's pairs are its file's: it takes no from or to (their rows are disabled).
    const bool pairs = kind != "trace";
    putValue(g, "from",
             !pairs || m_from->text().trimmed().isEmpty() ? json() : nodesValue(m_from->text()));
    putValue(g, "to",
             !pairs || m_to->text().trimmed().isEmpty() ? json() : nodesValue(m_to->text()));
    putValue(g, "start_s", valueOfText(m_start->text()));
    putValue(g, "stop_s", valueOfText(m_stop->text()));
    // The protocol is written when it is not the kind's default, or the file named it.
    const std::string protocol = m_protocol->currentText().toStdString();
    if (protocol != protocolsOf(kind).front() || m_base.contains("protocol"))
        g["protocol"] = protocol;
    else
        g.erase("protocol");
    for (const GeneratorField& f : generatorFields()) {
        const auto it = m_kindEditors.find(f.key);
        if ((f.kinds & kindBit(kind)) == 0 || it == m_kindEditors.end()) {
            if ((f.kinds & kindBit(kind)) == 0)
                g.erase(f.key); // a key of another kind
            continue;
        }
        if (auto* law = qobject_cast<LawEditor*>(it->second))
            putValue(g, f.key, law->value());
        else if (f.type == FieldType::Choice) {
            // Written, as the protocol, when it is not the default or the file named it.
            const std::string chosen =
                qobject_cast<QComboBox*>(it->second)->currentText().toStdString();
            if (chosen != choicesFor(f.key).front() || m_base.contains(f.key))
                g[f.key] = chosen;
            else
                g.erase(f.key);
        } else if (auto* combo = qobject_cast<QComboBox*>(it->second))
            putValue(g, f.key,
                     combo->currentText().trimmed().isEmpty()
                         ? json()
                         : json(combo->currentText().trimmed().toStdString()));
        else if (auto* edit = qobject_cast<QLineEdit*>(it->second))
            putValue(g, f.key, valueOfText(edit->text()));
    }
    // Other keys: those of the text replace the base's other keys.
    for (auto it = m_base.begin(); it != m_base.end(); ++it)
        if (!formKey(it.key()))
            g.erase(it.key());
    const json other = json::parse(m_other->text().trimmed().toStdString(), nullptr, false);
    if (other.is_object())
        for (auto it = other.begin(); it != other.end(); ++it)
            if (!formKey(it.key()))
                g[it.key()] = it.value();
    return g;
}

bool GeneratorEditor::setFieldText(const std::string& key, const QString& text)
{
    auto* w = findChild<QWidget*>(QStringLiteral("traffic:") + QString::fromStdString(key));
    if (auto* edit = qobject_cast<QLineEdit*>(w))
        edit->setText(text);
    else if (auto* combo = qobject_cast<QComboBox*>(w)) {
        const int index = combo->findText(text);
        if (index >= 0)
            combo->setCurrentIndex(index);
        else if (combo->isEditable())
            combo->setEditText(text);
        else
            return false;
        if (key == "kind")
            rebuildKindFields();
    } else
        return false;
    recheck();
    return true;
}

void GeneratorEditor::recheck()
{
    if (m_filling)
        return;
    const QString otherText = m_other->text().trimmed();
    const json other = json::parse(otherText.toStdString(), nullptr, false);
    if (!otherText.isEmpty() && !other.is_object())
        m_problem = tr("Other keys: not a JSON object: %1").arg(otherText);
    else
        m_problem = m_checker ? m_checker(generator()) : QString();
    m_status->setText(
        m_problem.isEmpty()
            ? tr("<span style='color:#1b7f3b'>Generator valid.</span>")
            : tr("<span style='color:#b00020'>Error: %1</span>").arg(m_problem.toHtmlEscaped()));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace meridian::ui::traffic
