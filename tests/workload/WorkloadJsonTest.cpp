// Model, device and Hugging Face config files are read by io::ObjectReader in its lenient
// mode: unknown keys and null values are ignored, and every error names the JSON path and
// what was found there.
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/DeviceSpec.hpp"
#include "meridian/workload/HfConfigImport.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <QtTest/QtTest>
#include <functional>

using namespace meridian;
using namespace meridian::workload;
using nlohmann::json;

class WorkloadJsonTest : public QObject
{
    Q_OBJECT
    /// Location and problem of the InputError `read` throws.
    static std::pair<std::string, std::string> errorOf(const std::function<void()>& read)
    {
        try {
            read();
        } catch (const InputError& e) {
            return {e.location(), e.problem()};
        }
        return {"(no error)", ""};
    }

    static json device()
    {
        return json{{"id", "x"},
                    {"peak_tflops", {{"bf16", 100}}},
                    {"memory_gib", 80},
                    {"memory_bandwidth_gb_per_s", 2000}};
    }

    static json llama()
    {
        return json{{"model_type", "llama"},    {"hidden_size", 64},
                    {"num_hidden_layers", 2},   {"num_attention_heads", 4},
                    {"intermediate_size", 128}, {"vocab_size", 10}};
    }

private Q_SLOTS:
    void unknownKeysAndNullsAreIgnored()
    {
        json d = device();
        d["vendor"] = nullptr;
        d["launch_year"] = 2020;
        QCOMPARE(deviceSpecFromJson(d).vendor, std::string());
        json c = llama();
        c["rope_scaling"] = nullptr;        // Hugging Face writes null for unset options
        c["tie_word_embeddings"] = nullptr; // read as absent: the family's default
        c["use_cache"] = true;
        QCOMPARE(modelFromHfConfig(c).num_blocks, 2);
    }

    void errorsNameThePathAndWhatWasFound()
    {
        json d = device();
        d["systolic"] = {{"rows", -1}};
        QCOMPARE(
            errorOf([&] { deviceSpecFromJson(d); }),
            std::make_pair(std::string("/systolic/rows"), std::string("must not be negative")));
        d["systolic"] = 4;
        QCOMPARE(errorOf([&] { deviceSpecFromJson(d); }),
                 std::make_pair(std::string("/systolic"),
                                std::string("expected an object, got a number")));
        d = device();
        d["kind"] = 3;
        QCOMPARE(
            errorOf([&] { deviceSpecFromJson(d); }),
            std::make_pair(std::string("/kind"), std::string("expected a string, got a number")));

        const json model = {
            {"name", "m"},
            {"layers",
             json::array({{{"kind", "mlp"}, {"gemms", json::array({{{"k", 0}, {"n", 4}}})}}})}};
        QCOMPARE(errorOf([&] { modelSpecFromJson(model); }),
                 std::make_pair(std::string("/layers/0/gemms/0/k"),
                                std::string("expected a positive number or \"s\"")));
        json c = llama();
        c["vocab_size"] = 1.5;
        QCOMPARE(
            errorOf([&] { modelFromHfConfig(c); }),
            std::make_pair(std::string("/vocab_size"), std::string("expected a positive integer")));
        const json preset = {{"name", "p"}, {"hf_config", llama()}, {"seq_len", "long"}};
        QCOMPARE(errorOf([&] { modelFromPresetJson(preset); }),
                 std::make_pair(std::string("/seq_len"),
                                std::string("expected a number, got a string")));
    }
};

MERIDIAN_TEST(WorkloadJsonTest)
#include "WorkloadJsonTest.moc"
