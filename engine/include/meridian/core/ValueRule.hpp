#pragma once
// The valid values of a declared parameter: the one range and choice check shared by the
// topology's attribute table (topology/AttributeTable.hpp) and the experiment's option table
// (experiment/OptionTable.hpp). A row of either table IS a ValueRule, so a range is declared,
// checked and printed in one place whichever table it belongs to.
//
// A rule is a numeric range in the declaring table's unit (bounds inclusive or not, either
// may be absent), optionally whole numbers only, or a list of choices for text values.
// Notation of rangeText(): "[0, 1)" = 0 ≤ x < 1, "(0, 1]", "> 0", ">= 1", "any"; a choice
// rule prints "one of a, b or c".

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian {

struct ValueRule
{
    std::optional<double> min; ///< lower bound (none = unbounded)
    bool min_inclusive = true;
    std::optional<double> max; ///< upper bound (none = unbounded)
    bool max_inclusive = true;
    bool whole = false;               ///< only whole numbers (an Integer row)
    std::vector<std::string> choices; ///< valid texts of a Choice row (empty = any text)

    /// True if `value` is finite, inside [min, max] with the declared inclusivity and, for a
    /// whole-number rule, whole.
    bool accepts(double value) const;
    /// Why `value` is not accepted ("is outside [0, 1)", "must be >= 1", "is not a whole
    /// number", "is not a finite number"), or "" if it is.
    std::string problem(double value) const;
    /// True if `text` is one of `choices`, or if the rule has none.
    bool acceptsText(std::string_view text) const;
    /// Human form of the valid values: "[0, 1)", "> 0", "any", or "one of a, b or c".
    std::string rangeText() const;
    /// The choices as prose: "full or half", "tcp, udp, gbn or sr".
    std::string choicesText() const;
};

} // namespace meridian
