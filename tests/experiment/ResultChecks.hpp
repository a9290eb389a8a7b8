#pragma once
// Checks the experiment tests share on a run's results.

#include "meridian/experiment/Results.hpp"

#include <QString>
#include <QtTest/QtTest>
#include <cmath>
#include <string>

namespace meridian::test {

/// The results of the link with this id, or nullptr.
inline const experiment::LinkResult* linkOf(const experiment::Results& r, const std::string& id)
{
    for (const auto& l : r.links)
        if (l.id == id)
            return &l;
    return nullptr;
}

} // namespace meridian::test

/// |a − b| ≤ tol, printing both to 12 digits when it fails.
#define RESULT_VERIFY_NEAR(a, b, tol)                                                              \
    QVERIFY2(std::abs((a) - (b)) <= (tol),                                                         \
             qPrintable(QString("%1 vs %2").arg((a), 0, 'g', 12).arg((b), 0, 'g', 12)))
