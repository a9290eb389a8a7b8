#pragma once
// The "Background traffic" section of a run report (docs/reports.md, docs/traffic.md §5):
// per generator its kind, protocol, offered and carried throughput, flows and completion
// times; per link that carried background bytes the experiment's own and the background's.
// Empty for a run without generators. Report.cpp places it and gives it its table style.

#include "meridian/experiment/Results.hpp"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace meridian::ui::report {

/// Formats a table: header, rows, indices of right-aligned columns.
using TableFormatter =
    std::function<QString(const QStringList&, const QList<QStringList>&, const QList<int>&)>;
/// Formats a heading.
using HeadingFormatter = std::function<QString(const QString&)>;

QString trafficSection(const experiment::Results& results, const TableFormatter& table,
                       const HeadingFormatter& heading);

} // namespace meridian::ui::report
