// Hugging Face config.json conversion: parameter counts of published models and the
// training FLOPs formula against independent closed forms.
#include "meridian/workload/HfConfigImport.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::workload;

class HfConfigImportTest : public QObject
{
    Q_OBJECT
private:
    static ModelSpec load(const char* file)
    {
        return readHfConfig(test::dataPath(QString("models/") + file).toStdString());
    }

private Q_SLOTS:
    void publishedParameterCounts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("parameters");
        // Published counts: Meta model card 8.03 B; transformers num_parameters() of
        // Qwen2-7B and of GPT-2 small (tied embeddings, 1024 learned positions).
        QTest::newRow("llama-3-8b") << "llama-3-8b.config.json" << qint64(8'030'261'248);
        QTest::newRow("qwen2-7b") << "qwen2-7b.config.json" << qint64(7'615'616'512);
        QTest::newRow("gpt2") << "gpt2.config.json" << qint64(124'439'808);
        // EleutherAI's published configs; counts = transformers num_parameters() (untied
        // embed_out, rotary embeddings hold no parameters): 20,554,567,680 is the figure of
        // Black et al. 2022 ("GPT-NeoX-20B", Table 1 rounds it to 20.55 B).
        QTest::newRow("gpt-neox-20b") << "gpt-neox-20b.config.json" << qint64(20'554'567'680);
        QTest::newRow("pythia-160m") << "pythia-160m.config.json" << qint64(162'322'944);
    }
    void publishedParameterCounts()
    {
        QFETCH(QString, file);
        QFETCH(qint64, parameters);
        const ModelSpec m = load(file.toUtf8().constData());
        QCOMPARE(qint64(m.parameterCount()), parameters);
    }

    void llamaStructure()
    {
        const ModelSpec m = load("llama-3-8b.config.json");
        QCOMPARE(m.family, std::string("llama"));
        QVERIFY(m.dtype == DType::Bf16);
        QCOMPARE(m.num_blocks, 32);
        QCOMPARE(m.seq_len, 8192.0);
        // embedding + 32 × (norm, attention, norm, mlp) + final norm + lm_head
        QCOMPARE(m.layers.size(), std::size_t(1 + 32 * 4 + 2));
        QCOMPARE(m.layers.front().parameters, std::int64_t(128256) * 4096);
        // Q 4096², K and V 4096·1024 each (8 KV heads of 128), O 4096²
        QCOMPARE(m.layers[2].parameters, std::int64_t(2 * 4096 * 4096 + 2 * 4096 * 1024));
        QCOMPARE(m.layers[4].parameters, std::int64_t(3) * 4096 * 14336);
        QCOMPARE(m.layers.back().parameters, std::int64_t(128256) * 4096); // untied
        // bf16 gradients are 2 bytes per parameter, fp32 4, fp8 1.
        QCOMPARE(m.gradientBytes(), 2.0 * 8'030'261'248.0);
        QCOMPARE(m.gradientBytes(DType::Fp32), 4.0 * 8'030'261'248.0);
        QCOMPARE(m.gradientBytes(DType::Fp8), 8'030'261'248.0);
    }

    void gpt2TiedHeadHasFlopsButNoParameters()
    {
        const ModelSpec m = load("gpt2.config.json");
        QVERIFY(m.layers.back().kind == LayerKind::LmHead);
        QCOMPARE(m.layers.back().parameters, std::int64_t(0));
        QCOMPARE(m.layers.back().forwardFlopsPerToken(m.seq_len), 2.0 * 768 * 50257);
        QVERIFY(m.dtype == DType::Fp32); // no torch_dtype → transformers' fp32 default
        QCOMPARE(m.seq_len, 1024.0);
    }

    void neoxClosedForm()
    {
        // Independent closed form of a GPT-NeoX block with biases and two LayerNorms:
        // 4h² + 4h (QKV + dense) + 2·h·I + I + h (MLP) + 4h (LNs); untied embeddings.
        const double h = 6144, I = 24576, L = 44, V = 50432;
        const double block = 4 * h * h + 4 * h + 2 * h * I + I + h + 4 * h;
        const ModelSpec m = load("gpt-neox-20b.config.json");
        QCOMPARE(double(m.parameterCount()), L * block + 2 * V * h + 2 * h);
        QVERIFY(m.dtype == DType::Fp16);
        QCOMPARE(m.num_blocks, 44);
    }

    void dtypeKeys()
    {
        using nlohmann::json;
        json c = {{"model_type", "llama"},       {"hidden_size", 64}, {"num_hidden_layers", 2},
                  {"num_attention_heads", 4},    {"vocab_size", 10},  {"intermediate_size", 128},
                  {"tie_word_embeddings", false}};
        QVERIFY(modelFromHfConfig(c).dtype == DType::Fp32); // neither key: fp32
        c["torch_dtype"] = "float16";
        QVERIFY(modelFromHfConfig(c).dtype == DType::Fp16);
        c["dtype"] = "bfloat16"; // transformers ≥ 4.56 writes "dtype"; it wins
        QVERIFY(modelFromHfConfig(c).dtype == DType::Bf16);
        c.erase("torch_dtype");
        QVERIFY(modelFromHfConfig(c).dtype == DType::Bf16);
        // The auditor's new-style Llama-3-8B config (only "dtype") → 16-bit gradients.
        const json newLlama = {{"architectures", {"LlamaForCausalLM"}},
                               {"model_type", "llama"},
                               {"hidden_size", 4096},
                               {"intermediate_size", 14336},
                               {"num_hidden_layers", 32},
                               {"num_attention_heads", 32},
                               {"num_key_value_heads", 8},
                               {"vocab_size", 128256},
                               {"max_position_embeddings", 131072},
                               {"tie_word_embeddings", false},
                               {"dtype", "bfloat16"}};
        const ModelSpec m = modelFromHfConfig(newLlama);
        QCOMPARE(m.gradientBytes(), 2.0 * 8'030'261'248.0);
    }

    void kaplanFormForLlama()
    {
        // Forward FLOPs per token = 2·N_matmul + 4·L·s·d_attn (both attention GEMMs; PaLM,
        // Chowdhery et al. 2022 App. B, has 3× this for training). N_matmul = all parameters
        // except embeddings and norms.
        const ModelSpec m = load("llama-3-8b.config.json").withSeqLen(4096);
        const double L = 32, h = 4096, s = 4096, V = 128256;
        const double nMatmul = 8'030'261'248.0 - V * h - (2 * L + 1) * h;
        const double forward = 2 * nMatmul + 4 * L * s * h;
        QCOMPARE(m.forwardFlopsPerToken(), forward);
        QCOMPARE(m.trainingFlopsPerToken(), 3 * forward);
        QCOMPARE(m.trainingFlopsPerToken(true), 4 * forward);
    }

    void narayananFormulaForGpt3()
    {
        // Narayanan et al. 2021 eq. (3) without recomputation: 72·B·s·L·h²·(1 + s/(6h) +
        // V/(12hL)) FLOPs for a batch of B sequences. Per token divide by B·s.
        const ModelSpec m = modelPreset("gpt-3-175b");
        const double L = 96, h = 12288, s = 2048, V = 50257;
        const double perToken = 72.0 * L * h * h * (1 + s / (6 * h) + V / (12 * h * L));
        // Biases and LayerNorms carry no GEMM FLOPs, so the layer sum must agree exactly.
        QCOMPARE(m.trainingFlopsPerToken(), perToken);
        QCOMPARE(m.parameterCount(), std::int64_t(174'604'259'328));
    }

    void seqLenOverrideChangesOnlyAttention()
    {
        const ModelSpec a = load("qwen2-7b.config.json");
        QCOMPARE(a.seq_len, kDefaultMaxSeqLen); // min(131072, 8192)
        const ModelSpec b = a.withSeqLen(2048);
        // Δ forward = 4·L·Δs·(a·d) with 28 heads of 128 = 3584
        QCOMPARE(a.forwardFlopsPerToken() - b.forwardFlopsPerToken(),
                 4.0 * 28 * (8192 - 2048) * 3584);
        QCOMPARE(a.parameterCount(), b.parameterCount());
    }

    void badConfigsAreRejected()
    {
        using nlohmann::json;
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 modelFromHfConfig(json{{"model_type", "t5"}, {"hidden_size", 8}}));
        QVERIFY_THROWS_EXCEPTION(InputError, modelFromHfConfig(json{{"model_type", "llama"}}));
        QVERIFY_THROWS_EXCEPTION(InputError, modelFromHfConfig(json{{"model_type", "llama"},
                                                                    {"hidden_size", 64},
                                                                    {"num_hidden_layers", 2},
                                                                    {"num_attention_heads", 4},
                                                                    {"num_key_value_heads", 3},
                                                                    {"intermediate_size", 128},
                                                                    {"vocab_size", 10}}));
        try {
            modelFromHfConfig(json{{"model_type", "llama"}, {"hidden_size", "big"}});
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.location(), std::string("/hidden_size"));
        }
    }

    void jsonRoundTrip()
    {
        const ModelSpec m = load("qwen2-7b.config.json");
        const ModelSpec back = modelSpecFromJson(toJson(m));
        QCOMPARE(back.parameterCount(), m.parameterCount());
        QVERIFY(back.layers == m.layers);
        QCOMPARE(back.forwardFlopsPerToken(), m.forwardFlopsPerToken());
        QCOMPARE(back.activationBytesPerToken(4096, false), m.activationBytesPerToken(4096, false));
    }

    void loaderDetectsConfig()
    {
        const ModelSpec m =
            loadModelFile(test::dataPath("models/llama-3-8b.config.json").toStdString(), 2048.0);
        QCOMPARE(m.parameterCount(), std::int64_t(8'030'261'248));
        QCOMPARE(m.seq_len, 2048.0);
    }
};

MERIDIAN_TEST(HfConfigImportTest)
#include "HfConfigImportTest.moc"
