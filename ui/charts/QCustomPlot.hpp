#pragma once
// qcustomplot.h (Debian libqcustomplot-dev, 2.1) uses Qt's `signals` and `foreach` keywords,
// which meridian_ui switches off (QT_NO_KEYWORDS). Include it through this header.

#ifndef signals
#define signals Q_SIGNALS
#define MERIDIAN_QCP_UNDEF_SIGNALS
#endif
#ifndef foreach
#define foreach Q_FOREACH
#define MERIDIAN_QCP_UNDEF_FOREACH
#endif

#include <qcustomplot.h>

#ifdef MERIDIAN_QCP_UNDEF_SIGNALS
#undef signals
#undef MERIDIAN_QCP_UNDEF_SIGNALS
#endif
#ifdef MERIDIAN_QCP_UNDEF_FOREACH
#undef foreach
#undef MERIDIAN_QCP_UNDEF_FOREACH
#endif
