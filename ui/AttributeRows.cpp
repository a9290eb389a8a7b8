#include "ui/AttributeRows.hpp"

#include "meridian/core/Units.hpp"
#include "ui/StdText.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::ui {

using topology::AttributeInfo;
using topology::AttributeType;
using units::QuantityKind;

namespace {

// The messages keep the "PropertyEditor" context of translations/*.ts.
QString bandwidthError()
{
    return QCoreApplication::translate("PropertyEditor",
                                       "Not a bandwidth: try 25G, 400 Gbps or 100M");
}

QString durationError()
{
    return QCoreApplication::translate("PropertyEditor", "Not a duration: try 15ms, 2us or 1.5s");
}

QString fractionError()
{
    return QCoreApplication::translate("PropertyEditor", "Not a fraction: try 0.1% or 0.001");
}

QString compact(QString t)
{
    t.remove(QLatin1Char(' '));
    return t;
}

/// Loss shown as a plain percentage ("0.001 %", never "1e-05 %"), four significant digits.
QString showFraction(double f)
{
    const double pct = f * 100.0;
    if (pct == 0.0 || !std::isfinite(pct))
        return QStringLiteral("0 %");
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(pct))));
    const int decimals = std::clamp(3 - magnitude, 0, 12);
    QString t = QString::number(pct, 'f', decimals);
    if (t.contains(QLatin1Char('.'))) {
        while (t.endsWith(QLatin1Char('0')))
            t.chop(1);
        if (t.endsWith(QLatin1Char('.')))
            t.chop(1);
    }
    return t + QStringLiteral(" %");
}

/// A whole number inside the attribute's range; range-checked before any cast, so "3e9" is
/// an error rather than a negative int.
std::optional<double> parseWholeNumber(const AttributeInfo& info, const QString& text,
                                       QString& error)
{
    const auto v = parseNumber(text);
    if (!v)
        error = numberError();
    else if (*v != std::floor(*v))
        error = QCoreApplication::translate("PropertyEditor", "Must be a whole number");
    else
        error = rangeError(info, *v);
    if (error.isEmpty() && (*v > static_cast<double>(std::numeric_limits<int>::max()) ||
                            *v < static_cast<double>(std::numeric_limits<int>::min())))
        error =
            QCoreApplication::translate("PropertyEditor", "Out of range: the number is too large");
    return error.isEmpty() ? v : std::nullopt;
}

} // namespace

QString attributeLabel(const AttributeInfo& info)
{
    return QCoreApplication::translate("meridian::ui::PropertyEditor", info.label.c_str());
}

QString unknownChoice(const QString& label)
{
    return QCoreApplication::translate("meridian::ui::PropertyEditor", "Unknown %1 “%2”")
        .arg(label.toLower());
}

QString numberError()
{
    return QCoreApplication::translate("PropertyEditor", "Not a number");
}

std::optional<double> parseNumber(const QString& text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QString rangeError(const AttributeInfo& info, double si)
{
    if (info.accepts(info.fromSi(si)))
        return {};
    return QCoreApplication::translate("PropertyEditor", "Out of range: must be %1%2")
        .arg(qs(info.rangeText()),
             info.unit.empty() ? QString() : QLatin1Char(' ') + qs(info.unit));
}

QString showValue(const AttributeInfo& info, double value)
{
    switch (info.quantity) {
    case QuantityKind::Bandwidth:
        return qs(units::formatBandwidth(value));
    case QuantityKind::Duration:
        return qs(units::formatDuration(value));
    case QuantityKind::Fraction:
        return showFraction(value);
    case QuantityKind::Bytes:
        return qs(units::formatBytes(value));
    case QuantityKind::Plain:
        break;
    }
    if (info.type == AttributeType::Integer)
        return QString::number(static_cast<long long>(value));
    // Six significant digits, no binary-float noise ("85.8993", not "85.89934592000001").
    return QString::number(value, 'g', 6);
}

std::optional<double> parseValue(const AttributeInfo& info, const QString& text, QString& error)
{
    // A bare number is in the file unit: "25" is 25 Gbit/s, "15" 15 ms.
    const std::string t = text.trimmed().toStdString();
    std::optional<double> v;
    switch (info.quantity) {
    case QuantityKind::Bandwidth:
        v = units::parseBandwidthBps(t, info.si_scale);
        error = v ? QString() : bandwidthError();
        break;
    case QuantityKind::Duration:
        v = units::parseDurationS(t, info.si_scale);
        error = v ? QString() : durationError();
        break;
    case QuantityKind::Fraction:
        v = units::parseFraction(compact(text).toStdString());
        error = v ? QString() : fractionError();
        break;
    case QuantityKind::Bytes:
    case QuantityKind::Plain:
        if (info.type == AttributeType::Integer)
            return parseWholeNumber(info, text, error);
        v = parseNumber(text);
        error = v ? QString() : numberError();
        break;
    }
    if (v)
        error = rangeError(info, *v);
    // Loss is shown in %, so "2" may be meant as 2 %: a bare number is a fraction.
    if (v && !error.isEmpty() && info.quantity == QuantityKind::Fraction &&
        !text.contains(QLatin1Char('%')))
        error += QCoreApplication::translate(
                     "PropertyEditor", " — a bare number is a fraction; for percent type %1 %")
                     .arg(text.trimmed());
    return error.isEmpty() ? v : std::nullopt;
}

} // namespace meridian::ui
