#include "ui/ExamplesMenu.hpp"

#include "meridian/workload/Presets.hpp"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <array>
#include <utility>

namespace meridian::ui {

namespace {

struct Title
{
    const char* file;
    const char* title; ///< source text of tr(), in the ExamplesMenu context
};

// In the order of the menu (and of presets/README.md): the seed's experiment first, the
// WAN scenarios, the fabrics inside one centre, then the micro-benchmarks.
constexpr std::array kTitles = {
    Title{"llama3-8b-star-wan.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "Llama-3-8B over a star WAN of four centres (the seed's experiment)")},
    Title{"llama3-8b-diloco.topo",
          QT_TRANSLATE_NOOP(
              "ExamplesMenu",
              "Llama-3-8B over the same star WAN under DiLoCo (100 inner steps, int8)")},
    Title{"intellect-1-global.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "INTELLECT-1-like global DiLoCo run: 8 nodes on three continents")},
    Title{"china-computing-hubs.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "China's eight national computing hubs (East Data, West Computing)")},
    Title{"gpt3-175b-two-centres.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu", "GPT-3 175B across two centres 100 km apart")},
    Title{"gpt3-175b-pipeline-two-centres.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "GPT-3 175B in two pipeline stages, one per centre (1F1B)")},
    Title{"hetero-gpu-npu.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "Heterogeneous GPUs and NPUs (H100, A100, Ascend 910B, TPU-like)")},
    Title{
        "failover-wan.topo",
        QT_TRANSLATE_NOOP("ExamplesMenu", "Fail-over: a WAN link fails, the collective switches")},
    Title{"geant-centres.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "GÉANT (Topology Zoo) with centres in four European cities")},
    Title{"wan-cross-traffic.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "Cross traffic: other tenants' flows on the WAN bottleneck")},
    Title{"fabric-spine-leaf.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu", "Fabric: two-tier spine-leaf")},
    Title{"fabric-fat-tree.topo", QT_TRANSLATE_NOOP("ExamplesMenu", "Fabric: three-tier fat-tree")},
    Title{"fabric-rail-dual-plane.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu", "Fabric: dual-plane rail-optimised")},
    Title{"allreduce-4dc-ring.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu", "Benchmark: ring all-reduce between four centres")},
    Title{"p2p-wan-iperf.topo",
          QT_TRANSLATE_NOOP("ExamplesMenu",
                            "Benchmark: one TCP transfer over a lossy 1,200 km link")},
};

/// The project name of a .topo ("" when the file cannot be read or has none); only for
/// files the table does not know.
QString projectName(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("name")).toString();
}

} // namespace

QString ExamplesMenu::presetsFolder()
{
    return QString::fromStdString(workload::presetsDir().string());
}

QStringList ExamplesMenu::knownFiles()
{
    QStringList files;
    for (const Title& t : kTitles)
        files << QString::fromLatin1(t.file);
    return files;
}

QList<ExamplesMenu::Example> ExamplesMenu::examples(const QString& folder)
{
    const QDir dir(folder);
    QStringList files = dir.entryList({QStringLiteral("*.topo")}, QDir::Files, QDir::Name);
    QList<Example> out;
    for (const Title& t : kTitles) {
        const QString file = QString::fromLatin1(t.file);
        if (files.removeOne(file))
            out.push_back({dir.absoluteFilePath(file), tr(t.title), true});
    }
    for (const QString& file : std::as_const(files)) {
        const QString path = dir.absoluteFilePath(file);
        const QString name = projectName(path);
        out.push_back({path, name.isEmpty() ? QFileInfo(file).completeBaseName() : name, false});
    }
    return out;
}

void ExamplesMenu::populate(QMenu* menu, const std::function<void(const QString&)>& open,
                            const QString& folder)
{
    menu->clear();
    menu->setToolTipsVisible(true);
    const QList<Example> list = examples(folder);
    for (const Example& e : list) {
        QString text = e.title;
        text.replace(QLatin1Char('&'), QStringLiteral("&&")); // no accidental mnemonic
        QAction* a = menu->addAction(text);
        a->setToolTip(QDir::toNativeSeparators(e.path));
        a->setData(e.path);
        const QString path = e.path;
        QObject::connect(a, &QAction::triggered, menu, [open, path] { open(path); });
    }
    menu->setEnabled(!list.isEmpty());
}

} // namespace meridian::ui
