// .safetensors headers: a real file written here (with tensor data) and malformed headers.
#include "meridian/workload/SafetensorsImport.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>
#include <string>
#include <vector>

using namespace meridian;
using namespace meridian::workload;

class SafetensorsImportTest : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    /// Writes [u64 LE header length][header][data] exactly as the safetensors library does.
    std::string write(const QString& name, const std::string& header, std::size_t dataBytes,
                      std::uint64_t declaredLength = 0)
    {
        const std::string path = m_dir.filePath(name).toStdString();
        std::ofstream out(path, std::ios::binary);
        const std::uint64_t n = declaredLength != 0 ? declaredLength : header.size();
        for (int i = 0; i < 8; ++i)
            out.put(static_cast<char>((n >> (8 * i)) & 0xff));
        out << header;
        // Tensor data: little-endian bf16 values 1.0 (0x3f80), a real payload.
        for (std::size_t i = 0; i < dataBytes / 2; ++i) {
            out.put(static_cast<char>(0x80));
            out.put(static_cast<char>(0x3f));
        }
        out.close();
        return path;
    }

    // A two-block Llama-like checkpoint: h = 8, I = 16, vocab 32, untied.
    static std::string goodHeader(std::size_t& dataBytes)
    {
        struct T
        {
            std::string name;
            std::vector<int> shape;
        };
        std::vector<T> tensors{{"model.embed_tokens.weight", {32, 8}},
                               {"model.norm.weight", {8}},
                               {"lm_head.weight", {32, 8}}};
        for (int b = 0; b < 2; ++b) {
            const std::string p = "model.layers." + std::to_string(b) + ".";
            for (const char* w : {"q_proj", "k_proj", "v_proj", "o_proj"})
                tensors.push_back({p + "self_attn." + w + ".weight", {8, 8}});
            tensors.push_back({p + "mlp.gate_proj.weight", {16, 8}});
            tensors.push_back({p + "mlp.up_proj.weight", {16, 8}});
            tensors.push_back({p + "mlp.down_proj.weight", {8, 16}});
            tensors.push_back({p + "input_layernorm.weight", {8}});
            tensors.push_back({p + "post_attention_layernorm.weight", {8}});
        }
        std::string h = "{\"__metadata__\":{\"format\":\"pt\"}";
        std::size_t offset = 0;
        for (const auto& t : tensors) {
            std::size_t numel = 1;
            std::string shape;
            for (int d : t.shape) {
                numel *= static_cast<std::size_t>(d);
                shape += (shape.empty() ? "" : ",") + std::to_string(d);
            }
            h += ",\"" + t.name + "\":{\"dtype\":\"BF16\",\"shape\":[" + shape +
                 "],\"data_offsets\":[" + std::to_string(offset) + "," +
                 std::to_string(offset + 2 * numel) + "]}";
            offset += 2 * numel;
        }
        dataBytes = offset;
        return h + "}";
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void realFileCountsAndGroups()
    {
        std::size_t bytes = 0;
        const std::string header = goodHeader(bytes); // sets `bytes` before it is passed on
        const std::string path = write("tiny.safetensors", header, bytes);
        const ModelSpec m = readSafetensors(path);
        // Independent count: 2·32·8 (embed, head) + 8 (norm) + 2·(4·64 + 3·128 + 2·8)
        const std::int64_t expected = 2 * 32 * 8 + 8 + 2 * (4 * 64 + 3 * 128 + 2 * 8);
        QCOMPARE(m.parameterCount(), expected);
        QVERIFY(m.dtype == DType::Bf16);
        QCOMPARE(m.num_blocks, 2);
        QCOMPARE(m.weightBytes(), 2.0 * static_cast<double>(expected));
        // Layers: embedding, per block attention/mlp/norm, final norm, lm_head
        QCOMPARE(m.layers.front().name, std::string("embedding"));
        QCOMPARE(m.layers.back().name, std::string("lm_head"));
        const auto att = std::find_if(m.layers.begin(), m.layers.end(),
                                      [](const auto& l) { return l.name == "layers.1.attention"; });
        QVERIFY(att != m.layers.end());
        QCOMPARE(att->parameters, std::int64_t(4 * 64));
        QCOMPARE(att->weight_bytes, 2.0 * 4 * 64);
        // FLOPs: 2 per weight of every 2-D non-embedding matrix = 2·(32·8 + 2·(256 + 384))
        QCOMPARE(m.forwardFlopsPerToken(), 2.0 * (32 * 8 + 2 * (256 + 384)));
        // The loader detects the format by extension.
        QCOMPARE(loadModelFile(path).parameterCount(), expected);
    }

    void malformedHeaders_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<int>("dataBytes");
        QTest::addColumn<qulonglong>("declared");
        QTest::newRow("length beyond file") << "{}" << 0 << qulonglong(1'000'000);
        QTest::newRow("bad json") << "{\"a\":{\"dtype\":" << 0 << qulonglong(0);
        QTest::newRow("not an object") << "[1,2]" << 0 << qulonglong(0);
        QTest::newRow("unknown dtype")
            << R"({"a":{"dtype":"Q4","shape":[2],"data_offsets":[0,2]}})" << 2 << qulonglong(0);
        QTest::newRow("size mismatch")
            << R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})" << 4 << qulonglong(0);
        QTest::newRow("out of range")
            << R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})" << 4 << qulonglong(0);
        QTest::newRow("overlap")
            << R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})"
            << 12 << qulonglong(0);
        QTest::newRow("negative shape")
            << R"({"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})" << 8 << qulonglong(0);
        QTest::newRow("end before begin")
            << R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})" << 8 << qulonglong(0);
    }
    void malformedHeaders()
    {
        QFETCH(QString, header);
        QFETCH(int, dataBytes);
        QFETCH(qulonglong, declared);
        const std::string path =
            write(QString(QTest::currentDataTag()) + ".safetensors", header.toStdString(),
                  static_cast<std::size_t>(dataBytes), declared);
        try {
            readSafetensors(path);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.file(), path);
            QVERIFY(!e.problem().empty());
        }
    }

    void fileShorterThanLengthField()
    {
        const std::string path = m_dir.filePath("short.safetensors").toStdString();
        std::ofstream(path, std::ios::binary) << "abc";
        QVERIFY_THROWS_EXCEPTION(InputError, readSafetensors(path));
    }
};

MERIDIAN_TEST(SafetensorsImportTest)
#include "SafetensorsImportTest.moc"
