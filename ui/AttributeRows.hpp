#pragma once
// Rows of the Properties dock, made from the engine's attribute table
// (topology/AttributeTable.hpp). A page lists its rows; for a table attribute the table
// supplies the unit, the tooltip, the choices, the valid range and the way text is read and
// shown, by kind of attribute:
//
//   bandwidth  "25G", "400 Gbps", bare number in the file unit (Gbit/s)  →  "10 Gbit/s"
//   duration   "15ms", "2us", bare number in the file unit (ms, µs)      →  "15 ms"
//   fraction   "0.1%", "0.001"                                           →  "0.1 %"
//   integer    whole number inside the range and an int                  →  "8"
//   number     plain number in the file unit                             →  "85.8993"
//   choice     one of the table's choices (a combo box)
//
// Text carrying its unit ("10 Gbit/s") has no unit label beside the editor; whole and plain
// numbers show the table's unit there ("cores", "GB"). The table row also says where the
// value lives (its accessor); tableRow() makes a page row from it. Only what the table cannot
// know (which part of the page's item the accessor reaches, when the row applies, spellings
// and checks of the UI alone) comes from the page.

#include "meridian/topology/AttributeTable.hpp"

#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>

class QLabel;
class QWidget;

namespace meridian::ui {

/// One editable row of a page for items of type `Attrs` (NodeAttributes or LinkAttributes).
template <class Attrs> struct AttributeRow
{
    QString key;                ///< .topo key: "bandwidth_gbps", "fabric.link_gbps", "reverse.loss"
    QString label;              ///< translated label, without the colon
    QString unit;               ///< unit label beside the editor, or empty
    QString help;               ///< tooltip of the label and the editor
    QStringList choices;        ///< items of a combo box (a line edit if empty and not editable)
    bool editableCombo = false; ///< a combo box that also takes typed text (GPU model)
    QString placeholder;        ///< fixed placeholder ("same as a→b"); else "(multiple values)"
    QString sectionTitle;       ///< bold title shown above the row, or empty
    /// The text of an item's value; `apply` parses text into an item and returns an error
    /// message ("" = accepted).
    std::function<QString(const Attrs&)> show;
    std::function<QString(Attrs&, const QString&)> apply;
    std::function<bool(const Attrs&)> applicable = [](const Attrs&) { return true; };
    bool singleOnly = false; ///< ids cannot be shared by many items

    QLabel* labelWidget = nullptr;
    QWidget* editor = nullptr;
    QLabel* error = nullptr;
};

/// Where a numeric attribute lives in an item, in engine units; nullopt = not set (an
/// override left empty).
template <class Attrs> struct NumberAccess
{
    std::function<std::optional<double>(const Attrs&)> get;
    std::function<void(Attrs&, std::optional<double>)> set;
};

/// `value` (engine units) as the row of `info` shows it: "10 Gbit/s", "15 ms", "0.1 %", "8".
QString showValue(const topology::AttributeInfo& info, double value);
/// `text` read as a value of `info`, in engine units and inside its range; else nullopt and
/// the message in `error`.
std::optional<double> parseValue(const topology::AttributeInfo& info, const QString& text,
                                 QString& error);
/// "" if `si` (engine units) is inside the attribute's declared range, else the message.
QString rangeError(const topology::AttributeInfo& info, double si);
/// "Not a number" (translated).
QString numberError();
/// A number in the C locale's notation ("2048", "1e3"), or nullopt; finite only.
std::optional<double> parseNumber(const QString& text);

/// A row for the numeric attribute `info` stored through `access`. An `optional` row (an
/// override) clears the value when its text is emptied. `parse` replaces parseValue() for an
/// attribute that reads more spellings than its file key (memory: "2 TiB").
template <class Attrs>
AttributeRow<Attrs>
numberRow(const topology::AttributeInfo& info, QString key, QString label,
          NumberAccess<Attrs> access, bool optional = false,
          std::function<std::optional<double>(const QString&, QString&)> parse = {})
{
    using units::QuantityKind;
    AttributeRow<Attrs> row;
    row.key = std::move(key);
    row.label = std::move(label);
    const bool unitInText = info.quantity == QuantityKind::Bandwidth ||
                            info.quantity == QuantityKind::Duration ||
                            info.quantity == QuantityKind::Fraction;
    if (!unitInText)
        row.unit = QString::fromStdString(info.unit);
    row.help = QString::fromStdString(info.help);
    row.show = [&info, get = access.get](const Attrs& item) {
        const auto v = get(item);
        return v ? showValue(info, *v) : QString();
    };
    row.apply = [&info, set = access.set, optional, parse](Attrs& item, const QString& text) {
        if (optional && text.trimmed().isEmpty()) {
            set(item, std::nullopt);
            return QString();
        }
        QString error;
        const auto v = parse ? parse(text, error) : parseValue(info, text, error);
        if (!v)
            return error;
        set(item, *v);
        return QString();
    };
    return row;
}

/// A row for the Choice attribute `info` (a combo box of its choices): `set` stores the
/// chosen text and returns false, making `unknown` (with %1 = the text) the error, if the
/// item cannot take it.
template <class Attrs>
AttributeRow<Attrs> choiceRow(const topology::AttributeInfo& info, QString key, QString label,
                              std::function<std::string(const Attrs&)> get,
                              std::function<bool(Attrs&, const std::string&)> set, QString unknown)
{
    AttributeRow<Attrs> row;
    row.key = std::move(key);
    row.label = std::move(label);
    row.help = QString::fromStdString(info.help);
    for (const std::string& c : info.choices)
        row.choices << QString::fromStdString(c);
    row.show = [get](const Attrs& item) { return QString::fromStdString(get(item)); };
    row.apply = [set, unknown](Attrs& item, const QString& text) {
        return set(item, text.toStdString()) ? QString() : unknown.arg(text);
    };
    return row;
}

/// A free-text row; `help` is the table's help of the attribute, if it has one.
template <class Attrs>
AttributeRow<Attrs> textRow(QString key, QString label, QString help,
                            std::function<QString(const Attrs&)> show,
                            std::function<QString(Attrs&, const QString&)> apply)
{
    AttributeRow<Attrs> row;
    row.key = std::move(key);
    row.label = std::move(label);
    row.help = std::move(help);
    row.show = std::move(show);
    row.apply = std::move(apply);
    return row;
}

/// Where the part `X` of a page's item that a table row's accessor reaches lives: the item
/// itself, its LinkParams, its reverse LinkPatch, its FabricSpec.
template <class Attrs, class X> struct Lens
{
    std::function<const X&(const Attrs&)> view;
    std::function<X&(Attrs&)> edit;
};

template <class Attrs> Lens<Attrs, Attrs> wholeItem()
{
    return {[](const Attrs& a) -> const Attrs& { return a; }, [](Attrs& a) -> Attrs& { return a; }};
}

/// The display label of a table row, translated (context of the property editor's tr()).
QString attributeLabel(const topology::AttributeInfo& info);
/// "Unknown <label> “%1”" (translated) for a choice the field refuses.
QString unknownChoice(const QString& label);

/// The row of table attribute `info`, whose field `access` reaches in the part of an item
/// that `lens` gives: a number row, a combo box of the choices, or a trimmed free text. An
/// `optional` row (an override) clears the field when its text is emptied.
template <class Attrs, class X>
AttributeRow<Attrs> tableRow(const topology::AttributeInfo& info,
                             const topology::AttributeAccess<X>& access, Lens<Attrs, X> lens,
                             QString key, QString label, bool optional = false)
{
    using topology::AttributeType;
    using topology::AttributeValue;
    if (info.type == AttributeType::Number || info.type == AttributeType::Integer) {
        NumberAccess<Attrs> number{
            [&access, lens](const Attrs& item) -> std::optional<double> {
                const auto v = access.get(lens.view(item));
                return v ? std::optional<double>(std::get<double>(*v)) : std::nullopt;
            },
            [&access, lens](Attrs& item, std::optional<double> v) {
                access.set(lens.edit(item), v ? std::optional<AttributeValue>(*v) : std::nullopt);
            }};
        return numberRow(info, std::move(key), std::move(label), number, optional);
    }
    const auto text = [&access, lens](const Attrs& item) {
        const auto v = access.get(lens.view(item));
        return v ? std::get<std::string>(*v) : std::string();
    };
    if (info.type == AttributeType::Choice) {
        QString unknown = unknownChoice(label);
        return choiceRow<Attrs>(
            info, std::move(key), std::move(label), text,
            [&access, lens](Attrs& item, const std::string& t) {
                return access.set(lens.edit(item), AttributeValue(t));
            },
            std::move(unknown));
    }
    return textRow<Attrs>(
        std::move(key), std::move(label), QString::fromStdString(info.help),
        [text](const Attrs& item) { return QString::fromStdString(text(item)); },
        [&access, lens](Attrs& item, const QString& t) {
            access.set(lens.edit(item), AttributeValue(t.trimmed().toStdString()));
            return QString();
        });
}

} // namespace meridian::ui
