#include "ui/run/ResultsDock.hpp"

#include "meridian/core/Units.hpp"
#include "meridian/experiment/Results.hpp"
#include "ui/ColumnUnits.hpp"
#include "ui/charts/ChartStyle.hpp"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <optional>
#include <vector>

namespace meridian::ui {

namespace {

constexpr int kExactRole = Qt::UserRole + 1;

/// Splits one CSV line (RFC 4180 quoting, as resultsCsvFiles writes it).
QStringList splitCsvLine(const QString& line)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) &&
        !s.contains(QLatin1Char('\n')))
        return s;
    QString out = s;
    out.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

/// Numbers sort as numbers, text as text.
class NumericSortProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& a, const QModelIndex& b) const override
    {
        bool okA = false;
        bool okB = false;
        const double x = a.data(kExactRole).toString().toDouble(&okA);
        const double y = b.data(kExactRole).toString().toDouble(&okB);
        if (okA && okB)
            return x < y;
        return QSortFilterProxyModel::lessThan(a, b);
    }
};

/// A CSV file as a table. Durations (columns named `*_s`) are shown in one unit per column
/// (ui/ColumnUnits.hpp), named in the header ("duration (h)"); other numbers with 7
/// significant digits. The exact CSV text stays in kExactRole, the CSV column name in the
/// header's kExactRole (sorting and Copy as CSV use them).
QStandardItemModel* tableModel(const QStringList& lines)
{
    const QStringList header = splitCsvLine(lines.value(0));
    std::vector<std::vector<double>> durations(static_cast<std::size_t>(header.size()));
    std::vector<QStringList> rows;
    for (int i = 1; i < lines.size(); ++i) {
        rows.push_back(splitCsvLine(lines[i]));
        for (int c = 0; c < rows.back().size() && c < header.size(); ++c) {
            bool numeric = false;
            const double v = rows.back()[c].toDouble(&numeric);
            if (numeric && header[c].endsWith(QLatin1String("_s")))
                durations[static_cast<std::size_t>(c)].push_back(v);
        }
    }
    auto* model = new QStandardItemModel;
    std::vector<std::optional<DurationColumn>> scale(static_cast<std::size_t>(header.size()));
    for (int c = 0; c < header.size(); ++c) {
        const auto col = static_cast<std::size_t>(c);
        QString title = header[c];
        if (header[c].endsWith(QLatin1String("_s"))) {
            scale[col] = DurationColumn::of(durations[col]);
            title = header[c].chopped(2) + QStringLiteral(" (%1)").arg(scale[col]->unit);
        }
        auto* item = new QStandardItem(title);
        item->setData(header[c], kExactRole);
        item->setToolTip(header[c]);
        model->setHorizontalHeaderItem(c, item);
    }
    for (const QStringList& fields : rows) {
        QList<QStandardItem*> row;
        for (int c = 0; c < fields.size(); ++c) {
            const QString& field = fields[c];
            bool numeric = false;
            const double v = field.toDouble(&numeric);
            // Phases by their display names (the CSV keeps "inter_center").
            QString shown = charts::phaseLabel(field.toStdString());
            const auto col = static_cast<std::size_t>(c);
            if (numeric)
                shown = c < header.size() && scale[col] ? scale[col]->number(v)
                                                        : QString::number(v, 'g', 7);
            auto* item = new QStandardItem(shown);
            item->setData(field, kExactRole);
            item->setToolTip(field);
            item->setEditable(false);
            if (numeric)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            row << item;
        }
        model->appendRow(row);
    }
    return model;
}

} // namespace

ResultsDock::ResultsDock(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_summary = new QLabel(tr("No results yet: run the experiment (Run ▸ Run)."), this);
    m_summary->setObjectName(QStringLiteral("resultsSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_summary, 1);
    auto* copy = new QPushButton(tr("Copy as CSV"), this);
    copy->setObjectName(QStringLiteral("copyCsv"));
    copy->setToolTip(tr("Copy the table shown, in its current order, as CSV"));
    connect(copy, &QPushButton::clicked, this, &ResultsDock::copyCurrentTable);
    top->addWidget(copy);
    layout->addLayout(top);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);
}

void ResultsDock::clear()
{
    while (m_tabs->count() > 0) {
        QWidget* w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
    m_summary->setText(tr("No results yet: run the experiment (Run ▸ Run)."));
    m_summary->setToolTip(QString()); // no warnings of a run that is gone
}

void ResultsDock::setResults(const experiment::Results& r, const QString& title)
{
    const int current = m_tabs->currentIndex();
    clear();
    for (const auto& [file, text] : experiment::resultsCsvFiles(r)) {
        const QString name = QString::fromStdString(file).chopped(4); // drop ".csv"
        QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
        if (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        auto* model = tableModel(lines);
        model->setParent(this);
        auto* proxy = new NumericSortProxy(model);
        proxy->setSourceModel(model);
        auto* view = new QTableView(m_tabs);
        view->setObjectName(QStringLiteral("table:") + name);
        view->setModel(proxy);
        view->setSortingEnabled(true);
        view->sortByColumn(-1, Qt::AscendingOrder); // file order until a header is clicked
        view->setAlternatingRowColors(true);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        view->verticalHeader()->setVisible(false);
        m_tabs->addTab(view, name);
    }
    if (current >= 0 && current < m_tabs->count())
        m_tabs->setCurrentIndex(current);
    QString summary = tr("<b>%1</b> — %2 experiment, seed %3: simulated %4")
                          .arg(title.toHtmlEscaped(), QString::fromStdString(r.kind))
                          .arg(r.seed)
                          .arg(QString::fromStdString(units::formatDuration(r.total_s)));
    if (!r.iterations.empty())
        summary += tr(", %1 iterations, GPU effective compute %2 %")
                       .arg(r.iterations.size())
                       .arg(100.0 * experiment::runGpuEffectiveCompute(r.iterations), 0, 'f', 1);
    if (r.has_collective)
        summary += tr(", mean %1, busbw %2 Gbit/s")
                       .arg(QString::fromStdString(units::formatDuration(r.collective.mean_s)))
                       .arg(r.collective.busbw_gbps, 0, 'g', 4);
    if (r.control_plane.enabled) {
        const auto& cp = r.control_plane;
        summary += tr("; control plane: %1 messages, %2 retransmissions, %3 triggers fired, "
                      "%4 failures detected")
                       .arg(cp.messages_sent)
                       .arg(cp.retransmissions)
                       .arg(cp.triggers.size())
                       .arg(cp.failures.size());
        if (cp.stopped)
            summary += tr(", stopped at %1")
                           .arg(QString::fromStdString(units::formatDuration(cp.stopped_s)));
    }
    summary += tr("; engine: %1 events, %2 flows").arg(r.engine.events).arg(r.engine.flows);
    // The run's warnings (model validity, inputs it adjusted): the first in full, all of them
    // in the tooltip.
    QStringList warnings;
    for (const auto& w : r.warnings)
        warnings << QString::fromStdString(w);
    if (!warnings.isEmpty()) {
        QString line = tr("Warning: %1").arg(warnings.first().toHtmlEscaped());
        if (warnings.size() > 1)
            line += tr(" (and %1 more: hover to read them)").arg(warnings.size() - 1);
        summary += QStringLiteral("<br><span style=\"color:#a04800\">%1</span>").arg(line);
    }
    m_summary->setText(summary);
    m_summary->setToolTip(warnings.join(QStringLiteral("\n\n")));
}

QStringList ResultsDock::tableNames() const
{
    QStringList names;
    for (int i = 0; i < m_tabs->count(); ++i)
        names << m_tabs->tabText(i);
    return names;
}

QTableView* ResultsDock::table(const QString& name) const
{
    return findChild<QTableView*>(QStringLiteral("table:") + name);
}

QString ResultsDock::tableCsv(const QString& name) const
{
    const QTableView* view = table(name);
    if (!view)
        return {};
    const QAbstractItemModel* m = view->model();
    QString out;
    for (int c = 0; c < m->columnCount(); ++c)
        out += (c ? QStringLiteral(",") : QString()) +
               csvField(m->headerData(c, Qt::Horizontal, kExactRole).toString());
    out += QLatin1Char('\n');
    for (int r = 0; r < m->rowCount(); ++r) {
        for (int c = 0; c < m->columnCount(); ++c)
            out += (c ? QStringLiteral(",") : QString()) +
                   csvField(m->index(r, c).data(kExactRole).toString());
        out += QLatin1Char('\n');
    }
    return out;
}

void ResultsDock::copyCurrentTable()
{
    if (m_tabs->count() == 0)
        return;
    QApplication::clipboard()->setText(tableCsv(m_tabs->tabText(m_tabs->currentIndex())));
}

} // namespace meridian::ui
