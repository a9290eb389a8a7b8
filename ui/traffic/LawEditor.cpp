#include "ui/traffic/LawEditor.hpp"

#include "ui/traffic/GeneratorFields.hpp"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

namespace meridian::ui::traffic {

using nlohmann::json;

LawEditor::LawEditor(const std::string& key, QWidget* parent) : QWidget(parent), m_key(key)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    const QString prefix =
        QStringLiteral("traffic:") + QString::fromStdString(key) + QLatin1Char('.');
    m_law = new QComboBox(this);
    m_law->setObjectName(prefix + QStringLiteral("law"));
    m_law->addItem(QString(), QString());
    for (const std::string& law : lawsFor(key))
        m_law->addItem(QString::fromStdString(law), QString::fromStdString(law));
    const auto edit = [&](const QString& name, const QString& placeholder) {
        auto* e = new QLineEdit(this);
        e->setObjectName(prefix + name);
        e->setPlaceholderText(placeholder);
        connect(e, &QLineEdit::textEdited, this, &LawEditor::edited);
        return e;
    };
    const bool size = key == "size";
    m_mean = edit(QString::fromStdString(meanKeyOf(key)),
                  size ? tr("mean, e.g. 1MB") : tr("mean, e.g. 100ms"));
    m_shape = edit(QStringLiteral("shape"), tr("shape α > 1"));
    m_sigma = edit(QStringLiteral("sigma"), tr("sigma σ"));
    m_file = edit(QStringLiteral("file"), tr("CDF file (bytes,cdf)"));
    grid->addWidget(m_law, 0, 0);
    grid->addWidget(m_mean, 0, 1);
    grid->addWidget(m_shape, 1, 0);
    if (size) {
        grid->addWidget(m_sigma, 1, 1);
        grid->addWidget(m_file, 2, 0, 1, 2);
    } else {
        m_sigma->hide();
        m_file->hide();
    }
    connect(m_law, &QComboBox::activated, this, [this] {
        updateEnabled();
        Q_EMIT edited();
    });
    updateEnabled();
}

void LawEditor::setValue(const json& law)
{
    m_base = law.is_object() ? law : json::object();
    const QString name = QString::fromStdString(m_base.value("law", std::string()));
    int index = m_law->findData(name);
    if (index < 0 && !name.isEmpty()) { // a law this GUI does not list: shown, kept
        m_law->addItem(name, name);
        index = m_law->count() - 1;
    }
    m_law->setCurrentIndex(std::max(index, 0));
    const auto text = [&](const std::string& k) {
        return m_base.contains(k) ? textOfValue(m_base[k]) : QString();
    };
    m_mean->setText(text(meanKeyOf(m_key)));
    m_shape->setText(text("shape"));
    m_sigma->setText(text("sigma"));
    m_file->setText(text("file"));
    updateEnabled();
}

json LawEditor::value() const
{
    const std::string law = m_law->currentData().toString().toStdString();
    if (law.empty())
        return nullptr;
    json v = m_base;
    v["law"] = law;
    const bool byMean = law == "exponential" || law == "pareto" || law == "lognormal";
    const auto put = [&v](const std::string& key, const QLineEdit* edit, bool applies) {
        const json value = applies ? valueOfText(edit->text()) : json(nullptr);
        if (value.is_null())
            v.erase(key);
        else
            v[key] = value;
    };
    put(meanKeyOf(m_key), m_mean, byMean);
    put("shape", m_shape, law == "pareto");
    put("sigma", m_sigma, law == "lognormal");
    put("file", m_file, law == "empirical");
    if (law != "empirical")
        v.erase("points");
    return v;
}

void LawEditor::updateEnabled()
{
    const QString law = m_law->currentData().toString();
    const bool byMean = law == QLatin1String("exponential") || law == QLatin1String("pareto") ||
                        law == QLatin1String("lognormal");
    m_mean->setEnabled(byMean);
    m_shape->setEnabled(law == QLatin1String("pareto"));
    m_sigma->setEnabled(law == QLatin1String("lognormal"));
    m_file->setEnabled(law == QLatin1String("empirical"));
}

} // namespace meridian::ui::traffic
