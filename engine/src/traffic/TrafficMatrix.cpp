#include "meridian/traffic/TrafficMatrix.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace meridian::traffic {

std::vector<PairDemand> gravityMatrix(const std::vector<std::pair<std::string, double>>& weights,
                                      double total_bps)
{
    double sum = 0.0;
    double squares = 0.0;
    for (const auto& [node, w] : weights) {
        sum += w;
        squares += w * w;
    }
    const double pairs = sum * sum - squares; // Σ_{k≠l} w_k·w_l
    MERIDIAN_ASSERT(pairs > 0.0, "gravityMatrix: needs two positive weights");
    std::vector<PairDemand> out;
    for (const auto& [i, wi] : weights)
        for (const auto& [j, wj] : weights)
            if (i != j && wi > 0.0 && wj > 0.0)
                out.push_back({i, j, total_bps * wi * wj / pairs});
    return out;
}

namespace {

/// The comma-separated cells of one line, trimmed; a '#' ends the line.
std::vector<std::string> matrixCells(std::string line)
{
    line = line.substr(0, line.find('#'));
    std::vector<std::string> cells;
    std::size_t pos = 0;
    while (true) {
        const std::size_t comma = std::min(line.find(',', pos), line.size());
        std::string cell = line.substr(pos, comma - pos);
        const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
        cell.erase(cell.begin(), std::find_if(cell.begin(), cell.end(), notSpace));
        cell.erase(std::find_if(cell.rbegin(), cell.rend(), notSpace).base(), cell.end());
        cells.push_back(cell);
        if (comma >= line.size())
            break;
        pos = comma + 1;
    }
    if (cells.size() == 1 && cells[0].empty())
        cells.clear();
    return cells;
}

struct MatrixReader
{
    const std::string& file;
    const topology::Topology& topo;
    std::vector<std::string> columns;
    std::set<std::string> rows;
    std::vector<PairDemand> demands;

    [[noreturn]] void fail(std::size_t line, const std::string& problem) const
    {
        throw InputError(file, "line " + std::to_string(line), problem);
    }

    void header(std::size_t line, const std::vector<std::string>& cells)
    {
        if (cells.size() < 3)
            fail(line, "the header must name at least two destination nodes: \",n1,n2,…\"");
        std::set<std::string> seen;
        for (std::size_t c = 1; c < cells.size(); ++c) {
            if (!topo.findNode(cells[c]))
                fail(line, "column " + std::to_string(c + 1) + ": unknown node '" + cells[c] + "'");
            if (!seen.insert(cells[c]).second)
                fail(line, "column " + std::to_string(c + 1) + ": node '" + cells[c] +
                               "' is named twice");
            columns.push_back(cells[c]);
        }
    }

    void row(std::size_t line, const std::vector<std::string>& cells)
    {
        const std::string& from = cells[0];
        if (std::find(columns.begin(), columns.end(), from) == columns.end())
            fail(line, topo.findNode(from) ? "row '" + from + "' is not a column of the header"
                                           : "unknown node '" + from + "'");
        if (!rows.insert(from).second)
            fail(line, "row '" + from + "' appears twice");
        if (cells.size() != columns.size() + 1)
            fail(line, "row '" + from + "' has " + std::to_string(cells.size() - 1) +
                           " values, expected " + std::to_string(columns.size()) +
                           " (one per column)");
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const std::string& text = cells[c + 1];
            const auto v = units::parseBandwidthBps(text);
            if (!v || !std::isfinite(*v) || *v < 0.0)
                fail(line, "column '" + columns[c] + "': expected a rate ≥ 0 in bit/s, got '" +
                               text + "'");
            if (*v > 0.0 && columns[c] == from) {
                std::string problem = "traffic from '" + from + "' to itself must be 0, got '";
                problem += text;
                problem += '\'';
                fail(line, problem);
            }
            if (*v > 0.0)
                demands.push_back({from, columns[c], *v});
        }
    }
};

} // namespace

std::vector<PairDemand> parseMatrixCsv(std::string_view text, const std::string& file,
                                       const topology::Topology& topo)
{
    MatrixReader m{file, topo, {}, {}, {}};
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t eol = std::min(text.find('\n', pos), text.size());
        std::string line(text.substr(pos, eol - pos));
        pos = eol + 1;
        ++lineNo;
        std::replace(line.begin(), line.end(), '\r', ' ');
        const std::vector<std::string> cells = matrixCells(line);
        if (cells.empty())
            continue;
        if (m.columns.empty())
            m.header(lineNo, cells);
        else
            m.row(lineNo, cells);
    }
    if (m.columns.empty())
        throw InputError(file, "", "no matrix: expected a header line \",n1,n2,…\" and rows");
    if (m.rows.size() != m.columns.size())
        throw InputError(file, "",
                         std::to_string(m.columns.size()) + " columns but " +
                             std::to_string(m.rows.size()) +
                             " rows: a traffic matrix is square, one row per column's node");
    if (m.demands.empty())
        throw InputError(file, "", "every entry is 0: the matrix sends nothing");
    return m.demands;
}

} // namespace meridian::traffic
