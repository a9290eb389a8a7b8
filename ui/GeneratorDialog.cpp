#include "ui/GeneratorDialog.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/StdText.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace meridian::ui {

namespace {} // namespace

GeneratorDialog::GeneratorDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Generate topology"));
    auto* v = new QVBoxLayout(this);
    auto* top = new QFormLayout;
    m_kind = new QComboBox;
    for (const auto& g : topology::generators())
        m_kind->addItem(qs(g.name), qs(g.name));
    top->addRow(tr("Generator:"), m_kind);
    v->addLayout(top);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: palette(mid);"));
    v->addWidget(m_summary);
    auto* box = new QGroupBox(tr("Options"));
    auto* boxLayout = new QVBoxLayout(box);
    m_formHost = new QWidget;
    m_form = new QFormLayout(m_formHost);
    boxLayout->addWidget(m_formHost);
    v->addWidget(box);
    auto* seedRow = new QFormLayout;
    m_seed = new QSpinBox;
    m_seed->setRange(0, 1 << 30);
    m_seed->setValue(1);
    seedRow->addRow(tr("Seed:"), m_seed);
    v->addLayout(seedRow);
    m_replace = new QRadioButton(tr("Replace the current drawing"));
    auto* add = new QRadioButton(tr("Add next to the current drawing"));
    m_replace->setChecked(true);
    v->addWidget(m_replace);
    v->addWidget(add);
    m_preview = new QLabel;
    m_preview->setStyleSheet(QStringLiteral("font-weight: bold;"));
    m_preview->setWordWrap(true);
    v->addWidget(m_preview);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (m_valid)
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(buttons);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &GeneratorDialog::rebuildForm);
    connect(m_seed, &QSpinBox::valueChanged, this, &GeneratorDialog::updatePreview);
    rebuildForm();
}

void GeneratorDialog::rebuildForm()
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_editors.clear();
    const auto* info = topology::findGenerator(generator().toStdString());
    if (!info)
        return;
    m_summary->setText(qs(info->summary));
    for (const auto& o : info->options) {
        QWidget* editor = nullptr;
        if (o.type == topology::OptionType::Choice) {
            auto* combo = new QComboBox;
            for (const auto& c : o.choices)
                combo->addItem(qs(c));
            combo->setCurrentText(qs(o.default_text));
            connect(combo, &QComboBox::currentIndexChanged, this, &GeneratorDialog::updatePreview);
            editor = combo;
        } else {
            auto* line = new QLineEdit(qs(o.default_text));
            connect(line, &QLineEdit::textChanged, this, &GeneratorDialog::updatePreview);
            editor = line;
        }
        editor->setToolTip(qs(o.help));
        editor->setObjectName(qs(o.name));
        QString label = qs(o.name);
        if (!o.unit.empty())
            label += QStringLiteral(" (%1)").arg(qs(o.unit));
        m_form->addRow(label + QLatin1Char(':'), editor);
        m_editors[o.name] = editor;
    }
    updatePreview();
}

void GeneratorDialog::setGenerator(const QString& kind)
{
    const int i = m_kind->findData(kind);
    if (i >= 0)
        m_kind->setCurrentIndex(i);
}

QString GeneratorDialog::generator() const
{
    return m_kind->currentData().toString();
}

void GeneratorDialog::setOption(const QString& name, const QString& text)
{
    auto it = m_editors.find(name.toStdString());
    if (it == m_editors.end())
        return;
    if (auto* line = qobject_cast<QLineEdit*>(it->second))
        line->setText(text);
    else if (auto* combo = qobject_cast<QComboBox*>(it->second))
        combo->setCurrentText(text);
}

std::map<std::string, std::string> GeneratorDialog::options() const
{
    std::map<std::string, std::string> out;
    for (const auto& [name, editor] : m_editors) {
        if (auto* line = qobject_cast<QLineEdit*>(editor))
            out[name] = line->text().trimmed().toStdString();
        else if (auto* combo = qobject_cast<QComboBox*>(editor))
            out[name] = combo->currentText().toStdString();
    }
    return out;
}

std::uint64_t GeneratorDialog::seed() const
{
    return static_cast<std::uint64_t>(m_seed->value());
}

bool GeneratorDialog::replaceExisting() const
{
    return m_replace->isChecked();
}

QString GeneratorDialog::previewText() const
{
    return m_preview->text();
}

void GeneratorDialog::updatePreview()
{
    try {
        const auto counts = topology::previewCounts(generator().toStdString(), options(), seed());
        const QLocale loc;
        m_preview->setText(tr("→ %1 nodes, %2 links")
                               .arg(loc.toString(static_cast<qulonglong>(counts.nodes)),
                                    loc.toString(static_cast<qulonglong>(counts.links))));
        m_preview->setStyleSheet(QStringLiteral("font-weight: bold; color: #1b5e20;"));
        m_valid = true;
    } catch (const InputError& e) {
        m_preview->setText(QString::fromStdString(
            e.location().empty() ? e.problem() : e.location() + ": " + e.problem()));
        m_preview->setStyleSheet(QStringLiteral("font-weight: bold; color: #c62828;"));
        m_valid = false;
    }
}

topology::Topology GeneratorDialog::generate() const
{
    return topology::generate(generator().toStdString(), options(), seed());
}

} // namespace meridian::ui
