#!/usr/bin/env python3
"""Writes the hand-made part of the fuzz seed corpus into tests/fuzz/corpus/<target>/.

The other seeds are existing files (presets/, tests/data/, the Topology Zoo samples); the ones
made here are small, valid examples of the formats nothing in the tree has as a file:
.safetensors checkpoints (gpt2- and llama-style names, F32/BF16, a causal-mask buffer, a bool
tensor), ONNX models (MatMul/Gemm MLP, Conv + Flatten + Gemm, batched attention-like MatMuls
with Transpose and Softmax) encoded with a minimal protobuf writer, a Mistral config.json and
meridian-cli argument vectors. Re-run after changing it; the output is deterministic.
"""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


# --- .safetensors: [u64 LE header length][JSON header][data buffer] -------------------------
DTYPE_BYTES = {"F32": 4, "BF16": 2, "F16": 2, "BOOL": 1, "I64": 8}


def safetensors(tensors, metadata=None):
    header, offset = {}, 0
    if metadata:
        header["__metadata__"] = metadata
    for name, dtype, shape in tensors:
        n = DTYPE_BYTES[dtype]
        for s in shape:
            n *= s
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + n]}
        offset += n
    text = json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(text)) + text + bytes(offset)


h, v, i = 8, 16, 32
put("safetensors", "gpt2-tiny.safetensors", safetensors([
    ("wte.weight", "F32", [v, h]), ("wpe.weight", "F32", [4, h]),
    ("h.0.ln_1.weight", "F32", [h]), ("h.0.ln_1.bias", "F32", [h]),
    ("h.0.attn.c_attn.weight", "F32", [h, 3 * h]), ("h.0.attn.c_attn.bias", "F32", [3 * h]),
    ("h.0.attn.c_proj.weight", "F32", [h, h]), ("h.0.attn.bias", "F32", [1, 1, 4, 4]),
    ("h.0.mlp.c_fc.weight", "F32", [h, 4 * h]), ("h.0.mlp.c_proj.weight", "F32", [4 * h, h]),
    ("ln_f.weight", "F32", [h]), ("ln_f.bias", "F32", [h]),
], {"format": "pt"}))
put("safetensors", "llama-tiny.safetensors", safetensors([
    ("model.embed_tokens.weight", "BF16", [v, h]),
    ("model.layers.0.input_layernorm.weight", "BF16", [h]),
    ("model.layers.0.self_attn.q_proj.weight", "BF16", [h, h]),
    ("model.layers.0.self_attn.k_proj.weight", "BF16", [h // 2, h]),
    ("model.layers.0.self_attn.v_proj.weight", "BF16", [h // 2, h]),
    ("model.layers.0.self_attn.o_proj.weight", "BF16", [h, h]),
    ("model.layers.0.self_attn.rotary_emb.inv_freq", "F32", [h // 4]),
    ("model.layers.0.mlp.gate_proj.weight", "BF16", [i, h]),
    ("model.layers.0.mlp.up_proj.weight", "BF16", [i, h]),
    ("model.layers.0.mlp.down_proj.weight", "BF16", [h, i]),
    ("model.layers.1.self_attn.q_proj.weight", "F16", [h, h]),
    ("model.norm.weight", "BF16", [h]), ("lm_head.weight", "BF16", [v, h]),
]))
put("safetensors", "neox-mask.safetensors", safetensors([
    ("gpt_neox.embed_in.weight", "F32", [v, h]),
    ("gpt_neox.layers.0.attention.bias", "BOOL", [1, 1, 4, 4]),
    ("gpt_neox.layers.0.attention.query_key_value.weight", "F32", [3 * h, h]),
    ("gpt_neox.layers.0.attention.masked_bias", "F32", []),
    ("position_ids", "I64", [1, 4]),
]))
put("safetensors", "empty-header.safetensors", struct.pack("<Q", 2) + b"{}")


# --- ONNX: ModelProto written with a minimal protobuf encoder -------------------------------
def varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def key(field, wire):
    return varint(field << 3 | wire)


def f_int(field, n):
    return key(field, 0) + varint(n)


def f_bytes(field, data):
    data = data.encode() if isinstance(data, str) else data
    return key(field, 2) + varint(len(data)) + data


FLOAT, INT64 = 1, 7


def tensor(name, dims, dtype=FLOAT, values=None):
    body = b"".join(f_int(1, d) for d in dims) + f_int(2, dtype) + f_bytes(8, name)
    count = 1
    for d in dims:
        count *= d
    if values is not None:
        raw = b"".join(struct.pack("<q", x) for x in values)
    else:
        raw = bytes(count * (4 if dtype == FLOAT else 8))
    return body + f_bytes(9, raw)


def value_info(name, dims, dtype=FLOAT):
    shape = b"".join(f_bytes(1, f_int(1, d) if isinstance(d, int) else f_bytes(2, d)) for d in dims)
    tensor_type = f_int(1, dtype) + f_bytes(2, shape)
    return f_bytes(1, name) + f_bytes(2, f_bytes(1, tensor_type))


def attr_int(name, n):
    return f_bytes(1, name) + f_int(3, n) + f_int(20, 2)


def attr_ints(name, ns):
    return f_bytes(1, name) + b"".join(f_int(8, n) for n in ns) + f_int(20, 7)


def node(op, inputs, outputs, name, attrs=()):
    return (b"".join(f_bytes(1, x) for x in inputs) + b"".join(f_bytes(2, x) for x in outputs)
            + f_bytes(3, name) + f_bytes(4, op) + b"".join(f_bytes(5, a) for a in attrs))


def model(nodes, initializers, inputs, outputs):
    graph = (b"".join(f_bytes(1, n) for n in nodes) + f_bytes(2, "g")
             + b"".join(f_bytes(5, t) for t in initializers)
             + b"".join(f_bytes(11, x) for x in inputs) + b"".join(f_bytes(12, x) for x in outputs))
    opset = f_bytes(1, "") + f_int(2, 13)
    return f_int(1, 8) + f_bytes(2, "meridian-make-seeds") + f_bytes(7, graph) + f_bytes(8, opset)


put("onnx", "mlp.onnx", model(
    [node("MatMul", ["x", "w1"], ["h"], "fc1"), node("Relu", ["h"], ["r"], "act"),
     node("Gemm", ["r", "w2", "b2"], ["y"], "fc2", [attr_int("transB", 0)])],
    [tensor("w1", [8, 16]), tensor("w2", [16, 4]), tensor("b2", [4])],
    [value_info("x", [2, 8])], [value_info("y", [2, 4])]))
put("onnx", "conv.onnx", model(
    [node("Conv", ["x", "k", "kb"], ["c"], "conv",
          [attr_ints("kernel_shape", [3, 3]), attr_ints("pads", [1, 1, 1, 1]), attr_int("group", 1)]),
     node("Flatten", ["c"], ["f"], "flat", [attr_int("axis", 1)]),
     node("Gemm", ["f", "w", "b"], ["y"], "head", [attr_int("transB", 1)])],
    [tensor("k", [4, 3, 3, 3]), tensor("kb", [4]), tensor("w", [10, 64]), tensor("b", [10])],
    [value_info("x", ["batch", 3, 4, 4])], [value_info("y", ["batch", 10])]))
put("onnx", "attention.onnx", model(
    [node("MatMul", ["x", "wq"], ["q"], "q_proj"), node("MatMul", ["x", "wk"], ["k"], "k_proj"),
     node("Transpose", ["k"], ["kt"], "kt", [attr_ints("perm", [0, 2, 1])]),
     node("MatMul", ["q", "kt"], ["s"], "scores"),
     node("Softmax", ["s"], ["p"], "softmax", [attr_int("axis", -1)]),
     node("MatMul", ["p", "x"], ["ctx"], "context"),
     node("Reshape", ["ctx", "shape"], ["y"], "merge")],
    [tensor("wq", [8, 8]), tensor("wk", [8, 8]), tensor("shape", [2], INT64, [2, 32])],
    [value_info("x", [2, 4, 8])], [value_info("y", [2, 32])]))

# --- Hugging Face config.json (the families' real configs are in tests/data/models) --------
put("hf_config", "mistral-tiny.config.json", json.dumps({
    "architectures": ["MistralForCausalLM"], "model_type": "mistral", "hidden_size": 64,
    "intermediate_size": 224, "num_attention_heads": 4, "num_key_value_heads": 2,
    "num_hidden_layers": 2, "vocab_size": 320, "max_position_embeddings": 512,
    "head_dim": 16, "tie_word_embeddings": False, "torch_dtype": "bfloat16"}, indent=1))

# --- meridian-cli argument vectors: first byte picks the sub-command's grammar --------------
cli = {
    "validate-strict": (0, ["presets/llama3-8b-star-wan.topo", "--strict", "-h"]),
    "generate": (1, ["multi-centre", "--centres", "6", "--wan=random-geo", "--seed", "7",
                     "--gpus-per-centre", "256", "-o", "my-wan.topo", "--dry-run"]),
    "import": (2, ["Geant2012.graphml", "--route-factor", "1.5", "--out=geant.topo"]),
    "run": (3, ["x.topo", "--seed", "42", "--iterations=3", "--format", "json,csv",
                "--sample-interval", "10ms", "--link-series", "summary", "--quiet", "-o",
                "res"]),
    "model": (4, ["--preset", "llama-3-8b", "--seq-len", "2048", "--json", "--list"]),
    "negative-numbers": (3, ["--seed", "-5", "--iterations", "-.5", "--x=1e999", "--y", "0x10"]),
    "dangling-value": (0, ["--strict", "--out"]),
}
for name, (grammar, words) in cli.items():
    put("cli_args", name, bytes([grammar]) + "\0".join(words).encode())
