// Examples are tests: every presets/*.topo validates, runs twice to byte-identical results, and
// reproduces its golden file: the SHA-256 fingerprint of results.json plus its summary values
// (everything but the time series), so that a regression names the value that moved.
#include "TestMain.hpp"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest/QtTest>

class PresetGoldenTest : public QObject
{
    Q_OBJECT
private:
    /// Runs meridian-cli; returns stdout+stderr for failure messages.
    static QByteArray runCli(const QStringList& args, int* exitCode)
    {
        const meridian::test::CliRun r = meridian::test::runCli(args);
        *exitCode = r.code;
        return (r.out + r.err).toUtf8();
    }

private Q_SLOTS:
    void presets_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(meridian::test::sourcePath("presets"));
        const QStringList files = dir.entryList({"*.topo"}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void presets()
    {
        QFETCH(QString, file);
#ifdef MERIDIAN_SANITIZED
        // The sanitizer stage runs the engine 5-10× slower; the fail-over preset (20 s of
        // NCCL's program per run here, two runs) is compared byte for byte by the normal
        // stage, and its control-plane paths run under the sanitizers in ControlPlaneRunTest.
        if (file.endsWith(QStringLiteral("failover-wan.topo")))
            QSKIP("the fail-over preset's golden is checked by the unsanitized build");
#endif
        int code = 0;
        QByteArray out = runCli({"validate", file}, &code);
        QVERIFY2(code == 0, out.constData());

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        out = runCli({"run", file, "--out", tmp.path(), "--format", "json,csv", "--quiet"}, &code);
        QVERIFY2(code == 0, out.constData());
        QFile results(tmp.filePath("results.json"));
        QVERIFY(results.open(QIODevice::ReadOnly));
        const QByteArray actual = results.readAll();
        QVERIFY(QFile::exists(tmp.filePath("phases.csv")));

        // The same file and seed must give byte-identical results on a second run.
        QTemporaryDir tmp2;
        out = runCli({"run", file, "--out", tmp2.path(), "--format", "json", "--quiet"}, &code);
        QVERIFY2(code == 0, out.constData());
        QFile again(tmp2.filePath("results.json"));
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), actual);

        const QString golden = meridian::test::sourcePath(
            "tests/regression/golden/" + QFileInfo(file).completeBaseName() + ".golden.json");
        const QJsonObject now = goldenOf(actual);
        if (qEnvironmentVariableIsSet("MERIDIAN_UPDATE_GOLDEN")) {
            QFile g(golden);
            QVERIFY(g.open(QIODevice::WriteOnly | QIODevice::Truncate));
            g.write(QJsonDocument(now).toJson(QJsonDocument::Indented));
            QSKIP("golden file rewritten");
        }
        QFile g(golden);
        QVERIFY2(g.open(QIODevice::ReadOnly), qPrintable("missing golden file " + golden));
        const QJsonObject expected = QJsonDocument::fromJson(g.readAll()).object();
        // The summary first: a regression names the value that moved.
        const QString moved = firstDifference(expected.value("summary"), now.value("summary"), "");
        QVERIFY2(moved.isEmpty(), qPrintable("summary differs from the golden file at " + moved));
        // Then every byte: the series and the last digits of every number.
        QVERIFY2(expected.value("fingerprint") == now.value("fingerprint"),
                 qPrintable("results.json differs from the golden file outside its summary "
                            "(a series or a digit beyond the summary's precision): fingerprint " +
                            now.value("fingerprint").toString() + ", golden " +
                            expected.value("fingerprint").toString()));
    }

private:
    /// What the golden file keeps of a results.json (OMNeT++'s fingerprint tests keep a
    /// hash, not the output): the SHA-256 of its bytes and a summary that is every value
    /// except the time series (sample_times_s and the links' *_series arrays).
    static QJsonObject goldenOf(const QByteArray& results)
    {
        QJsonObject out;
        out["fingerprint"] = QString::fromLatin1(
            QCryptographicHash::hash(results, QCryptographicHash::Sha256).toHex());
        out["summary"] = withoutSeries(QJsonDocument::fromJson(results).object());
        return out;
    }

    static QJsonValue withoutSeries(const QJsonValue& v)
    {
        if (v.isArray()) {
            QJsonArray a;
            for (const QJsonValue& e : v.toArray())
                a.append(withoutSeries(e));
            return a;
        }
        if (!v.isObject())
            return v;
        QJsonObject o;
        const QJsonObject in = v.toObject();
        for (auto it = in.begin(); it != in.end(); ++it)
            if (it.key() != QLatin1String("sample_times_s") &&
                !it.key().endsWith(QLatin1String("_series")))
                o[it.key()] = withoutSeries(it.value());
        return o;
    }

    /// JSON path of the first value that differs ("" if none), e.g. "/phases/3/duration_s
    /// (golden 12.5, actual 12.6)".
    static QString firstDifference(const QJsonValue& e, const QJsonValue& a, const QString& path)
    {
        if (e.type() != a.type())
            return path + " (type differs)";
        if (e.isObject()) {
            const QJsonObject eo = e.toObject(), ao = a.toObject();
            QStringList keys = eo.keys() + ao.keys();
            keys.removeDuplicates();
            for (const QString& k : keys) {
                const QString d = firstDifference(eo.value(k), ao.value(k), path + "/" + k);
                if (!d.isEmpty())
                    return d;
            }
            return {};
        }
        if (e.isArray()) {
            const QJsonArray ea = e.toArray(), aa = a.toArray();
            if (ea.size() != aa.size())
                return path +
                       QString(" (golden %1 entries, actual %2)").arg(ea.size()).arg(aa.size());
            for (qsizetype i = 0; i < ea.size(); ++i) {
                const QString d = firstDifference(ea[i], aa[i], path + "/" + QString::number(i));
                if (!d.isEmpty())
                    return d;
            }
            return {};
        }
        if (e != a)
            return path + QString(" (golden %1, actual %2)")
                              .arg(e.toVariant().toString(), a.toVariant().toString());
        return {};
    }
};

MERIDIAN_TEST(PresetGoldenTest)
#include "PresetGoldenTest.moc"
