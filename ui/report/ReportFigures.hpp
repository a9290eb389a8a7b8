#pragma once
// The pictures of a run report (docs/reports.md): the topology as drawn, the timeline, the
// iterations, the WAN links, the phase totals and the centre breakdown, rendered offscreen at
// twice their logical size, and their numbered, captioned HTML. Report.cpp places them.

#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QImage>
#include <QString>
#include <functional>
#include <map>

namespace meridian::ui::report {

struct Figure
{
    QString name;
    QString caption;
    QImage image;
};

/// The pictures of a report by name (topology, timeline, iterations, links, totals, centres).
std::map<QString, Figure> renderFigures(const io::Project& project,
                                        const experiment::Results& results);

/// How a picture is referenced: a data URI (HTML file) or a document resource (PDF).
using ImageRef = std::function<QString(const Figure&)>;

/// A picture as a base64 PNG data URI (the HTML file's inline images).
QString imageDataUri(const QImage& image);

/// Numbers the report's figures in order of appearance and writes each one's HTML.
class FigureList
{
public:
    FigureList(const std::map<QString, Figure>& figures, const ImageRef& ref, bool forPrint)
        : m_figures(figures), m_ref(ref), m_widthPx(forPrint ? 620 : 960),
          m_maxHeightPx(forPrint ? 420 : 640)
    {}
    /// The figure `name` with the next number; empty when the report has no such picture.
    QString operator()(const QString& name);

private:
    const std::map<QString, Figure>& m_figures;
    const ImageRef& m_ref;
    int m_widthPx;
    int m_maxHeightPx;
    int m_number = 0;
};

} // namespace meridian::ui::report
