#include "ui/Resources.hpp"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initMeridianResources()
{
    Q_INIT_RESOURCE(meridian);
}

namespace meridian::ui {

void initResources()
{
    static const bool done = [] {
        initMeridianResources();
        return true;
    }();
    (void)done;
}

} // namespace meridian::ui
