#include "ui/report/ReportHtml.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace meridian::ui::report {

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString num(double v, int precision)
{
    return QString::number(v, 'g', precision);
}

/// A number and its unit that never wrap apart.
QString withUnit(const QString& number, const char* unit)
{
    return number + QChar(0x00A0) + QString::fromUtf8(unit);
}

/// Plain decimal (no exponent), up to `significant` digits: 1e-05 → "0.00001".
QString plain(double v, int significant)
{
    if (v == 0.0)
        return QStringLiteral("0");
    const int magnitude = int(std::floor(std::log10(std::abs(v))));
    const int decimals = std::clamp(significant - 1 - magnitude, 0, 12);
    QString t = QString::number(v, 'f', decimals);
    if (t.contains(QLatin1Char('.'))) {
        while (t.endsWith(QLatin1Char('0')))
            t.chop(1);
        if (t.endsWith(QLatin1Char('.')))
            t.chop(1);
    }
    return t;
}

/// Seconds with a unit that keeps 4 significant digits readable.
QString dur(double s)
{
    if (s != 0.0 && std::abs(s) < 1e-3)
        return withUnit(num(s * 1e6), "µs");
    if (s != 0.0 && std::abs(s) < 1.0)
        return withUnit(num(s * 1e3), "ms");
    return withUnit(num(s, 5), "s");
}

QString pct(double fraction)
{
    return withUnit(QString::number(100.0 * fraction, 'f', 1), "%");
}

/// Binary sizes of buffers and windows (MiB), as the .topo writes them.
QString binaryBytes(double b)
{
    if (b >= 1024.0 * 1024.0)
        return withUnit(num(b / (1024.0 * 1024.0)), "MiB");
    if (b >= 1024.0)
        return withUnit(num(b / 1024.0), "KiB");
    return withUnit(num(b), "B");
}

QString bytesText(double b)
{
    if (b >= 1e12)
        return withUnit(num(b / 1e12), "TB");
    if (b >= 1e9)
        return withUnit(num(b / 1e9), "GB");
    if (b >= 1e6)
        return withUnit(num(b / 1e6), "MB");
    if (b >= 1e3)
        return withUnit(num(b / 1e3), "kB");
    return withUnit(num(b), "B");
}

QString bandwidthText(double bps)
{
    if (bps >= 1e9)
        return withUnit(num(bps / 1e9), "Gbit/s");
    if (bps >= 1e6)
        return withUnit(num(bps / 1e6), "Mbit/s");
    return withUnit(num(bps / 1e3), "kbit/s");
}

/// An HTML table: header cells and rows of already escaped cell texts. Numeric columns
/// (`rightAligned`) are right-aligned.
QString table(const QStringList& header, const QList<QStringList>& rows,
              const QList<int>& rightAligned)
{
    QString h = QStringLiteral(
        "<table class=\"data\" border=\"1\" cellspacing=\"0\" cellpadding=\"4\" width=\"100%\" "
        "style=\"border-collapse: collapse\">"
        "<thead><tr>");
    for (int i = 0; i < header.size(); ++i)
        h += QStringLiteral("<th align=\"%1\">%2</th>")
                 .arg(rightAligned.contains(i) ? QStringLiteral("right") : QStringLiteral("left"),
                      header[i]);
    h += QStringLiteral("</tr></thead><tbody>");
    for (const auto& r : rows) {
        h += QStringLiteral("<tr>");
        for (int i = 0; i < r.size(); ++i)
            h += QStringLiteral("<td align=\"%1\">%2</td>")
                     .arg(rightAligned.contains(i) ? QStringLiteral("right")
                                                   : QStringLiteral("left"),
                          r[i]);
        h += QStringLiteral("</tr>");
    }
    h += QStringLiteral("</tbody></table>");
    return h;
}

/// Key/value table.
QString kvTable(const KeyValues& rows)
{
    QList<QStringList> r;
    for (const auto& [k, v] : rows)
        r.append({k, v});
    return table({QCoreApplication::translate("Report", "setting"),
                  QCoreApplication::translate("Report", "value")},
                 r);
}

/// A JSON value as short, escaped text.
QString jsonText(const nlohmann::json& v)
{
    if (v.is_string())
        return esc(v.get<std::string>());
    return esc(v.dump());
}

QString h3(const QString& title)
{
    return QStringLiteral("<h3>%1</h3>").arg(title);
}

QString note(const QString& text)
{
    return QStringLiteral("<p class=\"note\">%1</p>").arg(text);
}

QString yesNo(bool on)
{
    return on ? QCoreApplication::translate("Report", "yes")
              : QCoreApplication::translate("Report", "no");
}

QString h4(const QString& title)
{
    return QStringLiteral("<h4>%1</h4>").arg(title);
}

} // namespace meridian::ui::report
