#pragma once
// The engine speaks UTF-8 std::string, the widgets QString: one conversion for the designer.

#include <QString>
#include <string>

namespace meridian::ui {

/// An engine string (UTF-8) as a QString.
inline QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace meridian::ui
