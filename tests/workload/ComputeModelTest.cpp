// Roofline and systolic compute-time models, and the device catalogue.
#include "meridian/workload/ComputeModel.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/DeviceSpec.hpp"
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
        // HBM is sized in GiB: the "80 GB" A100 holds 80 · 2³⁰ = 85,899,345,920 bytes.
        QCOMPARE(devicePreset("a100-80gb").memory_bytes, 85899345920.0);
        QCOMPARE(devicePreset("tpu-v4-like").memory_bytes, 32.0 * 1073741824.0);
        QCOMPARE(devicePreset("h20").memory_bytes, 96.0 * 1073741824.0);
        QCOMPARE(devicePreset("H100-SXM").peakFlops(DType::Fp8), 1979e12);
        QVERIFY_THROWS_EXCEPTION(InputError, devicePreset("no-such-gpu"));
        QVERIFY_THROWS_EXCEPTION(InputError, devicePreset("A100-80GB").peakFlops(DType::Fp8));
        // TPU v4: 8 MXUs of 128×128 at 1.05 GHz = 275 TFLOP/s, matching its stated peak.
        const DeviceSpec tpu = devicePreset("tpu-v4-like");
        QVERIFY(tpu.systolic.has_value());
        QVERIFY(qAbs(tpu.systolic->peakFlops() - 275e12) / 275e12 < 0.01);
    }

    void deviceMemoryKeys()
    {
        nlohmann::json j = {
            {"name", "x"}, {"peak_tflops", {{"bf16", 1}}}, {"memory_bandwidth_gb_per_s", 1}};
        j["memory_gib"] = 16;
        QCOMPARE(deviceSpecFromJson(j).memory_bytes, 17179869184.0);
        QCOMPARE(toJson(deviceSpecFromJson(j)).at("memory_gib").get<double>(), 16.0);
        j["memory_gb"] = 16; // both: ambiguous
        QVERIFY_THROWS_EXCEPTION(InputError, deviceSpecFromJson(j));
        j.erase("memory_gib"); // legacy decimal key still read
        QCOMPARE(deviceSpecFromJson(j).memory_bytes, 16e9);
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
        // η defaults to the MFU (0.4), as on the roofline path.
        QVERIFY(e.compute_s >= ideal / 0.4);
        QVERIFY(e.compute_s < 2 * ideal / 0.4); // large GEMMs fill 128×128 arrays well
        ComputeOptions raw;
        raw.systolic_efficiency = 1.0;
        const auto r = ComputeModel(raw).trainingStep(m, tpu, 2048);
        QVERIFY(r.compute_s >= ideal);
        QVERIFY(qAbs(e.compute_s / r.compute_s - 1.0 / 0.4) < 1e-9); // all GEMMs here
    }

    void systolicEfficiencyHandComputed()
    {
        // One 128×128 weight applied to 128 tokens on one 128×128 array at 1 GHz: forward,
        // dX and dW are each one fold of 2·128 + 128 + 128 − 2 = 510 cycles → 1530 ns raw.
        ModelSpec m;
        m.name = "one-gemm";
        m.dtype = DType::Bf16;
        m.seq_len = 128;
        LayerSpec l;
        l.name = "w";
        l.parameters = 128 * 128;
        l.gemms.push_back(GemmSpec{1.0, 128.0, 128.0, 1.0, GemmScope::Batch});
        m.layers.push_back(l);
        DeviceSpec d = toyDevice();
        d.systolic = SystolicSpec{128, 128, 1, 1e9};
        d.peak_flops[DType::Bf16] = d.systolic->peakFlops();
        const auto e = ComputeModel(ComputeOptions{0.5, false, true}).trainingStep(m, d, 128);
        QCOMPARE(e.compute_s, 1530e-9 / 0.5);
        ComputeOptions o{0.5, false, true};
        o.systolic_efficiency = 0.8; // explicit η overrides the MFU
        QCOMPARE(ComputeModel(o).trainingStep(m, d, 128).compute_s, 1530e-9 / 0.8);
        o.systolic_efficiency = 1.5;
        QVERIFY_THROWS_EXCEPTION(InputError, ComputeModel(o).trainingStep(m, d, 128));
        // The roofline path on the same work: 3 · 2·128·128·128 FLOPs / (peak · 0.5).
        const auto roof = ComputeModel(ComputeOptions{0.5, false, false}).trainingStep(m, d, 128);
        QCOMPARE(roof.compute_s, 3 * 2.0 * 128 * 128 * 128 / (d.systolic->peakFlops() * 0.5));
    }
};

MERIDIAN_TEST(ComputeModelTest)
#include "ComputeModelTest.moc"
