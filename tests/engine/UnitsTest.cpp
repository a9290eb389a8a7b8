// Unit-aware parsing ("10G", "15ms", "0.1%", "64MiB") and formatting.
#include "TestMain.hpp"

#include "meridian/core/Units.hpp"

#include <QtTest/QtTest>

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
};

MERIDIAN_TEST(UnitsTest)
#include "UnitsTest.moc"
