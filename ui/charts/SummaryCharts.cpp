#include "ui/charts/SummaryCharts.hpp"

#include "ui/charts/ChartStyle.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <map>

namespace meridian::ui::charts {

namespace {

void chartLook(QChart* chart, const QString& title)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setBackgroundRoundness(0);
    chart->setBackgroundBrush(Qt::white);
    chart->setTitle(title);
    chart->setTitleFont(chartFont(11, true));
    chart->legend()->setFont(chartFont(8));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(6, 6, 6, 6));
    chart->setPlotAreaBackgroundVisible(false);
}

QValueAxis* valueAxis(const QString& title)
{
    auto* a = new QValueAxis;
    a->setTitleText(title);
    a->setTitleFont(chartFont(9));
    a->setLabelsFont(chartFont(8));
    a->setLabelFormat(QStringLiteral("%.3g"));
    a->setGridLinePen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));
    a->setMin(0);
    return a;
}

QBarCategoryAxis* categoryAxis(const QStringList& categories)
{
    auto* a = new QBarCategoryAxis;
    a->append(categories);
    a->setLabelsFont(chartFont(8));
    a->setGridLineVisible(false);
    return a;
}

/// The chart's category axis (`emptyLabel` when there are no categories) and a value axis
/// from 0 to a little above `top`, attached to `series`.
void attachBarAxes(QChart* chart, QAbstractBarSeries* series, const QStringList& categories,
                   const QString& emptyLabel, const QString& valueTitle, double top)
{
    auto* x = categoryAxis(categories.isEmpty() ? QStringList{emptyLabel} : categories);
    auto* y = valueAxis(valueTitle);
    y->setMax(top > 0 ? top * 1.05 : 1.0);
    y->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace

QChart* phaseTotalsChart(const experiment::Results& results)
{
    auto* chart = new QChart;
    chartLook(chart, QCoreApplication::translate("Charts", "Total time per phase"));
    std::vector<std::string> order;
    std::map<std::string, double> total;
    for (const auto& p : results.phases) {
        if (!total.count(p.name))
            order.push_back(p.name);
        total[p.name] += p.duration_s();
    }
    std::stable_sort(order.begin(), order.end(), [](const std::string& a, const std::string& b) {
        auto rank = [](const std::string& n) {
            const auto& c = canonicalPhases();
            return std::find(c.begin(), c.end(), n) - c.begin();
        };
        return rank(a) < rank(b);
    });
    QStringList categories;
    for (const auto& n : order)
        categories << phaseLabel(n);
    // One set per phase with its value at its own category: a bar per phase in its colour.
    auto* series = new QStackedBarSeries;
    double top = 0.0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        auto* set = new QBarSet(phaseLabel(order[i]));
        for (std::size_t j = 0; j < order.size(); ++j)
            *set << (i == j ? total[order[i]] : 0.0);
        set->setColor(phaseColour(order[i]));
        set->setBorderColor(phaseColour(order[i]).darker(130));
        series->append(set);
        top = std::max(top, total[order[i]]);
    }
    series->setBarWidth(0.6);
    chart->addSeries(series);
    attachBarAxes(chart, series, categories, QCoreApplication::translate("Charts", "no phases"),
                  QCoreApplication::translate("Charts", "total time (s)"), top);
    chart->legend()->setVisible(false);
    return chart;
}

QChart* centreBreakdownChart(const experiment::Results& results)
{
    auto* chart = new QChart;
    chartLook(chart, QCoreApplication::translate("Charts", "Time per centre"));
    QStringList categories;
    auto* compute = new QBarSet(QCoreApplication::translate("Charts", "compute"));
    // Short legend label: "communication" was elided to "communica…" in the Run dock's Summary
    // tab; the report's caption spells it out.
    auto* comm = new QBarSet(QCoreApplication::translate("Charts", "comm."));
    auto* update = new QBarSet(QCoreApplication::translate("Charts", "update"));
    auto* idle = new QBarSet(QCoreApplication::translate("Charts", "idle"));
    double top = 0.0;
    for (const auto& c : results.centers) {
        categories << QString::fromStdString(c.id);
        *compute << c.compute_s;
        *comm << c.communication_s;
        *update << c.update_s;
        *idle << c.idle_s;
        top = std::max(top, c.compute_s + c.communication_s + c.update_s + c.idle_s);
    }
    const std::pair<QBarSet*, QColor> sets[] = {{compute, phaseColour("compute")},
                                                {comm, phaseColour("inter_center")},
                                                {update, phaseColour("update")},
                                                {idle, QColor(0xBB, 0xBB, 0xBB)}};
    auto* series = new QStackedBarSeries;
    for (const auto& [set, colour] : sets) {
        set->setColor(colour);
        set->setBorderColor(colour.darker(130));
        series->append(set);
    }
    series->setBarWidth(0.6);
    chart->addSeries(series);
    attachBarAxes(chart, series, categories, QCoreApplication::translate("Charts", "no centres"),
                  QCoreApplication::translate("Charts", "time over all iterations (s)"), top);
    return chart;
}

} // namespace meridian::ui::charts
