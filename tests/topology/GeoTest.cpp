// Great-circle distance, fibre delay and the equirectangular projection.
#include "meridian/topology/Geo.hpp"

#include "TestMain.hpp"
#include "meridian/core/Units.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <numbers>

using namespace meridian;
using namespace meridian::topology;

class GeoTest : public QObject
{
    Q_OBJECT
private:
    static bool within(double value, double expected, double relative)
    {
        return std::abs(value - expected) <= relative * std::abs(expected);
    }

private Q_SLOTS:
    void knownCityDistances_data()
    {
        QTest::addColumn<double>("lat1");
        QTest::addColumn<double>("lon1");
        QTest::addColumn<double>("lat2");
        QTest::addColumn<double>("lon2");
        QTest::addColumn<double>("expectedKm");
        // Published great-circle distances between city centres (±1 %).
        QTest::newRow("Beijing-Shanghai") << 39.9042 << 116.4074 << 31.2304 << 121.4737 << 1067.0;
        QTest::newRow("London-Paris") << 51.5074 << -0.1278 << 48.8566 << 2.3522 << 343.5;
        QTest::newRow("New York-London") << 40.7128 << -74.0060 << 51.5074 << -0.1278 << 5570.0;
        QTest::newRow("Beijing-Guangzhou") << 39.9042 << 116.4074 << 23.1291 << 113.2644 << 1888.0;
    }
    void knownCityDistances()
    {
        QFETCH(double, lat1);
        QFETCH(double, lon1);
        QFETCH(double, lat2);
        QFETCH(double, lon2);
        QFETCH(double, expectedKm);
        const double d = greatCircleKm(lat1, lon1, lat2, lon2);
        QVERIFY2(within(d, expectedKm, 0.01), qPrintable(QString::number(d)));
        // Symmetric.
        QCOMPARE(greatCircleKm(lat2, lon2, lat1, lon1), d);
    }

    void exactGeometry()
    {
        const double R = 6371.0088;
        // Expectation: the same point is 0 km; a quarter meridian is πR/2; antipodes πR;
        // one degree along the equator is R·π/180.
        QCOMPARE(greatCircleKm(12.3, 45.6, 12.3, 45.6), 0.0);
        QVERIFY(within(greatCircleKm(0, 0, 90, 0), std::numbers::pi * R / 2, 1e-12));
        QVERIFY(within(greatCircleKm(0, 0, 0, 180), std::numbers::pi * R, 1e-12));
        // Haversine loses precision near antipodes (a → 1): about 1e-8 relative, well under 1 m.
        QVERIFY(within(greatCircleKm(10, 20, -10, -160), std::numbers::pi * R, 1e-6));
        QVERIFY(within(greatCircleKm(0, 0, 0, 1), R * std::numbers::pi / 180, 1e-12));
        // Crossing the antimeridian takes the short way round.
        QVERIFY(within(greatCircleKm(0, 179.5, 0, -179.5), R * std::numbers::pi / 180, 1e-9));
    }

    void fibreDelay()
    {
        // 1000 km of fibre at 4.9 µs/km is 4.9 ms one way; route factor 1.5 → 7.35 ms.
        QVERIFY(within(fibreDelayS(1000.0), 4.9e-3, 1e-12));
        QVERIFY(within(fibreDelayS(1000.0, 1.5), 7.35e-3, 1e-12));
        QCOMPARE(fibreDelayS(0.0, 1.3), 0.0);
        QCOMPARE(units::kFibreDelaySPerKm, 4.9e-6);
        // Beijing-Shanghai: about 1067 km → about 5.2 ms one way on a straight fibre.
        const double d = greatCircleKm(39.9042, 116.4074, 31.2304, 121.4737);
        QVERIFY(within(fibreDelayS(d), 1067.0 * 4.9e-6, 0.01));
    }

    void projection()
    {
        const double R = 6371.0088;
        const auto origin = projectEquirectangularKm(30, 110, 30, 110);
        QCOMPARE(origin[0], 0.0);
        QCOMPARE(origin[1], 0.0);
        // One degree north is R·π/180 km up (negative y: canvas y grows downwards).
        const auto north = projectEquirectangularKm(31, 110, 30, 110);
        QVERIFY(within(north[1], -R * std::numbers::pi / 180, 1e-12));
        QVERIFY(std::abs(north[0]) < 1e-9);
        // One degree east at 60° N is half a degree of the equator.
        const auto east = projectEquirectangularKm(60, 111, 60, 110);
        QVERIFY(within(east[0], 0.5 * R * std::numbers::pi / 180, 1e-9));
        QVERIFY(std::abs(east[1]) < 1e-9);
    }
};

MERIDIAN_TEST(GeoTest)
#include "GeoTest.moc"
