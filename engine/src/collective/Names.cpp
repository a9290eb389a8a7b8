// String forms of Operation and Algorithm, and NCCL's bus-bandwidth factor.
#include "meridian/collective/Algorithm.hpp"
#include "meridian/collective/Operation.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace meridian::collective {
namespace {

// Lower-case, '_' and ' ' → '-', so "All_Reduce" and "all reduce" both read "all-reduce".
std::string normalise(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out.push_back((c == '_' || c == ' ') ? '-' : static_cast<char>(std::tolower(u)));
    }
    return out;
}

} // namespace

std::string_view toString(Operation op)
{
    switch (op) {
    case Operation::AllReduce:
        return "allreduce";
    case Operation::AllGather:
        return "allgather";
    case Operation::ReduceScatter:
        return "reducescatter";
    case Operation::Broadcast:
        return "broadcast";
    case Operation::Reduce:
        return "reduce";
    case Operation::AllToAll:
        return "alltoall";
    }
    return "allreduce";
}

std::optional<Operation> operationFromString(std::string_view text)
{
    std::string s = normalise(text);
    s.erase(std::remove(s.begin(), s.end(), '-'), s.end());
    if (s == "allreduce")
        return Operation::AllReduce;
    if (s == "allgather")
        return Operation::AllGather;
    if (s == "reducescatter")
        return Operation::ReduceScatter;
    if (s == "broadcast" || s == "bcast")
        return Operation::Broadcast;
    if (s == "reduce")
        return Operation::Reduce;
    if (s == "alltoall")
        return Operation::AllToAll;
    return std::nullopt;
}

double busBandwidthFactor(Operation op, int ranks)
{
    if (ranks < 1)
        return 0.0;
    const double n = ranks;
    switch (op) {
    case Operation::AllReduce:
        return 2.0 * (n - 1.0) / n;
    case Operation::AllGather:
    case Operation::ReduceScatter:
    case Operation::AllToAll:
        return (n - 1.0) / n;
    case Operation::Broadcast:
    case Operation::Reduce:
        return 1.0;
    }
    return 1.0;
}

std::string_view toString(Algorithm algorithm)
{
    switch (algorithm) {
    case Algorithm::Ring:
        return "ring";
    case Algorithm::DoubleBinaryTree:
        return "double-binary-tree";
    case Algorithm::HalvingDoubling:
        return "halving-doubling";
    case Algorithm::Direct:
        return "direct";
    case Algorithm::BinomialTree:
        return "binomial";
    case Algorithm::PipelinedChain:
        return "pipelined-chain";
    case Algorithm::Hierarchical:
        return "hierarchical";
    }
    return "ring";
}

std::optional<Algorithm> algorithmFromString(std::string_view text)
{
    const std::string s = normalise(text);
    if (s == "ring")
        return Algorithm::Ring;
    if (s == "tree" || s == "double-binary-tree" || s == "dbt")
        return Algorithm::DoubleBinaryTree;
    if (s == "halving-doubling" || s == "rabenseifner")
        return Algorithm::HalvingDoubling;
    if (s == "direct")
        return Algorithm::Direct;
    if (s == "binomial" || s == "binomial-tree")
        return Algorithm::BinomialTree;
    if (s == "chain" || s == "pipelined-chain")
        return Algorithm::PipelinedChain;
    if (s == "hierarchical")
        return Algorithm::Hierarchical;
    return std::nullopt;
}

} // namespace meridian::collective
