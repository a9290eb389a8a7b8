// `meridian-cli model` end to end through QProcess.
#include "TestMain.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest/QtTest>

class ModelCliTest : public QObject
{
    Q_OBJECT
private:
    using Result = meridian::test::CliRun;
    static Result run(const QStringList& args)
    {
        return meridian::test::runCli(QStringList{"model"} + args);
    }

private Q_SLOTS:
    void configFileTable()
    {
        const auto r = run({meridian::test::dataPath("models/llama-3-8b.config.json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("8.03 B"), qPrintable(r.out));
        QVERIFY(r.out.contains("8030261248"));
        QVERIFY(r.out.contains("layers.31.mlp"));
        QVERIFY(r.out.contains("GFLOP per token"));
    }

    void presetJson()
    {
        const auto r = run({"--preset", "GPT-3-175B", "--json", "--seq-len", "1024"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o["parameters"].toDouble(), 174604259328.0);
        QCOMPARE(o["seq_len"].toDouble(), 1024.0);
        QCOMPARE(o["layers"].toArray().size(), 1 + 96 * 4 + 2);
        // forward per token = 24h²L + 4·s·h·L + 2hV at s = 1024
        const double h = 12288, L = 96, V = 50257, s = 1024;
        QCOMPARE(o["forward_flops_per_token"].toDouble(),
                 24 * h * h * L + 4 * s * h * L + 2 * h * V);
    }

    void listHelpAndErrors()
    {
        const auto list = run({"--list"});
        QCOMPARE(list.code, 0);
        for (const char* id :
             {"llama-3-8b", "llama-3-70b", "gpt-3-175b", "qwen2-7b", "resnet-50", "vgg-16"})
            QVERIFY2(list.out.contains(id), id);
        QCOMPARE(run({"--help"}).code, 0);
        QCOMPARE(run({}).code, 2);
        QCOMPARE(run({"--preset", "nope"}).code, 2);
        QCOMPARE(run({"/no/such/file.json"}).code, 2);
        const auto bad = run({"--preset", "llama-3-8b", "--seq-len", "abc"});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("--seq-len"));
    }
};

MERIDIAN_TEST(ModelCliTest)
#include "ModelCliTest.moc"
