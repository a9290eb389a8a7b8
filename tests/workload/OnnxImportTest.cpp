// ONNX import on Debian's libonnx-testdata single-operator models, against closed forms.
#include "meridian/workload/OnnxImport.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>
#include <onnx/onnx_pb.h>

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

    void linearNoBiasThroughTranspose()
    {
        // PyTorch's Linear without bias exports as Transpose(W) → MatMul: x [4,10], W [8,10]
        // → Wᵀ [10,8] → y [4,8]. The Transpose output shape comes from shape inference.
        const ModelSpec m = load("pytorch-converted/test_Linear_no_bias");
        QCOMPARE(m.parameterCount(), std::int64_t(8 * 10));
        QCOMPARE(m.forwardFlopsPerToken(), 2.0 * 4 * 10 * 8 / 4);
    }

    void attentionBlockHandComputed()
    {
        // Self-attention as exporters emit it: x [B=2, S=4, D=8]; Q/K/V = x·W (8×8 each);
        // Reshape to [B,S,H=2,dh=4] (shape from an initializer for Q/K, from Constant nodes
        // for V and the output); Transpose to heads; scores = Q·Kᵀ / √dh; Softmax;
        // context = P·V; Transpose + Reshape back to [B,S,D]; output projection ·Wo.
        const std::int64_t B = 2, S = 4, D = 8, H = 2, dh = 4;
        onnx::ModelProto model;
        model.set_ir_version(7);
        model.add_opset_import()->set_version(13);
        onnx::GraphProto* g = model.mutable_graph();
        g->set_name("attention");
        auto dims = [](onnx::TensorProto* t, std::vector<std::int64_t> d) {
            for (auto v : d)
                t->add_dims(v);
        };
        auto weight = [&](const std::string& name) {
            onnx::TensorProto* t = g->add_initializer();
            t->set_name(name);
            t->set_data_type(onnx::TensorProto::FLOAT);
            dims(t, {D, D});
            for (std::int64_t i = 0; i < D * D; ++i)
                t->add_float_data(0.01f);
        };
        auto shapeTensor = [&](onnx::TensorProto* t, const std::string& name,
                               std::vector<std::int64_t> v) {
            t->set_name(name);
            t->set_data_type(onnx::TensorProto::INT64);
            dims(t, {static_cast<std::int64_t>(v.size())});
            for (auto x : v)
                t->add_int64_data(x);
        };
        auto node = [&](const std::string& op, std::vector<std::string> in,
                        const std::string& out) -> onnx::NodeProto* {
            onnx::NodeProto* n = g->add_node();
            n->set_op_type(op);
            n->set_name(out);
            for (const auto& i : in)
                n->add_input(i);
            n->add_output(out);
            return n;
        };
        auto perm = [](onnx::NodeProto* n, std::vector<std::int64_t> p) {
            onnx::AttributeProto* a = n->add_attribute();
            a->set_name("perm");
            a->set_type(onnx::AttributeProto::INTS);
            for (auto v : p)
                a->add_ints(v);
        };
        onnx::ValueInfoProto* x = g->add_input();
        x->set_name("x");
        x->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
        for (auto d : {B, S, D})
            x->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
        for (const char* w : {"Wq", "Wk", "Wv", "Wo"})
            weight(w);
        shapeTensor(g->add_initializer(), "split_heads", {B, S, H, dh});
        onnx::TensorProto* scale = g->add_initializer();
        scale->set_name("sqrt_dh");
        scale->set_data_type(onnx::TensorProto::FLOAT);
        scale->add_float_data(2.0f);
        onnx::NodeProto* c1 = node("Constant", {}, "split_heads_v");
        c1->add_attribute()->set_name("value");
        c1->mutable_attribute(0)->set_type(onnx::AttributeProto::TENSOR);
        shapeTensor(c1->mutable_attribute(0)->mutable_t(), "", {0, 0, H, dh}); // 0 = copy dim
        onnx::NodeProto* c2 = node("Constant", {}, "merge_heads");
        c2->add_attribute()->set_name("value");
        c2->mutable_attribute(0)->set_type(onnx::AttributeProto::TENSOR);
        shapeTensor(c2->mutable_attribute(0)->mutable_t(), "", {B, S, -1});
        node("MatMul", {"x", "Wq"}, "q");
        node("MatMul", {"x", "Wk"}, "k");
        node("MatMul", {"x", "Wv"}, "v");
        node("Reshape", {"q", "split_heads"}, "q4");
        node("Reshape", {"k", "split_heads"}, "k4");
        node("Reshape", {"v", "split_heads_v"}, "v4");
        perm(node("Transpose", {"q4"}, "qh"), {0, 2, 1, 3}); // [B,H,S,dh]
        perm(node("Transpose", {"k4"}, "kt"), {0, 2, 3, 1}); // [B,H,dh,S]
        perm(node("Transpose", {"v4"}, "vh"), {0, 2, 1, 3});
        node("MatMul", {"qh", "kt"}, "scores"); // [B,H,S,S]
        node("Div", {"scores", "sqrt_dh"}, "scaled");
        node("Softmax", {"scaled"}, "p");
        node("MatMul", {"p", "vh"}, "ctx");                      // [B,H,S,dh]
        perm(node("Transpose", {"ctx"}, "ctx_t"), {0, 2, 1, 3}); // [B,S,H,dh]
        node("Reshape", {"ctx_t", "merge_heads"}, "ctx_m");      // [B,S,D]
        node("MatMul", {"ctx_m", "Wo"}, "y");
        g->add_output()->set_name("y");
        std::string bytes;
        QVERIFY(model.SerializeToString(&bytes));

        const ModelSpec m = modelFromOnnx(bytes, "attention");
        // Hand count per batch: 4 projections 2·(B·S)·D·D, scores and context
        // 2·(B·H)·S·dh·S each; per sample divide by B.
        const double projections = 4 * 2.0 * B * S * D * D;
        const double attention = 2 * 2.0 * B * H * S * S * dh;
        QCOMPARE(m.forwardFlopsPerToken(), (projections + attention) / B);
        QCOMPARE(m.parameterCount(), std::int64_t(4 * D * D + 1));
        for (const auto& n : m.notes)
            QVERIFY2(n.find("shape unknown") == std::string::npos, n.c_str());
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
