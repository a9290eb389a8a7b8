// Memory feasibility: ZeRO sharding of mixed-precision Adam states plus activations.
#include "meridian/workload/MemoryModel.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/ModelCatalogue.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::workload;

class MemoryModelTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void llama70bDoesNotFitOneGpu()
    {
        const ModelSpec m = modelPreset("llama-3-70b");
        const DeviceSpec gpu = devicePreset("A100-80GB");
        MemoryPlan plan; // ZeRO-0, one device
        plan.micro_batch_tokens = 4096;
        const auto r = estimateMemory(m, gpu, plan);
        const double psi = 70'553'706'496.0;
        // 2Ψ + 2Ψ + 12Ψ = 16Ψ bytes of model states (ZeRO paper).
        QCOMPARE(r.weights_bytes + r.gradients_bytes + r.optimizer_bytes, 16 * psi);
        QVERIFY(!r.fits);
        QCOMPARE(r.capacity_bytes, 80.0 * 1024 * 1024 * 1024); // 80 GiB of HBM2e
        QVERIFY(r.message.find("does not fit") != std::string::npos);
        QVERIFY(r.message.find("A100-80GB") != std::string::npos);
    }

    void llama70bFitsWithZero3Over64()
    {
        const ModelSpec m = modelPreset("llama-3-70b");
        MemoryPlan plan;
        plan.zero_stage = 3;
        plan.dp_size = 64;
        plan.micro_batch_tokens = 4096;
        plan.recompute = true;
        const auto r = estimateMemory(m, devicePreset("A100-80GB"), plan);
        const double psi = 70'553'706'496.0;
        QCOMPARE(r.weights_bytes + r.gradients_bytes + r.optimizer_bytes, 16 * psi / 64);
        // Recomputation keeps one h-vector per block per token: 80 · 8192 · 2 B · 4096 tokens
        // plus one block's activations.
        QVERIFY(r.activation_bytes > 80.0 * 8192 * 2 * 4096);
        QVERIFY(r.fits);
        QVERIFY(r.message.find("fits") != std::string::npos);
    }

    void zeroStagesShardProgressively()
    {
        const ModelSpec m = modelPreset("llama-3-8b");
        const DeviceSpec gpu = devicePreset("H100-SXM");
        const double psi = 8'030'261'248.0;
        const int n = 8;
        const double expected[4][3] = {{2 * psi, 2 * psi, 12 * psi},
                                       {2 * psi, 2 * psi, 12 * psi / n},
                                       {2 * psi, 2 * psi / n, 12 * psi / n},
                                       {2 * psi / n, 2 * psi / n, 12 * psi / n}};
        for (int stage = 0; stage <= 3; ++stage) {
            MemoryPlan plan;
            plan.zero_stage = stage;
            plan.dp_size = n;
            const auto r = estimateMemory(m, gpu, plan);
            QCOMPARE(r.weights_bytes, expected[stage][0]);
            QCOMPARE(r.gradients_bytes, expected[stage][1]);
            QCOMPARE(r.optimizer_bytes, expected[stage][2]);
            QCOMPARE(r.total_bytes,
                     r.weights_bytes + r.gradients_bytes + r.optimizer_bytes + r.activation_bytes);
        }
    }

    void activationsFollowKorthikanti()
    {
        // GPT-3 block without FlashAttention: s·b·h·(34 + 5·a·s/h) bytes per block
        // (Korthikanti et al. 2022 eq. 2, 16-bit), plus norms/head outside the blocks.
        const ModelSpec m = modelPreset("gpt-3-175b");
        const double h = 12288, a = 96, s = 2048;
        const double perBlockPerToken = h * (34 + 5 * a * s / h);
        double blocks = 0.0;
        for (const auto& l : m.layers)
            if (l.name.rfind("layers.", 0) == 0)
                blocks += l.activationBytesPerToken(s, false);
        QCOMPARE(blocks, 96 * perBlockPerToken);
    }

    void invalidPlansAreRejected()
    {
        const ModelSpec m = modelPreset("resnet-50");
        const DeviceSpec gpu = devicePreset("h20");
        MemoryPlan plan;
        plan.zero_stage = 4;
        QVERIFY_THROWS_EXCEPTION(InputError, estimateMemory(m, gpu, plan));
        plan.zero_stage = 1;
        plan.dp_size = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, estimateMemory(m, gpu, plan));
    }

    void modelPresetsLoad()
    {
        const auto& cat = ModelCatalogue::builtin();
        QCOMPARE(cat.entries().size(), std::size_t(8));
        for (const auto& e : cat.entries()) {
            QVERIFY2(e.model.parameterCount() > 0, e.id.c_str());
            QVERIFY2(e.model.forwardFlopsPerToken() > 0, e.id.c_str());
            QVERIFY2(!e.model.source.empty(), e.id.c_str());
        }
        QCOMPARE(modelPreset("ResNet-50").parameterCount(), std::int64_t(25'557'032));
        // 4.09 GMACs per image = 8.18 GFLOPs
        QVERIFY(qAbs(modelPreset("resnet-50").forwardFlopsPerToken() - 8.178e9) < 0.01e9);
        QCOMPARE(modelPreset("vgg-16").parameterCount(), std::int64_t(138'357'544));
        QVERIFY(qAbs(modelPreset("vgg-16").forwardFlopsPerToken() - 30.94e9) < 0.01e9);
        QCOMPARE(modelPreset("LLAMA-3-70B").parameterCount(), std::int64_t(70'553'706'496));
        // INTELLECT-1 (prime's llama3_configs["10B"]): 42 × (2h² + 2·h·1024 + 3·h·14336 + 2h)
        // + 2·V·h + h with h = 4096, V = 128256; forward at s = 8192: 2 × 9,685,696,512 matmul
        // parameters + 4·L·s·h (attention scores and context).
        QCOMPARE(modelPreset("intellect-1-10b").parameterCount(), std::int64_t(10'211'381'248));
        QCOMPARE(modelPreset("intellect-1-10b").forwardFlopsPerToken(), 25'008'537'600.0);
        // OpenDiLoCo's 1.1B (config_1b.json, vocabulary 32000, untied): 22 × (2h² + 2·h·256 +
        // 3·h·5632 + 2h) + 2·V·h + h with h = 2048, V = 32000; forward at s = 1024: 2 ×
        // 1,034,420,224 matmul parameters + 4·L·s·h.
        QCOMPARE(modelPreset("opendiloco-1b").parameterCount(), std::int64_t(1'100'048'384));
        QCOMPARE(modelPreset("opendiloco-1b").forwardFlopsPerToken(), 2'253'389'824.0);
        QVERIFY_THROWS_EXCEPTION(InputError, modelPreset("no-such-model"));
    }
};

MERIDIAN_TEST(MemoryModelTest)
#include "MemoryModelTest.moc"
