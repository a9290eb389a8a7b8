#pragma once
// ONNX ModelProto → ModelSpec. The model is parsed with Debian's libonnx-dev and run through
// onnx::shape_inference::InferShapes (with constant data propagation), which fills value_info
// for every operator ONNX has a shape function for (Transpose, Reshape, Flatten, pooling,
// Concat, Squeeze/Unsqueeze, ...). The inferred model is then walked by a small protobuf wire
// reader (src/workload/ProtoReader.hpp), which also locates errors in malformed files.
// ONNX's schema (onnx/onnx.proto, IR version 3..10) is stable; fields read:
//   ModelProto.graph(7); GraphProto.node(1), initializer(5), input(11), output(12),
//   value_info(13); NodeProto.input(1), output(2), name(3), op_type(4), attribute(5);
//   AttributeProto.name(1), i(3), s(4), ints(8); TensorProto.dims(1), data_type(2), name(8);
//   ValueInfoProto.name(1), type(2) → TypeProto.tensor_type(1) → elem_type(1), shape(2) →
//   dim(1) → dim_value(1) | dim_param(2).
//
// Parameters: floating-point initializers (integer initializers are shape constants), each
// attributed to the first node that consumes it.
// FLOPs (2 per MAC), for the batch the graph was exported with, divided by that batch size
// (first dimension of the first graph input) to give FLOPs per sample:
//   Conv          2 · N · C_out · Π out_spatial · (C_in / group) · Π kernel
//   ConvTranspose 2 · N · C_in · Π in_spatial · (C_out / group) · Π kernel
//   Gemm          2 · M · K · N       (after transA / transB)
//   MatMul        2 · Π batch · M · K · N  (numpy broadcasting; decomposed attention blocks
//                                           are MatMuls and are counted here)
// Shapes come from graph inputs, initializers, value_info (inferred) and outputs, and are
// also propagated here through Conv/Gemm/MatMul and shape-preserving element-wise ops. A node whose
// operand shape stays unknown contributes no FLOPs and is listed in ModelSpec::notes, as are fused
// "Attention" contrib ops and sub-graphs (If/Loop bodies), which are not counted.

#include "meridian/workload/ModelSpec.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace meridian::workload {

/// Decodes a serialized ModelProto. Throws InputError on malformed input.
ModelSpec modelFromOnnx(std::string_view bytes, const std::string& name);
/// Reads an .onnx file; errors carry the file name.
ModelSpec readOnnx(const std::filesystem::path& file);

} // namespace meridian::workload
