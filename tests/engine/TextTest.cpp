// The one lower()/trim() of the engine: ASCII only, whatever the C locale.
#include "meridian/core/Text.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cctype>
#include <clocale>
#include <string>

using namespace meridian;

class TextTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lowerAscii()
    {
        QCOMPARE(text::lower("A100-80GB"), std::string("a100-80gb"));
        QCOMPARE(text::lower("Gbit/s"), std::string("gbit/s"));
        QCOMPARE(text::lower(""), std::string());
        // UTF-8 bytes pass through unchanged: "µS" → "µs", not a mangled µ.
        QCOMPARE(text::lower("\xC2\xB5S"), std::string("\xC2\xB5s"));
    }
    void lowerIgnoresLocale()
    {
        // Under a Latin-1 locale std::tolower turns 0xC0 ('À') into 0xE0; the helper must not
        // (it would break the second byte of a UTF-8 sequence).
        const std::string saved = std::setlocale(LC_CTYPE, nullptr);
        const char* latin1 = nullptr;
        for (const char* name : {"en_US.ISO-8859-1", "de_DE.ISO-8859-1", "fr_FR.ISO-8859-1"})
            if (std::setlocale(LC_CTYPE, name) != nullptr) {
                latin1 = name;
                break;
            }
        if (latin1 == nullptr)
            QSKIP("no Latin-1 locale installed");
        QCOMPARE(std::tolower(0xC0), 0xE0);
        const std::string lowered = text::lower("\xC0X");
        std::setlocale(LC_CTYPE, saved.c_str());
        QCOMPARE(lowered, std::string("\xC0x"));
    }
    void trim()
    {
        QCOMPARE(text::trim("  15 ms \t\n"), std::string_view("15 ms"));
        QCOMPARE(text::trim("\r\v\f"), std::string_view());
        QCOMPARE(text::trim("x"), std::string_view("x"));
        QCOMPARE(text::trim(""), std::string_view());
        // Non-breaking space (U+00A0) is not ASCII white space.
        QCOMPARE(text::trim("\xC2\xA0"
                            "1"),
                 std::string_view("\xC2\xA0"
                                  "1"));
    }
};

MERIDIAN_TEST(TextTest)
#include "TextTest.moc"
