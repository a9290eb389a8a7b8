#pragma once
// The runs of this session, for comparison (docs/gui.md, "Compare runs"): the last kKept
// finished runs with their results, the project they ran and a label saying what changed
// since the run before ("link L3: loss 0 → 0.01"), from a diff of the two projects keyed
// by node and link id. Canvas positions are ignored: moving a node changes no result.

#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QString>
#include <QStringList>
#include <deque>

namespace meridian::ui {

struct RunRecord
{
    int number = 0;  ///< 1, 2, ... in this session
    QString name;    ///< "Run 3"
    QString changes; ///< what changed since the previous run ("first run" for the first)
    io::Project project;
    experiment::Results results;
    /// "Run 3 — link L3: loss 0 → 0.01" (changes shortened for legends).
    QString label() const;
};

class RunHistory
{
public:
    static constexpr std::size_t kKept = 8;

    /// Appends a finished run (dropping the oldest beyond kKept) and returns it.
    const RunRecord& add(const io::Project& project, const experiment::Results& results);
    const std::deque<RunRecord>& runs() const { return m_runs; }

private:
    std::deque<RunRecord> m_runs;
    int m_next = 1;
};

/// The differences between two projects, one line each ("link L3: loss 0 → 0.01",
/// "node DC-B added", "experiment inter_center.collective: ring → tree"). Empty if equal
/// apart from canvas positions.
QStringList projectChanges(const io::Project& before, const io::Project& after);

} // namespace meridian::ui
