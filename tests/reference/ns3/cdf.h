#pragma once
// An empirical flow-size law for the reference programs (cross_traffic.cc, generators.cc):
// points (bytes, F) read from a CSV such as presets/traffic/web-search.csv, F from 0 to 1 (or
// 0 to 100, as HPCC's files), linear between points — the law Meridian samples the same way.

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace reference {

struct Cdf
{
    std::vector<double> x;
    std::vector<double> f;

    double mean() const
    {
        double m = 0;
        for (std::size_t i = 1; i < x.size(); ++i)
            m += (f[i] - f[i - 1]) * (x[i - 1] + x[i]) / 2;
        return m;
    }

    double draw(double u) const
    {
        for (std::size_t i = 1; i < x.size(); ++i) {
            if (u < f[i] && f[i] > f[i - 1]) {
                return x[i - 1] + (u - f[i - 1]) / (f[i] - f[i - 1]) * (x[i] - x[i - 1]);
            }
        }
        return x.back();
    }
};

/// Reads `path` into `cdf`; on a file that is not a CDF, says so on stderr after `program`.
inline bool readCdf(const std::string& program, const std::string& path, Cdf& cdf)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream fields(line);
        double x, f;
        if (!(fields >> x >> f))
            continue; // the header line
        cdf.x.push_back(x);
        cdf.f.push_back(f);
    }
    if (cdf.x.size() < 2 || cdf.f.front() != 0.0) {
        std::cerr << program << ": " << path << ": not a CDF (bytes,cdf lines from 0 to 1)\n";
        return false;
    }
    if (cdf.f.back() == 100.0) { // percentages, as HPCC's files
        for (double& f : cdf.f)
            f /= 100.0;
    }
    return true;
}

} // namespace reference
