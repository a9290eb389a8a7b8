#include "meridian/workload/OnnxImport.hpp"

#include "ProtoReader.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <exception>
#include <fstream>
#include <limits>
#include <map>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>
#include <optional>
#include <set>
#include <sstream>

namespace meridian::workload {

using detail::ProtoReader;

namespace {

using Shape = std::vector<std::int64_t>; // −1 = unknown dimension

struct Attribute
{
    std::optional<std::int64_t> i;
    std::vector<std::int64_t> ints;
    std::string s;
};

struct Node
{
    std::string name;
    std::string op;
    std::vector<std::string> inputs;
    std::vector<std::string> outputs;
    std::map<std::string, Attribute> attributes;
    bool has_subgraph = false;

    std::int64_t attrInt(const std::string& key, std::int64_t fallback) const
    {
        auto it = attributes.find(key);
        return it != attributes.end() && it->second.i ? *it->second.i : fallback;
    }
    std::vector<std::int64_t> attrInts(const std::string& key) const
    {
        auto it = attributes.find(key);
        return it == attributes.end() ? std::vector<std::int64_t>{} : it->second.ints;
    }
    std::string attrString(const std::string& key) const
    {
        auto it = attributes.find(key);
        return it == attributes.end() ? std::string{} : it->second.s;
    }
};

struct Initializer
{
    std::string name;
    Shape dims;
    int data_type = 0;
};

struct ValueInfo
{
    std::string name;
    Shape shape;
    bool has_shape = false;
    int elem_type = 0;
};

struct Graph
{
    std::vector<Node> nodes;
    std::vector<Initializer> initializers;
    std::vector<ValueInfo> inputs, outputs, value_info;
    std::string name;
};

// ONNX TensorProto.DataType values of floating-point types.
bool isFloatType(int t)
{
    return t == 1 || t == 10 || t == 11 || t == 16 || (t >= 17 && t <= 20);
}

std::optional<DType> dtypeOf(int t)
{
    switch (t) {
    case 1:
    case 11:
        return DType::Fp32;
    case 10:
        return DType::Fp16;
    case 16:
        return DType::Bf16;
    default:
        return t >= 17 && t <= 20 ? std::optional<DType>(DType::Fp8) : std::nullopt;
    }
}

Attribute parseAttribute(std::string_view data, std::string& name, bool& subgraph)
{
    Attribute a;
    ProtoReader r(data, "attribute");
    while (r.next()) {
        switch (r.field()) {
        case 1:
            name = std::string(r.bytes());
            break;
        case 3:
            a.i = r.int64();
            break;
        case 4:
            a.s = std::string(r.bytes());
            break;
        case 8:
            r.int64s(a.ints);
            break;
        case 6:
        case 11: // g, graphs: sub-graphs are not analysed
            subgraph = true;
            r.skip();
            break;
        default:
            r.skip();
        }
    }
    return a;
}

Node parseNode(std::string_view data)
{
    Node n;
    ProtoReader r(data, "node");
    while (r.next()) {
        switch (r.field()) {
        case 1:
            n.inputs.emplace_back(r.bytes());
            break;
        case 2:
            n.outputs.emplace_back(r.bytes());
            break;
        case 3:
            n.name = std::string(r.bytes());
            break;
        case 4:
            n.op = std::string(r.bytes());
            break;
        case 5: {
            std::string key;
            bool sub = false;
            Attribute a = parseAttribute(r.bytes(), key, sub);
            n.has_subgraph = n.has_subgraph || sub;
            n.attributes[key] = std::move(a);
            break;
        }
        default:
            r.skip();
        }
    }
    return n;
}

// Element and parameter counts are kept as int64 and as doubles: a tensor or a layer beyond
// 2^53 (exact in both; no model holds a petascale tensor) is refused before it overflows.
constexpr double kMaxCount = 9007199254740992.0; // 2^53

Initializer parseTensor(std::string_view data)
{
    Initializer t;
    ProtoReader r(data, "initializer");
    while (r.next()) {
        switch (r.field()) {
        case 1:
            r.int64s(t.dims);
            break;
        case 2:
            t.data_type = static_cast<int>(r.int64());
            break;
        case 8:
            t.name = std::string(r.bytes());
            break;
        default:
            r.skip();
        }
    }
    double elements = 1.0;
    for (auto d : t.dims) {
        if (d < 0)
            throw InputError({}, "initializer " + t.name, "negative dimension");
        elements *= static_cast<double>(d);
        if (elements > kMaxCount)
            throw InputError({}, "initializer " + (t.name.empty() ? "(unnamed)" : t.name),
                             "more than 2^53 elements (dimensions too large)");
    }
    return t;
}

ValueInfo parseValueInfo(std::string_view data)
{
    ValueInfo v;
    ProtoReader r(data, "value_info");
    while (r.next()) {
        if (r.field() == 1) {
            v.name = std::string(r.bytes());
        } else if (r.field() == 2 && r.wireType() == 2) {
            ProtoReader type(r.bytes(), "value_info " + v.name + " type");
            while (type.next()) {
                if (type.field() != 1 || type.wireType() != 2) { // tensor_type only
                    type.skip();
                    continue;
                }
                ProtoReader tensor(type.bytes(), "value_info " + v.name + " tensor_type");
                while (tensor.next()) {
                    if (tensor.field() == 1) {
                        v.elem_type = static_cast<int>(tensor.int64());
                    } else if (tensor.field() == 2 && tensor.wireType() == 2) {
                        v.has_shape = true;
                        ProtoReader shape(tensor.bytes(), "shape of " + v.name);
                        while (shape.next()) {
                            if (shape.field() != 1) {
                                shape.skip();
                                continue;
                            }
                            ProtoReader dim(shape.bytes(), "dimension of " + v.name);
                            std::int64_t value = -1;
                            while (dim.next()) {
                                if (dim.field() == 1 && dim.wireType() == 0)
                                    value = dim.int64();
                                else
                                    dim.skip();
                            }
                            v.shape.push_back(value > 0 ? value : -1);
                        }
                    } else {
                        tensor.skip();
                    }
                }
            }
        } else {
            r.skip();
        }
    }
    return v;
}

Graph parseGraph(std::string_view data)
{
    Graph g;
    ProtoReader r(data, "graph");
    while (r.next()) {
        switch (r.field()) {
        case 1:
            g.nodes.push_back(parseNode(r.bytes()));
            break;
        case 2:
            g.name = std::string(r.bytes());
            break;
        case 5:
            g.initializers.push_back(parseTensor(r.bytes()));
            break;
        case 11:
            g.inputs.push_back(parseValueInfo(r.bytes()));
            break;
        case 12:
            g.outputs.push_back(parseValueInfo(r.bytes()));
            break;
        case 13:
            g.value_info.push_back(parseValueInfo(r.bytes()));
            break;
        default:
            r.skip();
        }
    }
    return g;
}

bool known(const Shape& s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](auto d) { return d > 0; });
}

double product(const Shape& s, std::size_t from = 0, std::size_t to = std::string::npos)
{
    double p = 1.0;
    for (std::size_t i = from; i < std::min(to, s.size()); ++i)
        p *= static_cast<double>(s[i]);
    return p;
}

const std::set<std::string> kShapePreserving{"Relu",
                                             "LeakyRelu",
                                             "Sigmoid",
                                             "Tanh",
                                             "Gelu",
                                             "Erf",
                                             "Elu",
                                             "Selu",
                                             "Softplus",
                                             "HardSigmoid",
                                             "HardSwish",
                                             "Clip",
                                             "Dropout",
                                             "Identity",
                                             "Cast",
                                             "Sqrt",
                                             "Neg",
                                             "Exp",
                                             "Log",
                                             "Abs",
                                             "BatchNormalization",
                                             "LayerNormalization",
                                             "InstanceNormalization",
                                             "Softmax",
                                             "LogSoftmax",
                                             "LRN"};
const std::set<std::string> kBroadcastBinary{"Add", "Sub", "Mul", "Div",
                                             "Pow", "Sum", "Max", "Min"};

/// numpy broadcasting of two (fully known) shapes.
std::optional<Shape> broadcast(const Shape& a, const Shape& b)
{
    Shape out(std::max(a.size(), b.size()), 1);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::int64_t da = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
        const std::int64_t db = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
        if (da != db && da != 1 && db != 1)
            return std::nullopt;
        out[i] = std::max(da, db);
    }
    return out;
}

/// Runs libonnx's shape inference (with constant data propagation, so Reshape targets held in
/// initializers or Constant nodes are resolved) and returns the model re-serialized with the
/// inferred value_info. Returns nothing when libonnx cannot parse the bytes: the wire reader
/// below then reports where the input is malformed.
std::optional<std::string> withInferredShapes(std::string_view bytes,
                                              std::vector<std::string>& notes)
{
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        return std::nullopt;
    onnx::ModelProto proto;
    if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
        return std::nullopt;
    try {
        onnx::ShapeInferenceOptions options{/*check_type=*/false, /*error_mode=*/0,
                                            /*enable_data_propagation=*/true};
        onnx::shape_inference::InferShapes(proto, onnx::OpSchemaRegistry::Instance(), options);
    } catch (const std::exception& e) {
        notes.push_back(std::string("ONNX shape inference stopped: ") + e.what());
    }
    std::string out;
    if (!proto.SerializeToString(&out))
        return std::nullopt;
    return out;
}

/// The walk over a graph's nodes: known tensor shapes (from the initializers, the inferred
/// value_info and what earlier nodes produced), the initializers already counted, and the
/// parameters per element type.
class GraphWalk
{
public:
    GraphWalk(const Graph& graph, ModelSpec& model) : m_graph(graph), m_model(model)
    {
        for (const auto& t : graph.initializers) {
            m_inits[t.name] = &t;
            m_shapes[t.name] = t.dims;
        }
        for (const auto* list : {&graph.inputs, &graph.value_info, &graph.outputs})
            for (const auto& v : *list)
                if (v.has_shape && known(v.shape))
                    m_shapes[v.name] = v.shape;
        // Batch = first dimension of the first real (non-initializer) graph input.
        for (const auto& v : graph.inputs) {
            if (m_inits.count(v.name) != 0)
                continue;
            if (!v.shape.empty() && v.shape[0] > 0)
                m_batch = static_cast<double>(v.shape[0]);
            m_inputType = dtypeOf(v.elem_type);
            break;
        }
    }

    /// Adds a layer for every node that has parameters or GEMMs, then one for the float
    /// initializers no node used, and sets the model's dtype.
    void run()
    {
        for (std::size_t idx = 0; idx < m_graph.nodes.size(); ++idx)
            node(idx);
        LayerSpec unused;
        unused.name = "unused initializers";
        for (const auto& t : m_graph.initializers)
            if (isFloatType(t.data_type) && m_used.count(t.name) == 0) {
                const double count = product(t.dims);
                addParameters(unused, t.name, count);
                if (auto d = dtypeOf(t.data_type))
                    m_paramsByType[*d] += count;
            }
        if (unused.parameters > 0)
            m_model.layers.push_back(std::move(unused));
        if (m_model.layers.empty())
            throw InputError({}, "graph", "no parameters and no Conv/Gemm/MatMul nodes to model");

        // Model dtype: the type holding most parameters, else the first input's element type.
        double best = -1.0;
        m_model.dtype = m_inputType.value_or(DType::Fp32);
        for (const auto& [d, count] : m_paramsByType)
            if (count > best) {
                best = count;
                m_model.dtype = d;
            }
        const double scale = bytesPerElement(m_model.dtype) / 4.0;
        for (auto& l : m_model.layers)
            l.activation_bytes_per_token *= scale;
    }

private:
    /// Activation bytes are counted at 4 B an element and rescaled once the dtype is known.
    static constexpr double kElemBytes = 4.0;

    const Shape* shapeOf(const Node& n, std::size_t i) const
    {
        if (i >= n.inputs.size())
            return nullptr;
        auto it = m_shapes.find(n.inputs[i]);
        return it != m_shapes.end() && known(it->second) ? &it->second : nullptr;
    }

    void setOutput(const Node& n, const Shape& s)
    {
        if (!n.outputs.empty() && m_shapes.count(n.outputs[0]) == 0)
            m_shapes[n.outputs[0]] = s;
    }

    /// Adds initializer `name`'s `count` parameters (≤ 2^53, checked when it was read) to the
    /// layer; a sum beyond 2^53 is refused, naming it, instead of overflowing int64.
    static void addParameters(LayerSpec& layer, const std::string& name, double count)
    {
        if (static_cast<double>(layer.parameters) + count > kMaxCount)
            throw InputError({}, "initializer " + name, "parameter count beyond 2^53");
        layer.parameters += static_cast<std::int64_t>(count);
    }

    void countParameters(const Node& n, LayerSpec& layer)
    {
        for (const auto& in : n.inputs) {
            auto it = m_inits.find(in);
            if (it == m_inits.end() || !isFloatType(it->second->data_type) ||
                !m_used.insert(in).second)
                continue;
            const double count = product(it->second->dims);
            addParameters(layer, in, count);
            if (auto d = dtypeOf(it->second->data_type))
                m_paramsByType[*d] += count;
        }
    }

    void node(std::size_t idx)
    {
        const Node& n = m_graph.nodes[idx];
        LayerSpec layer;
        layer.name = n.name.empty() ? n.op + "_" + std::to_string(idx) : n.name;
        layer.kind = LayerKind::Other;
        countParameters(n, layer);
        if (n.has_subgraph)
            m_model.notes.push_back("node '" + layer.name + "' (" + n.op +
                                    "): sub-graph not analysed");
        const Shape* a = shapeOf(n, 0);
        const Shape* b = shapeOf(n, 1);
        bool missing = false;
        if (n.op == "Conv" || n.op == "ConvTranspose") {
            layer.kind = LayerKind::Conv;
            missing = a == nullptr || b == nullptr || a->size() < 3 || b->size() != a->size();
            if (!missing)
                conv(n, *a, *b, layer);
        } else if (n.op == "Gemm") {
            layer.kind = LayerKind::Gemm;
            missing = a == nullptr || b == nullptr || a->size() != 2 || b->size() != 2;
            if (!missing)
                gemm(n, *a, *b, layer);
        } else if (n.op == "MatMul") {
            layer.kind = LayerKind::Gemm;
            missing = a == nullptr || b == nullptr;
            if (!missing)
                matMul(n, *a, *b, layer);
        } else if (n.op == "Attention" || n.op == "MultiHeadAttention") {
            layer.kind = LayerKind::Attention;
            m_model.notes.push_back("node '" + layer.name + "' (" + n.op +
                                    "): fused attention FLOPs not counted");
        } else if (n.op == "BatchNormalization" || n.op == "LayerNormalization" ||
                   n.op == "InstanceNormalization") {
            layer.kind = LayerKind::Norm;
        } else if (n.op == "Gather" && n.inputs.size() > 0 && m_inits.count(n.inputs[0]) != 0) {
            layer.kind = LayerKind::Embedding;
        }
        if (missing)
            m_model.notes.push_back("node '" + layer.name + "' (" + n.op +
                                    "): operand shape unknown, FLOPs not counted");
        if (a != nullptr && kShapePreserving.count(n.op) != 0)
            setOutput(n, *a);
        else if (a != nullptr && b != nullptr && kBroadcastBinary.count(n.op) != 0)
            if (auto s = broadcast(*a, *b))
                setOutput(n, *s);
        if (layer.parameters > 0 || !layer.gemms.empty() || layer.kind == LayerKind::Attention)
            m_model.layers.push_back(std::move(layer));
    }

    /// Output spatial size of a Conv: given by the graph, else from pads/strides/dilations.
    Shape convOutput(const Node& n, const Shape& x, const Shape& w)
    {
        if (!n.outputs.empty()) {
            auto it = m_shapes.find(n.outputs[0]);
            if (it != m_shapes.end() && known(it->second) && it->second.size() == x.size())
                return it->second;
        }
        const std::size_t spatial = x.size() - 2;
        auto strides = n.attrInts("strides");
        auto dil = n.attrInts("dilations");
        auto pads = n.attrInts("pads");
        const std::string autoPad = n.attrString("auto_pad");
        Shape out = {x[0], w[0]};
        for (std::size_t i = 0; i < spatial; ++i) {
            const std::int64_t s = i < strides.size() ? strides[i] : 1;
            const std::int64_t d = i < dil.size() ? dil[i] : 1;
            const std::int64_t k = w[2 + i];
            const std::int64_t in = x[2 + i];
            std::int64_t o = 0;
            if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER")
                o = (in + s - 1) / s;
            else {
                const std::int64_t p = pads.size() == 2 * spatial ? pads[i] + pads[i + spatial] : 0;
                o = (in + p - d * (k - 1) - 1) / s + 1;
            }
            out.push_back(std::max<std::int64_t>(o, 1));
        }
        setOutput(n, out);
        return out;
    }

    void conv(const Node& n, const Shape& x, const Shape& w, LayerSpec& layer)
    {
        const std::int64_t group = std::max<std::int64_t>(1, n.attrInt("group", 1));
        const double kernel = product(w, 2);
        const double instances = static_cast<double>(group) * static_cast<double>(x[0]) / m_batch;
        if (n.op == "Conv") {
            const Shape out = convOutput(n, x, w);
            // im2col: M = output pixels, K = C_in/group · kernel, N = C_out/group (ONNX makes
            // the channel counts multiples of group, so the division is exact).
            const std::int64_t outPerGroup = w[0] / group;
            layer.gemms.push_back(GemmSpec{product(out, 2), static_cast<double>(w[1]) * kernel,
                                           static_cast<double>(outPerGroup), instances,
                                           GemmScope::Batch});
        } else {
            // ConvTranspose = the transpose of a Conv: every input pixel scatters a
            // (C_out/group · kernel) patch: M = input pixels, K = C_in/group.
            const std::int64_t inPerGroup = x[1] / group;
            layer.gemms.push_back(GemmSpec{product(x, 2), static_cast<double>(inPerGroup),
                                           static_cast<double>(w[1]) * kernel, instances,
                                           GemmScope::Batch});
        }
        layer.activation_bytes_per_token = product(x, 1) * kElemBytes;
    }

    void gemm(const Node& n, const Shape& a, const Shape& b, LayerSpec& layer)
    {
        const bool ta = n.attrInt("transA", 0) != 0;
        const bool tb = n.attrInt("transB", 0) != 0;
        const auto M = static_cast<double>(ta ? a[1] : a[0]);
        const auto K = static_cast<double>(ta ? a[0] : a[1]);
        const auto N = static_cast<double>(tb ? b[0] : b[1]);
        layer.gemms.push_back(GemmSpec{M / m_batch, K, N, 1.0, GemmScope::Batch});
        layer.activation_bytes_per_token = M * K / m_batch * kElemBytes;
        setOutput(n, {static_cast<std::int64_t>(M), static_cast<std::int64_t>(N)});
    }

    void matMul(const Node& n, const Shape& a, const Shape& b, LayerSpec& layer)
    {
        // 1-D operands are promoted to matrices (numpy.matmul semantics).
        Shape sa = a.size() == 1 ? Shape{1, a[0]} : a;
        Shape sb = b.size() == 1 ? Shape{b[0], 1} : b;
        const std::int64_t M = sa[sa.size() - 2], K = sa.back(), N = sb.back();
        if (sb[sb.size() - 2] != K)
            throw InputError({}, "node " + layer.name, "MatMul inner dimensions differ");
        auto batchShape =
            broadcast(Shape(sa.begin(), sa.end() - 2), Shape(sb.begin(), sb.end() - 2));
        if (!batchShape)
            throw InputError({}, "node " + layer.name, "MatMul batch dimensions differ");
        layer.gemms.push_back(GemmSpec{static_cast<double>(M), static_cast<double>(K),
                                       static_cast<double>(N), product(*batchShape) / m_batch,
                                       GemmScope::Batch});
        layer.activation_bytes_per_token =
            product(*batchShape) * static_cast<double>(M * K) / m_batch * kElemBytes;
        Shape out = *batchShape;
        if (a.size() > 1)
            out.push_back(M);
        if (b.size() > 1)
            out.push_back(N);
        setOutput(n, out);
    }

    const Graph& m_graph;
    ModelSpec& m_model;
    std::map<std::string, Shape> m_shapes;
    std::map<std::string, const Initializer*> m_inits;
    std::set<std::string> m_used;
    std::map<DType, double> m_paramsByType;
    double m_batch = 1.0;
    std::optional<DType> m_inputType;
};

} // namespace

ModelSpec modelFromOnnx(std::string_view original, const std::string& name)
{
    std::vector<std::string> inferenceNotes;
    const std::optional<std::string> inferred = withInferredShapes(original, inferenceNotes);
    const std::string_view bytes = inferred ? std::string_view(*inferred) : original;
    std::optional<Graph> graph;
    ProtoReader model(bytes, "model");
    while (model.next()) {
        if (model.field() == 7 && model.wireType() == 2)
            graph = parseGraph(model.bytes());
        else
            model.skip();
    }
    if (!graph)
        throw InputError({}, "model", "no graph (not an ONNX ModelProto?)");

    ModelSpec m;
    m.name = name.empty() ? graph->name : name;
    m.family = "onnx";
    m.unit = "sample";
    m.seq_len = 1.0;
    m.source = "ONNX graph '" + graph->name + "'";
    m.notes = std::move(inferenceNotes);
    GraphWalk(*graph, m).run();
    return m;
}

ModelSpec readOnnx(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw InputError(file.string(), "", "cannot open file");
    std::ostringstream buf;
    buf << in.rdbuf();
    try {
        std::string name = file.stem().string();
        if (name == "model")
            name = file.parent_path().filename().string();
        return modelFromOnnx(buf.str(), name);
    } catch (const InputError& e) {
        throw e.withFile(file.string());
    }
}

} // namespace meridian::workload
