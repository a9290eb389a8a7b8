#include "ui/sweep/SweepAxesEditor.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/experiment/OptionTable.hpp"
#include "meridian/topology/AttributeTable.hpp"

#include <QComboBox>
#include <QCompleter>
#include <QDoubleValidator>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <nlohmann/json.hpp>

namespace meridian::ui {

namespace {

void sweepAppendKeys(QStringList& out, const QString& prefix,
                     const std::vector<topology::AttributeInfo>& table)
{
    for (const auto& row : table)
        out << prefix + QString::fromStdString(row.key);
}

experiment::ExperimentKind sweepProjectKind(const io::Project& project)
{
    const std::string kind = project.experiment.is_object()
                                 ? project.experiment.value("kind", std::string("training"))
                                 : std::string("training");
    if (kind == "collective")
        return experiment::ExperimentKind::Collective;
    if (kind == "p2p")
        return experiment::ExperimentKind::P2p;
    if (kind == "traffic")
        return experiment::ExperimentKind::Traffic;
    return experiment::ExperimentKind::Training;
}

} // namespace

QStringList sweepAxisSuggestions(const io::Project& project,
                                 const std::vector<std::string>& selectedNodes,
                                 const std::vector<std::string>& selectedLinks)
{
    const nlohmann::json doc = nlohmann::json::parse(io::serializeProject(project));
    QStringList out;
    std::vector<std::string> links = selectedLinks;
    if (selectedNodes.empty() && selectedLinks.empty())
        for (const auto& l : doc.value("links", nlohmann::json::array()))
            links.push_back(l.value("id", ""));
    for (const std::string& id : links)
        sweepAppendKeys(out, QStringLiteral("links.%1.").arg(QString::fromStdString(id)),
                        topology::linkAttributeTable());
    for (const std::string& id : selectedNodes) {
        const QString prefix = QStringLiteral("nodes.%1.attrs.").arg(QString::fromStdString(id));
        sweepAppendKeys(out, prefix, topology::nodeAttributeTable());
        for (const auto& n : doc.value("nodes", nlohmann::json::array()))
            if (n.value("id", "") == id && n.value("kind", "") == "center")
                sweepAppendKeys(out, prefix + QStringLiteral("fabric."),
                                topology::fabricAttributeTable());
    }
    const experiment::ExperimentKind kind = sweepProjectKind(project);
    for (const auto& o : experiment::experimentOptionTable()) {
        using T = experiment::OptionType;
        if (o.type == T::Object || o.type == T::NodeIds || o.type == T::Any || !o.appliesTo(kind))
            continue;
        out << QStringLiteral("experiment.") + QString::fromStdString(o.key);
    }
    out.removeDuplicates();
    return out;
}

SweepAxisRow::SweepAxisRow(const QStringList& suggestions, QWidget* parent) : QWidget(parent)
{
    m_path = new QComboBox;
    m_path->setObjectName(QStringLiteral("sweepAxisPath"));
    m_path->setEditable(true);
    m_path->addItems(suggestions);
    m_path->setCurrentIndex(-1);
    m_path->setMinimumContentsLength(28);
    m_path->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_path->lineEdit()->setPlaceholderText(tr("links.<id>.<key>, nodes.<id>.attrs.<key>, "
                                              "experiment.<key>"));
    m_path->completer()->setFilterMode(Qt::MatchContains);
    m_path->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_path->setToolTip(tr("The value to vary: an attribute of a link or node, or an experiment "
                          "option (docs/sweeps.md, \"Axes\")"));

    m_mode = new QComboBox;
    m_mode->setObjectName(QStringLiteral("sweepAxisMode"));
    m_mode->addItem(tr("Values"));
    m_mode->addItem(tr("Linear range"));
    m_mode->addItem(tr("Log range"));

    m_list = new QLineEdit;
    m_list->setObjectName(QStringLiteral("sweepAxisValues"));
    m_list->setPlaceholderText(tr("comma-separated: 0,1e-6,1e-5 or ring,tree"));
    m_start = new QLineEdit;
    m_start->setObjectName(QStringLiteral("sweepAxisStart"));
    m_start->setPlaceholderText(tr("start"));
    m_stop = new QLineEdit;
    m_stop->setObjectName(QStringLiteral("sweepAxisStop"));
    m_stop->setPlaceholderText(tr("stop"));
    m_steps = new QSpinBox;
    m_steps->setObjectName(QStringLiteral("sweepAxisSteps"));
    m_steps->setRange(1, 100000);
    m_steps->setValue(3);
    m_steps->setSuffix(tr(" steps"));
    auto* range = new QWidget;
    auto* rangeLayout = new QHBoxLayout(range);
    rangeLayout->setContentsMargins(0, 0, 0, 0);
    rangeLayout->addWidget(m_start);
    rangeLayout->addWidget(new QLabel(QStringLiteral("→")));
    rangeLayout->addWidget(m_stop);
    rangeLayout->addWidget(m_steps);
    m_values = new QStackedWidget;
    m_values->addWidget(m_list);
    m_values->addWidget(range);
    m_values->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    auto* remove = new QToolButton;
    remove->setObjectName(QStringLiteral("sweepAxisRemove"));
    remove->setIcon(style()->standardIcon(QStyle::SP_DialogDiscardButton));
    remove->setToolTip(tr("Remove this axis"));

    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("sweepAxisProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problem->setVisible(false);

    auto* line = new QHBoxLayout;
    line->setContentsMargins(0, 0, 0, 0);
    line->addWidget(m_path, 3);
    line->addWidget(m_mode);
    line->addWidget(m_values, 3);
    line->addWidget(remove);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(line);
    layout->addWidget(m_problem);

    connect(m_path, &QComboBox::currentTextChanged, this, &SweepAxisRow::changed);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_values->setCurrentIndex(i == 0 ? 0 : 1);
        Q_EMIT changed();
    });
    for (QLineEdit* e : {m_list, m_start, m_stop})
        connect(e, &QLineEdit::textChanged, this, &SweepAxisRow::changed);
    connect(m_steps, &QSpinBox::valueChanged, this, &SweepAxisRow::changed);
    connect(remove, &QToolButton::clicked, this, &SweepAxisRow::removeRequested);
}

void SweepAxisRow::setPath(const QString& path)
{
    m_path->setCurrentText(path);
}

QString SweepAxisRow::path() const
{
    return m_path->currentText().trimmed();
}

void SweepAxisRow::setList(const QString& values)
{
    m_mode->setCurrentIndex(0);
    m_list->setText(values);
}

void SweepAxisRow::setRange(Mode mode, double start, double stop, int steps)
{
    m_mode->setCurrentIndex(mode == Mode::Log ? 2 : 1);
    m_start->setText(QString::number(start, 'g', 12));
    m_stop->setText(QString::number(stop, 'g', 12));
    m_steps->setValue(steps);
}

QString SweepAxisRow::valuesText() const
{
    switch (m_mode->currentIndex()) {
    case 1:
        return QStringLiteral("%1:%2:%3")
            .arg(m_start->text().trimmed(), m_stop->text().trimmed())
            .arg(m_steps->value());
    case 2:
        return QStringLiteral("log:%1:%2:%3")
            .arg(m_start->text().trimmed(), m_stop->text().trimmed())
            .arg(m_steps->value());
    default:
        return m_list->text().trimmed();
    }
}

void SweepAxisRow::setProblem(const QString& problem)
{
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

QString SweepAxisRow::problem() const
{
    return m_problem->text();
}

SweepAxesEditor::SweepAxesEditor(QWidget* parent) : QWidget(parent)
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
}

void SweepAxesEditor::setProject(const io::Project* project, const std::string& file,
                                 const QStringList& suggestions)
{
    m_project = project;
    m_file = file;
    m_suggestions = suggestions;
    for (SweepAxisRow* row : m_rows) {
        const QString path = row->path();
        const QSignalBlocker block(row->pathBox());
        row->pathBox()->clear();
        row->pathBox()->addItems(suggestions);
        row->setPath(path);
    }
}

SweepAxisRow* SweepAxesEditor::addAxis()
{
    auto* row = new SweepAxisRow(m_suggestions, this);
    m_layout->addWidget(row);
    m_rows.push_back(row);
    connect(row, &SweepAxisRow::changed, this, &SweepAxesEditor::changed);
    connect(row, &SweepAxisRow::removeRequested, this, [this, row] {
        std::erase(m_rows, row);
        row->deleteLater();
        Q_EMIT changed();
    });
    Q_EMIT changed();
    return row;
}

void SweepAxesEditor::clearAxes()
{
    for (SweepAxisRow* row : m_rows)
        delete row;
    m_rows.clear();
    Q_EMIT changed();
}

std::optional<sweep::SweepSpec> SweepAxesEditor::validate(QString* overall)
{
    overall->clear();
    sweep::SweepSpec spec;
    spec.zip = m_zip;
    bool ok = !m_rows.empty() && m_project;
    if (m_rows.empty())
        *overall = tr("Add an axis: the value to vary and its values.");
    for (SweepAxisRow* row : m_rows) {
        if (row->path().isEmpty() || row->valuesText().isEmpty()) {
            row->setProblem(row->path().isEmpty() ? tr("Choose or type a path.")
                                                  : tr("Give the values."));
            ok = false;
            continue;
        }
        try {
            // The command line's own reading of `--vary PATH=VALUES`, then the path resolved
            // against the file as `sweep` resolves it.
            sweep::SweepSpec one;
            one.axes.push_back(sweep::parseVaryArgument(
                (row->path() + QLatin1Char('=') + row->valuesText()).toStdString()));
            if (m_project)
                sweep::resolveAxes(one, *m_project, m_file);
            row->setProblem({});
            spec.axes.push_back(one.axes.front());
        } catch (const InputError& e) {
            row->setProblem(QString::fromStdString(e.problem()));
            ok = false;
        }
    }
    if (!ok)
        return std::nullopt;
    try {
        sweep::resolveAxes(spec, *m_project, m_file); // duplicates, zip lengths
    } catch (const InputError& e) {
        *overall = QString::fromStdString(e.problem());
        return std::nullopt;
    }
    return spec;
}

} // namespace meridian::ui
