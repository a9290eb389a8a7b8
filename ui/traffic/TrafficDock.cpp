#include "ui/traffic/TrafficDock.hpp"

#include "ui/Document.hpp"
#include "ui/commands/ChangeExperimentCommand.hpp"
#include "ui/traffic/GeneratorEditor.hpp"
#include "ui/traffic/GeneratorFields.hpp"
#include "ui/traffic/TrafficCheck.hpp"
#include "ui/traffic/TrafficPrefill.hpp"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace meridian::ui::traffic {

using nlohmann::json;

namespace {

QString generatorIdOf(const json& g)
{
    return g.is_object() && g.contains("id") && g["id"].is_string()
               ? QString::fromStdString(g["id"].get<std::string>())
               : QString();
}

} // namespace

TrafficDock::TrafficDock(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("trafficTable"));
    m_table->setColumnCount(5);
    m_table->setHorizontalHeaderLabels(
        {tr("Id"), tr("Kind"), tr("From → To"), tr("Rate / load"), tr("Window (s)")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Low enough that the form column still fits a 1366 × 768 window with this dock shown
    // (NewcomerTourTest::docksFitAtTheUsualScreenSizes): the header.
    m_table->setMinimumHeight(24);
    outer->addWidget(m_table, 1);

    // Two rows of two buttons: one row of four is wider than the form column may be.
    auto* buttons = new QGridLayout;
    int placed = 0;
    const auto button = [&](const QString& name, const QString& text, const QString& tip) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setToolTip(tip);
        buttons->addWidget(b, placed / 2, placed % 2);
        ++placed;
        return b;
    };
    m_add = button(QStringLiteral("trafficAdd"), tr("Add…"),
                   tr("A new generator (also: right-click a link, node or centre)"));
    m_edit = button(QStringLiteral("trafficEdit"), tr("Edit…"), tr("Edit the selected generator"));
    m_duplicate = button(QStringLiteral("trafficDuplicate"), tr("Duplicate"),
                         tr("A copy of the selected generator with a new id"));
    m_remove =
        button(QStringLiteral("trafficRemove"), tr("Remove"), tr("Remove the selected generator"));
    buttons->setColumnStretch(2, 1);
    outer->addLayout(buttons);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("trafficStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_status);

    connect(m_add, &QPushButton::clicked, this, [this] {
        const topology::Topology& topo = m_doc->topology();
        const json generators = generatorsOf(m_doc->project().experiment);
        openEditor(topo.linkCount() > 0
                       ? prefillForLink(topo, topo.link(LinkId::fromIndex(0)).id, generators)
                       : json{{"id", uniqueGeneratorId(generators, "bg")},
                              {"kind", "cbr"},
                              {"stop_s", kPrefillStopS}});
    });
    connect(m_edit, &QPushButton::clicked, this, [this] {
        const int i = currentIndex();
        if (i >= 0)
            openEditor(generatorsOf(m_doc->project().experiment)[std::size_t(i)], i);
    });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (!m_readOnly)
            openEditor(generatorsOf(m_doc->project().experiment)[std::size_t(row)], row);
    });
    connect(m_duplicate, &QPushButton::clicked, this,
            [this] { duplicateGenerator(currentIndex()); });
    connect(m_remove, &QPushButton::clicked, this, [this] { removeGenerator(currentIndex()); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &TrafficDock::updateButtons);

    connect(doc, &Document::experimentChanged, this, &TrafficDock::refresh);
    connect(doc, &Document::topologyReset, this, &TrafficDock::refresh);
    for (auto signal : {&Document::nodeAdded, &Document::nodeRemoved, &Document::linkAdded,
                        &Document::linkRemoved, &Document::linkChanged})
        connect(doc, signal, this, &TrafficDock::refresh);
    m_runEditor = [](GeneratorEditor& editor) { return editor.exec() == QDialog::Accepted; };
    refresh();
}

int TrafficDock::currentIndex() const
{
    const auto rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.front().row();
}

void TrafficDock::refresh()
{
    const json generators = generatorsOf(m_doc->project().experiment);
    m_problem = trafficProblem(m_doc->project().experiment, m_doc->topology(),
                               m_doc->displayName().toStdString(), trafficProjectDir(m_doc));
    const int bad = generatorIndexOf(m_problem);
    const int keep = currentIndex();
    m_table->setRowCount(static_cast<int>(generators.size()));
    for (std::size_t i = 0; i < generators.size(); ++i) {
        const json& g = generators[i];
        const QStringList cells{
            generatorIdOf(g),
            g.is_object() ? QString::fromStdString(g.value("kind", std::string())) : QString(),
            endpointsSummary(g), rateSummary(g), windowSummary(g)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            if (int(i) == bad) {
                item->setBackground(QColor(0xfd, 0xe0, 0xe0));
                item->setToolTip(m_problem);
            }
            m_table->setItem(int(i), c, item);
        }
    }
    m_table->resizeColumnsToContents();
    if (keep >= 0 && keep < m_table->rowCount())
        m_table->selectRow(keep);
    QString text;
    if (!m_problem.isEmpty())
        text = tr("<span style='color:#b00020'>Error: %1</span>").arg(m_problem.toHtmlEscaped());
    else if (generators.empty())
        text = tr("No background traffic. Add a generator, or right-click a link, node or "
                  "centre on the canvas.");
    else
        text = tr("%n generator(s), valid. Their flows share the links with the experiment's "
                  "(docs/traffic.md).",
                  nullptr, int(generators.size()));
    m_status->setText(text);
    updateButtons();
}

void TrafficDock::updateButtons()
{
    const bool selected = currentIndex() >= 0;
    m_add->setEnabled(!m_readOnly);
    m_edit->setEnabled(!m_readOnly && selected);
    m_duplicate->setEnabled(!m_readOnly && selected);
    m_remove->setEnabled(!m_readOnly && selected);
}

void TrafficDock::setReadOnly(bool on)
{
    m_readOnly = on;
    updateButtons();
}

QString TrafficDock::checkGenerator(const json& generator, int index) const
{
    const json generators = generatorsOf(m_doc->project().experiment);
    const int at = index >= 0 ? index : int(generators.size());
    // The generator alone, so that another generator's problem does not hide its own; the
    // message names its place among the others.
    const json alone{{"traffic", {{"generators", json::array({generator})}}}};
    QString problem = trafficProblem(alone, m_doc->topology(), m_doc->displayName().toStdString(),
                                     trafficProjectDir(m_doc));
    problem.replace(QStringLiteral("/traffic/generators/0"),
                    QStringLiteral("/traffic/generators/%1").arg(at));
    if (!problem.isEmpty())
        return problem;
    const QString id = generatorIdOf(generator);
    for (std::size_t i = 0; i < generators.size(); ++i)
        if (int(i) != index && generatorIdOf(generators[i]) == id)
            return tr("%1: /experiment/traffic/generators/%2/id: generator id '%3' is used twice")
                .arg(m_doc->displayName())
                .arg(at)
                .arg(id);
    return {};
}

bool TrafficDock::openEditor(const json& generator, int index)
{
    if (m_readOnly)
        return false;
    GeneratorEditor editor(
        m_doc->topology(), [this, index](const json& g) { return checkGenerator(g, index); }, this);
    editor.setGenerator(generator);
    if (!m_runEditor(editor) || !editor.problem().isEmpty())
        return false;
    return index >= 0 ? replaceGenerator(index, editor.generator())
                      : addGenerator(editor.generator());
}

bool TrafficDock::commit(json generators, const QString& undoText)
{
    const json& before = m_doc->project().experiment;
    json after = withGenerators(before, generators);
    if (after == before)
        return false;
    m_doc->undoStack()->push(
        new ChangeExperimentCommand(m_doc, before, std::move(after), undoText));
    return true;
}

bool TrafficDock::addGenerator(const json& generator)
{
    json generators = generatorsOf(m_doc->project().experiment);
    generators.push_back(generator);
    const bool done =
        commit(std::move(generators), tr("Add traffic generator %1").arg(generatorIdOf(generator)));
    if (done)
        m_table->selectRow(m_table->rowCount() - 1);
    return done;
}

bool TrafficDock::replaceGenerator(int index, const json& generator)
{
    json generators = generatorsOf(m_doc->project().experiment);
    if (index < 0 || std::size_t(index) >= generators.size())
        return false;
    generators[std::size_t(index)] = generator;
    return commit(std::move(generators),
                  tr("Edit traffic generator %1").arg(generatorIdOf(generator)));
}

bool TrafficDock::duplicateGenerator(int index)
{
    json generators = generatorsOf(m_doc->project().experiment);
    if (index < 0 || std::size_t(index) >= generators.size())
        return false;
    json copy = generators[std::size_t(index)];
    const std::string stem =
        generatorIdOf(copy).isEmpty() ? "bg" : generatorIdOf(copy).toStdString();
    copy["id"] = uniqueGeneratorId(generators, stem);
    generators.insert(generators.begin() + index + 1, copy);
    const bool done = commit(std::move(generators),
                             tr("Duplicate traffic generator %1").arg(generatorIdOf(copy)));
    if (done)
        m_table->selectRow(index + 1);
    return done;
}

bool TrafficDock::removeGenerator(int index)
{
    json generators = generatorsOf(m_doc->project().experiment);
    if (index < 0 || std::size_t(index) >= generators.size())
        return false;
    const QString id = generatorIdOf(generators[std::size_t(index)]);
    generators.erase(generators.begin() + index);
    return commit(std::move(generators), tr("Remove traffic generator %1").arg(id));
}

} // namespace meridian::ui::traffic
