#include "ui/Translations.hpp"

#include <QCoreApplication>
#include <QTranslator>

#include <cstring>

namespace meridian::ui {
namespace {

/// Qt 6.4's lupdate does not understand nested namespace definitions
/// (`namespace meridian::ui {`), so it records tr() strings of meridian::ui::MainWindow under
/// the context "MainWindow" while the meta-object asks for "meridian::ui::MainWindow". This
/// translator looks the string up under both names.
class UiTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;
    QString translate(const char* context, const char* sourceText, const char* disambiguation,
                      int n) const override
    {
        QString out = QTranslator::translate(context, sourceText, disambiguation, n);
        static constexpr char kPrefix[] = "meridian::ui::";
        if (out.isNull() && context && std::strncmp(context, kPrefix, sizeof kPrefix - 1) == 0)
            out = QTranslator::translate(context + sizeof kPrefix - 1, sourceText, disambiguation, n);
        return out;
    }
};

} // namespace

QTranslator* installTranslations(QCoreApplication& app, const QLocale& locale)
{
    auto* translator = new UiTranslator(&app); // owned by the application
    if (!translator->load(locale, QStringLiteral("meridian"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete translator;
        return nullptr;
    }
    QCoreApplication::installTranslator(translator);
    return translator;
}

} // namespace meridian::ui
