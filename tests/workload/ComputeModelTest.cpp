// Roofline and systolic compute-time models, and the device catalogue.
#include "meridian/workload/ComputeModel.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/ModelCatalogue.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::workload;

class ComputeModelTest : public QObject
{
    Q_OBJECT
private:
    static DeviceSpec toyDevice()
    {
        DeviceSpec d;
        d.id = d.name = "toy";
        d.peak_flops[DType::Bf16] = 100e12;
        d.memory_bytes = 16e9;
        d.memory_bandwidth_bytes_per_s = 1e12;
        return d;
    }

private Q_SLOTS:
    void devicePresetsLoad()
    {
        const auto& cat = DeviceCatalogue::builtin();
        QVERIFY(cat.devices().size() >= 6);
        for (const auto& d : cat.devices()) {
            QVERIFY2(d.peakFlops(DType::Bf16) > 0, d.id.c_str());
            QVERIFY(d.memory_bytes > 0);
            QVERIFY(d.memory_bandwidth_bytes_per_s > 0);
            QVERIFY2(!d.source.empty(), d.id.c_str());
        }
        // Case-insensitive, by name or id.
        QCOMPARE(devicePreset("A100-80GB").peakFlops(DType::Bf16), 312e12);
        QCOMPARE(devicePreset("a100-80gb").memory_bytes, 80e9);
        QCOMPARE(devicePreset("H100-SXM").peakFlops(DType::Fp8), 1979e12);
        QVERIFY_THROWS_EXCEPTION(InputError, devicePreset("no-such-gpu"));
        QVERIFY_THROWS_EXCEPTION(InputError, devicePreset("A100-80GB").peakFlops(DType::Fp8));
        // TPU v4: 8 MXUs of 128×128 at 1.05 GHz = 275 TFLOP/s, matching its stated peak.
        const DeviceSpec tpu = devicePreset("tpu-v4-like");
        QVERIFY(tpu.systolic.has_value());
        QVERIFY(qAbs(tpu.systolic->peakFlops() - 275e12) / 275e12 < 0.01);
    }

    void rooflineComputeBound()
    {
        // 1e15 FLOPs at 100 TFLOP/s · 0.4 = 25 s; 1e12 bytes at 1 TB/s = 1 s.
        const ComputeModel cm;
        const auto e = cm.roofline(1e15, 1e12, toyDevice(), DType::Bf16);
        QCOMPARE(e.compute_s, 25.0);
        QCOMPARE(e.memory_s, 1.0);
        QCOMPARE(e.time_s, 25.0);
        QVERIFY(!e.memory_bound);
    }

    void rooflineMemoryBound()
    {
        // 1e12 FLOPs at 100 TFLOP/s · 0.5 = 0.02 s; 1e11 bytes at 1 TB/s = 0.1 s.
        const ComputeModel cm(ComputeOptions{0.5, false, true});
        const auto e = cm.roofline(1e12, 1e11, toyDevice(), DType::Bf16);
        QCOMPARE(e.time_s, 0.1);
        QVERIFY(e.memory_bound);
        QVERIFY_THROWS_EXCEPTION(InputError, ComputeModel(ComputeOptions{0.0, false, true})
                                                 .roofline(1, 1, toyDevice(), DType::Bf16));
    }

    void systolicHandComputed()
    {
        // M=100, K=64, N=50 on an 8×8 array: folds = ⌈100/8⌉·⌈50/8⌉ = 13·7 = 91;
        // cycles per fold = 2·8 + 8 + 64 − 2 = 86; total 91·86 = 7826.
        QCOMPARE(ComputeModel::systolicCycles(100, 64, 50, 8, 8), std::int64_t(7826));
        // Four arrays share the 91 folds: ⌈91/4⌉ = 23 rounds → 23·86 = 1978.
        QCOMPARE(ComputeModel::systolicCycles(100, 64, 50, 8, 8, 4), std::int64_t(1978));
        // One fold exactly: 8×8×8 → 2·8 + 8 + 8 − 2 = 30 cycles.
        QCOMPARE(ComputeModel::systolicCycles(8, 8, 8, 8, 8), std::int64_t(30));
        SystolicSpec a{8, 8, 4, 1e9};
        QCOMPARE(ComputeModel::systolicGemmTimeS(100, 64, 50, 1, a), 1978e-9);
    }

    void trainingStepRoofline()
    {
        // Llama-3-8B, 4096 tokens on an A100: compute term = tokens · 3F / (312e12 · 0.4).
        const ModelSpec m = modelPreset("llama-3-8b").withSeqLen(4096);
        const DeviceSpec a100 = devicePreset("A100-80GB");
        const auto e = ComputeModel().trainingStep(m, a100, 4096);
        const double flops = 4096 * 3 * m.forwardFlopsPerToken();
        QCOMPARE(e.flops, flops);
        QCOMPARE(e.compute_s, flops / (312e12 * 0.4));
        QCOMPARE(e.method, std::string("roofline"));
        QVERIFY(!e.memory_bound);
        // Heterogeneous devices: the same step is faster on an H100 by the peak ratio.
        const auto h = ComputeModel().trainingStep(m, devicePreset("H100-SXM"), 4096);
        QCOMPARE(e.compute_s / h.compute_s, 989.0 / 312.0);
    }

    void trainingStepSystolic()
    {
        // On the TPU-like device the cycle model applies; its utilisation can not exceed 1.
        const ModelSpec m = modelPreset("llama-3-8b").withSeqLen(2048);
        const DeviceSpec tpu = devicePreset("tpu-v4-like");
        const auto e = ComputeModel().trainingStep(m, tpu, 2048);
        QCOMPARE(e.method, std::string("systolic"));
        const double ideal = e.flops / tpu.systolic->peakFlops();
        QVERIFY(e.compute_s >= ideal);
        QVERIFY(e.compute_s < 2 * ideal); // large GEMMs fill 128×128 arrays well
    }
};

MERIDIAN_TEST(ComputeModelTest)
#include "ComputeModelTest.moc"
