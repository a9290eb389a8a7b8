#pragma once
// Loads the embedded translation (:/i18n/meridian_<locale>.qm) for the user's language.

#include <QLocale>

class QCoreApplication;
class QTranslator;

namespace meridian::ui {

/// Installs the translator for `locale` (English, the source language, needs none). Returns
/// the installed translator (owned by `app`), or nullptr when there is no translation.
QTranslator* installTranslations(QCoreApplication& app, const QLocale& locale = QLocale());

} // namespace meridian::ui
