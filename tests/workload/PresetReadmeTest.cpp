// presets/README.md is the preset library's table of contents: one row per presets/*.topo
// (file, what it shows, its headline figure, what was scaled down), no row for a file that is
// gone, and the top README links to it. The figures come from `meridian-cli run`; the runs
// themselves are checked by tests/regression/PresetGoldenTest.
#include "TestMain.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Geo.hpp"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QtTest/QtTest>
#include <cmath>

class PresetReadmeTest : public QObject
{
    Q_OBJECT

    static QString read(const QString& relative)
    {
        QFile f(meridian::test::sourcePath(relative));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private Q_SLOTS:
    void theTableListsEveryPresetOnce()
    {
        const QString readme = read(QStringLiteral("presets/README.md"));
        QVERIFY(!readme.isEmpty());
        // A row: | [`file.topo`](file.topo) | shows | figure | scaled |
        static const QRegularExpression row(
            QStringLiteral("^\\| \\[`([^`]+\\.topo)`\\]\\(([^)]+)\\) \\|(.*)\\|\\s*$"));
        QStringList listed;
        for (const QString& line : readme.split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = row.match(line);
            if (!m.hasMatch())
                continue;
            QCOMPARE(m.captured(2), m.captured(1)); // the link goes to the file it names
            const QStringList cells = m.captured(3).split(QStringLiteral(" | "));
            QVERIFY2(cells.size() == 3, qPrintable(line));
            for (const QString& c : cells)
                QVERIFY2(!c.trimmed().isEmpty(), qPrintable(line));
            listed << m.captured(1);
        }
        QStringList files = QDir(meridian::test::sourcePath(QStringLiteral("presets")))
                                .entryList({QStringLiteral("*.topo")}, QDir::Files, QDir::Name);
        QStringList sorted = listed;
        sorted.sort();
        QCOMPARE(sorted, files); // every file, no stale row
        sorted.removeDuplicates();
        QCOMPARE(sorted.size(), listed.size()); // and each once
    }

    void chinaHubDelaysAreFibreDistanceTimesTheRouteFactor()
    {
        // presets/README.md: one-way delay = great-circle km × 1.5 × 5 µs/km, written to the
        // µs (three decimals of a millisecond); e.g. Zhangjiakou–Wuhu, 1,093 km: 8.2 ms.
        const meridian::io::Project p = meridian::io::readProject(
            meridian::test::sourcePath(QStringLiteral("presets/china-computing-hubs.topo"))
                .toStdString());
        const auto& t = p.topology;
        QCOMPARE(t.linkCount(), std::size_t(12));
        for (std::size_t i = 0; i < t.linkCount(); ++i) {
            const auto& l = t.link(meridian::LinkId::fromIndex(i));
            const auto& a = t.node(*t.findNode(l.a));
            const auto& b = t.node(*t.findNode(l.b));
            QVERIFY(a.latitude_deg && a.longitude_deg && b.latitude_deg && b.longitude_deg);
            const double km = meridian::topology::greatCircleKm(*a.latitude_deg, *a.longitude_deg,
                                                                *b.latitude_deg, *b.longitude_deg);
            const double expected_s = km * 1.5 * 5e-6;
            QVERIFY2(std::abs(l.params.delay_s - expected_s) <= 0.5e-6,
                     qPrintable(QString::fromStdString(l.id)));
            QCOMPARE(l.params.bandwidth_bps, 100e9);
        }
    }

    void theTopReadmeLinksTheTable()
    {
        QVERIFY(read(QStringLiteral("README.md")).contains(QStringLiteral("(presets/README.md)")));
    }
};

MERIDIAN_TEST(PresetReadmeTest)
#include "PresetReadmeTest.moc"
