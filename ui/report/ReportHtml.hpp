#pragma once
// The building blocks of the HTML run report (docs/reports.md) that its sections share
// (Report.cpp, ReportInputs.cpp, ReportControlPlane.cpp, ReportTraffic.cpp): escaping, numbers with
// their units, headings, notes, and tables in the report's table style. Cells are escaped HTML
// text.

#include "ui/ColumnUnits.hpp"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::ui::report {

/// Rows of the full phase list and of the control plane's per-iteration table (the per-phase
/// summary above the phase list covers every phase).
inline constexpr std::size_t kMaxPhaseRows = 400;
/// Rows of the link tables (the inputs' parameters, the results' bytes); a generated WAN of
/// thousands of links would bury the rest.
inline constexpr std::size_t kMaxLinkRows = 200;

QString esc(const std::string& s);
/// `precision` significant digits, exponent where shorter ("%g").
QString num(double v, int precision = 4);
/// A number and its unit that never wrap apart.
QString withUnit(const QString& number, const char* unit);
/// Plain decimal (no exponent), up to `significant` digits: 1e-05 → "0.00001".
QString plain(double v, int significant = 4);
/// Seconds with a unit that keeps 4 significant digits readable.
QString dur(double s);
/// A fraction as a percentage with one decimal.
QString pct(double fraction);
/// Binary sizes of buffers and windows (MiB), as the .topo writes them.
QString binaryBytes(double b);
/// Decimal bytes (kB, MB, GB, TB).
QString bytesText(double b);
QString bandwidthText(double bps);

/// The unit of a table column of durations (ui/ColumnUnits.hpp): the largest value decides,
/// every cell of the column uses it.
template <class Range, class Seconds>
DurationColumn durationColumn(const Range& items, Seconds seconds)
{
    std::vector<double> v;
    for (const auto& item : items)
        v.push_back(seconds(item));
    return DurationColumn::of(v);
}

/// An HTML table: header cells and rows of already escaped cell texts. Numeric columns
/// (`rightAligned`) are right-aligned.
QString table(const QStringList& header, const QList<QStringList>& rows,
              const QList<int>& rightAligned = {});
using KeyValues = QList<QPair<QString, QString>>;
/// Key/value table ("setting", "value").
QString kvTable(const KeyValues& rows);
/// A JSON value as short, escaped text.
QString jsonText(const nlohmann::json& v);

QString h3(const QString& title);
QString h4(const QString& title);
/// A paragraph in the note style (smaller, grey).
QString note(const QString& text);
QString yesNo(bool on);

} // namespace meridian::ui::report
