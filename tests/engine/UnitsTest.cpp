// Unit-aware parsing ("10G", "15ms", "0.1%", "64MiB") and formatting.
#include "meridian/core/Units.hpp"

#include "TestMain.hpp"
#include "meridian/core/ColumnUnit.hpp"

#include <QtTest/QtTest>
#include <limits>
#include <vector>

using namespace meridian::units;

class UnitsTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void bandwidth_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("bps");
        QTest::newRow("10G") << "10G" << 10e9;
        QTest::newRow("400 Gbps") << "400 Gbps" << 400e9;
        QTest::newRow("2.5Gb/s") << "2.5Gb/s" << 2.5e9;
        QTest::newRow("100 Mbit/s") << "100 Mbit/s" << 100e6;
        QTest::newRow("1T") << "1T" << 1e12;
        QTest::newRow("bytes") << "1 GB/s" << 8e9;
        QTest::newRow("bare") << "1e9" << 1e9;
    }
    void bandwidth()
    {
        QFETCH(QString, text);
        QFETCH(double, bps);
        auto v = parseBandwidthBps(text.toStdString());
        QVERIFY(v.has_value());
        QCOMPARE(*v, bps);
    }
    void badBandwidth()
    {
        QVERIFY(!parseBandwidthBps("fast"));
        QVERIFY(!parseBandwidthBps("10 Xbps"));
        QVERIFY(!parseBandwidthBps("-1G"));
        QVERIFY(!parseBandwidthBps(""));
    }
    void duration()
    {
        QCOMPARE(*parseDurationS("15ms"), 0.015);
        QCOMPARE(*parseDurationS("2 us"), 2e-6);
        QCOMPARE(*parseDurationS("100ns"), 1e-7);
        QCOMPARE(*parseDurationS("1.5s"), 1.5);
        QCOMPARE(*parseDurationS("3", 1e-3), 0.003);
        QVERIFY(!parseDurationS("3 parsecs"));
    }
    void fraction()
    {
        QCOMPARE(*parseFraction("0.1%"), 0.001);
        QCOMPARE(*parseFraction("0.001"), 0.001);
        QVERIFY(!parseFraction("lots"));
    }
    void bytes()
    {
        QCOMPARE(*parseBytes("64MiB"), 64.0 * 1024 * 1024);
        QCOMPARE(*parseBytes("1 GB"), 1e9);
        QCOMPARE(*parseBytes("1500B"), 1500.0);
        QCOMPARE(*parseBytes("1Gb"), 1.25e8);
        QCOMPARE(*parseBytes("4KiB"), 4096.0);
    }
    void formatting()
    {
        QCOMPARE(QString::fromStdString(formatBandwidth(10e9)), QString("10 Gbit/s"));
        QCOMPARE(QString::fromStdString(formatDuration(0.015)), QString("15 ms"));
        QCOMPARE(QString::fromStdString(formatBytes(64.0 * 1024 * 1024)), QString("64 MiB"));
        QCOMPARE(QString::fromStdString(formatNumber(0.0001)), QString("0.0001"));
    }
    void durationColumnUnit_data()
    {
        // The column's largest finite magnitude picks the unit (h from 2 h, s from 1 s, ms, µs,
        // ns) and 3 − floor(log10(largest in that unit)) decimals, clamped to 0…6.
        QTest::addColumn<std::vector<double>>("seconds");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("secondsPerUnit");
        QTest::addColumn<int>("decimals");
        QTest::newRow("empty") << std::vector<double>{} << "s" << 1.0 << 0;
        QTest::newRow("zeros") << std::vector<double>{0.0, -0.0} << "s" << 1.0 << 0;
        QTest::newRow("2 h") << std::vector<double>{1.0, 7200.0} << "h" << 3600.0 << 3;
        QTest::newRow("just under 2 h") << std::vector<double>{7199.0} << "s" << 1.0 << 0;
        QTest::newRow("a negative decides")
            << std::vector<double>{0.001, -0.5} << "ms" << 1e-3 << 1;
        QTest::newRow("µs") << std::vector<double>{2.5e-5} << "µs" << 1e-6 << 2;
        QTest::newRow("ns, clamped") << std::vector<double>{5.8e-10} << "ns" << 1e-9 << 4;
        QTest::newRow("days, clamped") << std::vector<double>{3.6e7} << "h" << 3600.0 << 0;
        QTest::newRow("not finite ignored")
            << std::vector<double>{std::numeric_limits<double>::quiet_NaN(),
                                   std::numeric_limits<double>::infinity(), 2.0}
            << "s" << 1.0 << 3;
    }
    void durationColumnUnit()
    {
        QFETCH(std::vector<double>, seconds);
        QFETCH(QString, unit);
        QFETCH(double, secondsPerUnit);
        QFETCH(int, decimals);
        const DurationColumnUnit c = DurationColumnUnit::of(seconds);
        QCOMPARE(QString::fromUtf8(c.unit), unit);
        QCOMPARE(c.seconds_per_unit, secondsPerUnit);
        QCOMPARE(c.decimals, decimals);
    }
    void durationColumnRoundsToZeroBelowHalfTheLastDecimal()
    {
        QVERIFY(DurationColumnUnit::roundsToZero(0.00049, 3));
        QVERIFY(DurationColumnUnit::roundsToZero(-0.00049, 3));
        QVERIFY(!DurationColumnUnit::roundsToZero(0.00051, 3));
        QVERIFY(DurationColumnUnit::roundsToZero(0.49, 0));
        QVERIFY(!DurationColumnUnit::roundsToZero(0.5, 0));
    }
};

MERIDIAN_TEST(UnitsTest)
#include "UnitsTest.moc"
