// ONNX import on Debian's libonnx-testdata single-operator models, against closed forms.
#include "meridian/workload/OnnxImport.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>

using namespace meridian;
using namespace meridian::workload;

namespace {
const QString kData = "/usr/share/libonnx-testdata/data/";
}

class OnnxImportTest : public QObject
{
    Q_OBJECT
private:
    static ModelSpec load(const QString& rel)
    {
        const QString path = kData + rel + "/model.onnx";
        if (!QFile::exists(path))
            return {};
        return readOnnx(path.toStdString());
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFile::exists(kData))
            QSKIP("libonnx-testdata is not installed");
    }

    void conv2dWithBias()
    {
        // x [2,3,7,5], W [4,3,3,2], bias [4], stride 1, no padding → y [2,4,5,4].
        const ModelSpec m = load("pytorch-converted/test_Conv2d");
        QCOMPARE(m.parameterCount(), std::int64_t(4 * 3 * 3 * 2 + 4));
        QCOMPARE(m.layers.size(), std::size_t(1));
        QVERIFY(m.layers[0].kind == LayerKind::Conv);
        const double outPixels = (7 - 3 + 1) * (5 - 2 + 1);
        const double total = 2.0 * 2 * 4 * outPixels * 3 * 3 * 2; // 2·N·Cout·HW·Cin·kh·kw
        QCOMPARE(m.forwardFlopsPerToken(), total / 2);            // per sample
        QCOMPARE(m.unit, std::string("sample"));
        QVERIFY(m.dtype == DType::Fp32);
    }

    void linearAsGemm()
    {
        // x [4,10] · Wᵀ, W [8,10], bias [8] (transB = 1).
        const ModelSpec m = load("pytorch-converted/test_Linear");
        QCOMPARE(m.parameterCount(), std::int64_t(8 * 10 + 8));
        QCOMPARE(m.forwardFlopsPerToken(), 2.0 * 4 * 10 * 8 / 4);
    }

    void convWithStridesAndPadding()
    {
        // x [1,1,7,5], W [1,1,3,3], pads 1, strides 2 → out ⌊(7+2−3)/2⌋+1 = 4 by
        // ⌊(5+2−3)/2⌋+1 = 3; weights are graph inputs here, not initializers.
        const ModelSpec m = load("node/test_conv_with_strides_padding");
        QCOMPARE(m.parameterCount(), std::int64_t(0));
        QCOMPARE(m.forwardFlopsPerToken(), 2.0 * 4 * 3 * 9);
    }

    void gemmTransposeA()
    {
        // a [6,3] with transA → M = 3, K = 6; b [6,4] → N = 4. Batch = first dim of a = 6.
        const ModelSpec m = load("node/test_gemm_transposeA");
        QCOMPARE(m.forwardFlopsPerToken(), 2.0 * 3 * 6 * 4 / 6);
    }

    void batchedMatmul()
    {
        // [1,2,3,4] · [1,2,4,3]: 2 batched 3×4·4×3 products, batch 1.
        QCOMPARE(load("node/test_matmul_4d").forwardFlopsPerToken(), 2.0 * 2 * 3 * 4 * 3);
        // [3,4] · [4,3], batch (first dim) 3.
        QCOMPARE(load("node/test_matmul_2d").forwardFlopsPerToken(), 2.0 * 3 * 4 * 3 / 3);
    }

    void truncatedFileIsRejected()
    {
        QFile f(kData + "pytorch-converted/test_Conv2d/model.onnx");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        QTemporaryDir dir;
        const std::string cut = dir.filePath("cut.onnx").toStdString();
        std::ofstream(cut, std::ios::binary).write(all.constData(), all.size() / 2);
        QVERIFY_THROWS_EXCEPTION(InputError, loadModelFile(cut));
        const std::string junk = dir.filePath("junk.onnx").toStdString();
        std::ofstream(junk, std::ios::binary) << "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff";
        QVERIFY_THROWS_EXCEPTION(InputError, loadModelFile(junk));
    }
};

MERIDIAN_TEST(OnnxImportTest)
#include "OnnxImportTest.moc"
