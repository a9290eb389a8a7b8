#include "meridian/core/ValueRule.hpp"

#include "meridian/core/Units.hpp"

#include <algorithm>
#include <cmath>

namespace meridian {

bool ValueRule::accepts(double value) const
{
    if (!std::isfinite(value))
        return false;
    if (whole && std::floor(value) != value)
        return false;
    if (min && (min_inclusive ? value < *min : value <= *min))
        return false;
    return !(max && (max_inclusive ? value > *max : value >= *max));
}

std::string ValueRule::problem(double value) const
{
    if (accepts(value))
        return {};
    if (!std::isfinite(value))
        return "is not a finite number";
    if (whole && std::floor(value) != value)
        return "is not a whole number";
    if (min && max)
        return "is outside " + rangeText();
    return "must be " + rangeText();
}

bool ValueRule::acceptsText(std::string_view text) const
{
    return choices.empty() || std::find(choices.begin(), choices.end(), text) != choices.end();
}

std::string ValueRule::rangeText() const
{
    if (!choices.empty())
        return "one of " + choicesText();
    return units::formatRange(min, min_inclusive, max, max_inclusive);
}

std::string ValueRule::choicesText() const
{
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i)
        out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return out;
}

} // namespace meridian
