// .safetensors headers: a real file written here (with tensor data) and malformed headers.
#include "meridian/workload/SafetensorsImport.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>
#include <filesystem>
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

    struct Tensor
    {
        std::string name;
        std::string dtype;
        std::vector<std::int64_t> shape;
    };

    static std::uint64_t dtypeBytes(const std::string& dtype)
    {
        if (dtype == "F32" || dtype == "I32")
            return 4;
        if (dtype == "F16" || dtype == "BF16")
            return 2;
        if (dtype == "BOOL" || dtype == "U8")
            return 1;
        return 8; // I64
    }

    /// A checkpoint with the given tensors, laid out in name order as safetensors does; the
    /// data buffer is a sparse run of zeros of the exact size (no real weights needed).
    std::string writeSparse(const QString& name, std::vector<Tensor> tensors)
    {
        std::sort(tensors.begin(), tensors.end(),
                  [](const Tensor& a, const Tensor& b) { return a.name < b.name; });
        std::string h = "{\"__metadata__\":{\"format\":\"pt\"}";
        std::uint64_t offset = 0;
        for (const auto& t : tensors) {
            std::uint64_t numel = 1;
            std::string shape;
            for (auto d : t.shape) {
                numel *= static_cast<std::uint64_t>(d);
                shape += (shape.empty() ? "" : ",") + std::to_string(d);
            }
            const std::uint64_t end = offset + numel * dtypeBytes(t.dtype);
            h += ",\"" + t.name + "\":{\"dtype\":\"" + t.dtype + "\",\"shape\":[" + shape +
                 "],\"data_offsets\":[" + std::to_string(offset) + "," + std::to_string(end) + "]}";
            offset = end;
        }
        h += "}";
        const std::string path = write(name, h, 0);
        std::filesystem::resize_file(path, 8 + h.size() + offset);
        return path;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void huggingFaceGpt2Layout()
    {
        // The tensors of openai-community/gpt2 model.safetensors (names, F32, shapes): GPT-2
        // Conv1D weights are [in, out]; each block stores its causal mask h.N.attn.bias
        // [1,1,1024,1024], a buffer, not a parameter.
        const std::int64_t V = 50257, P = 1024, h = 768, L = 12;
        std::vector<Tensor> t{{"wte.weight", "F32", {V, h}},
                              {"wpe.weight", "F32", {P, h}},
                              {"ln_f.weight", "F32", {h}},
                              {"ln_f.bias", "F32", {h}}};
        for (int b = 0; b < L; ++b) {
            const std::string p = "h." + std::to_string(b) + ".";
            t.push_back({p + "attn.bias", "F32", {1, 1, P, P}});
            t.push_back({p + "attn.c_attn.weight", "F32", {h, 3 * h}});
            t.push_back({p + "attn.c_attn.bias", "F32", {3 * h}});
            t.push_back({p + "attn.c_proj.weight", "F32", {h, h}});
            t.push_back({p + "attn.c_proj.bias", "F32", {h}});
            t.push_back({p + "ln_1.weight", "F32", {h}});
            t.push_back({p + "ln_1.bias", "F32", {h}});
            t.push_back({p + "ln_2.weight", "F32", {h}});
            t.push_back({p + "ln_2.bias", "F32", {h}});
            t.push_back({p + "mlp.c_fc.weight", "F32", {h, 4 * h}});
            t.push_back({p + "mlp.c_fc.bias", "F32", {4 * h}});
            t.push_back({p + "mlp.c_proj.weight", "F32", {4 * h, h}});
            t.push_back({p + "mlp.c_proj.bias", "F32", {h}});
        }
        const ModelSpec m = readSafetensors(writeSparse("gpt2.safetensors", t));
        // transformers' num_parameters() of GPT2LMHeadModel (tied head): 124,439,808, which is
        // V·h + P·h + L·(12h² + 13h) + 2h.
        QCOMPARE(m.parameterCount(), std::int64_t(124'439'808));
        QCOMPARE(m.parameterCount(), V * h + P * h + L * (12 * h * h + 13 * h) + 2 * h);
        QCOMPARE(m.weightBytes(), 4.0 * 124'439'808);
        QVERIFY(m.dtype == DType::Fp32);
        QCOMPARE(m.num_blocks, 12);
        const bool noted = std::any_of(m.notes.begin(), m.notes.end(), [](const auto& n) {
            return n.find("12 tensors") != std::string::npos &&
                   n.find("h.0.attn.bias") != std::string::npos;
        });
        QVERIFY2(noted, "the skipped mask buffers are reported");
        // FLOPs: 2 per weight of the 2-D block matrices (12h² per block); wte/wpe are lookups
        // and the tied head is not in the file.
        QCOMPARE(m.forwardFlopsPerToken(), 2.0 * L * 12 * h * h);
    }

    void neoxLayoutWithBoolMask()
    {
        // EleutherAI/pythia-160m layout (GPTNeoXForCausalLM, F16): BOOL causal mask
        // attention.bias, scalar masked_bias and F32 rotary inv_freq are buffers.
        const std::int64_t V = 50304, h = 768, L = 12, ctx = 2048;
        std::vector<Tensor> t{{"gpt_neox.embed_in.weight", "F16", {V, h}},
                              {"gpt_neox.final_layer_norm.weight", "F16", {h}},
                              {"gpt_neox.final_layer_norm.bias", "F16", {h}},
                              {"embed_out.weight", "F16", {V, h}}};
        for (int b = 0; b < L; ++b) {
            const std::string p = "gpt_neox.layers." + std::to_string(b) + ".";
            t.push_back({p + "attention.bias", "BOOL", {1, 1, ctx, ctx}});
            t.push_back({p + "attention.masked_bias", "F16", {}});
            t.push_back({p + "attention.rotary_emb.inv_freq", "F32", {16}});
            t.push_back({p + "attention.query_key_value.weight", "F16", {3 * h, h}});
            t.push_back({p + "attention.query_key_value.bias", "F16", {3 * h}});
            t.push_back({p + "attention.dense.weight", "F16", {h, h}});
            t.push_back({p + "attention.dense.bias", "F16", {h}});
            t.push_back({p + "input_layernorm.weight", "F16", {h}});
            t.push_back({p + "input_layernorm.bias", "F16", {h}});
            t.push_back({p + "post_attention_layernorm.weight", "F16", {h}});
            t.push_back({p + "post_attention_layernorm.bias", "F16", {h}});
            t.push_back({p + "mlp.dense_h_to_4h.weight", "F16", {4 * h, h}});
            t.push_back({p + "mlp.dense_h_to_4h.bias", "F16", {4 * h}});
            t.push_back({p + "mlp.dense_4h_to_h.weight", "F16", {h, 4 * h}});
            t.push_back({p + "mlp.dense_4h_to_h.bias", "F16", {h}});
        }
        const ModelSpec m = readSafetensors(writeSparse("pythia.safetensors", t));
        // Pythia-160M: 162,322,944 = 2·V·h (untied) + L·(12h² + 13h) + 2h.
        QCOMPARE(m.parameterCount(), std::int64_t(162'322'944));
        QCOMPARE(m.parameterCount(), 2 * V * h + L * (12 * h * h + 13 * h) + 2 * h);
        QVERIFY(m.dtype == DType::Fp16);
        QCOMPARE(m.weightBytes(), 2.0 * 162'322'944);
        QCOMPARE(m.layers.back().name, std::string("lm_head"));
        int skippedNotes = 0;
        for (const auto& n : m.notes)
            skippedNotes += n.find("not parameters") != std::string::npos ? 1 : 0;
        QCOMPARE(skippedNotes, 2); // non-floating (BOOL masks) and buffers (inv_freq, masked)
        // A real 1-D attention bias of a [1,1,n,n]-free model is still a parameter.
        const ModelSpec q = readSafetensors(
            writeSparse("bias.safetensors", {{"model.layers.0.attn.bias", "F32", {8}},
                                             {"model.layers.0.attn.weight", "F32", {8, 8}}}));
        QCOMPARE(q.parameterCount(), std::int64_t(72));
    }

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
