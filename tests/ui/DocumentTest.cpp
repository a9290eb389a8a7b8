// The document model and its undo commands, without widgets: every command is undone and
// redone, and the file text is compared before/after to prove nothing is lost or reordered.
#include "ui/Document.hpp"

#include "TestMain.hpp"
#include "ui/Clipboard.hpp"
#include "ui/commands/AddLinkCommand.hpp"
#include "ui/commands/AddNodeCommand.hpp"
#include "ui/commands/ChangeLinkAttributesCommand.hpp"
#include "ui/commands/MoveNodesCommand.hpp"
#include "ui/commands/PasteCommand.hpp"
#include "ui/commands/RemoveItemsCommand.hpp"
#include "ui/commands/ReplaceTopologyCommand.hpp"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::ui;
using topology::LinkAttributes;
using topology::NodeAttributes;
using topology::NodeKind;

namespace {
NodeAttributes node(const std::string& id, NodeKind kind, double x, double y,
                    const std::string& parent = {})
{
    NodeAttributes n;
    n.id = id;
    n.name = id;
    n.kind = kind;
    n.pos = {x, y};
    n.parent = parent;
    return n;
}

LinkAttributes link(const std::string& id, const std::string& a, const std::string& b, double bps)
{
    LinkAttributes l;
    l.id = id;
    l.a = a;
    l.b = b;
    l.params.bandwidth_bps = bps;
    l.params.delay_s = 0.01;
    return l;
}

/// dc (centre) ⊃ {g1, g2}; r router; links g1-g2, dc-r, g2-r.
void buildSample(Document& doc)
{
    auto* s = doc.undoStack();
    s->push(new AddNodeCommand(&doc, node("dc", NodeKind::Center, 0, 0)));
    s->push(new AddNodeCommand(&doc, node("g1", NodeKind::Gpu, -40, 0, "dc")));
    s->push(new AddNodeCommand(&doc, node("g2", NodeKind::Gpu, 40, 0, "dc")));
    s->push(new AddNodeCommand(&doc, node("r", NodeKind::Router, 300, 0)));
    s->push(new AddLinkCommand(&doc, link("g1-g2", "g1", "g2", 100e9)));
    s->push(new AddLinkCommand(&doc, link("dc-r", "dc", "r", 10e9)));
    s->push(new AddLinkCommand(&doc, link("g2-r", "g2", "r", 1e9)));
}
} // namespace

class DocumentTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void addNodeAndLinkUndoRedo()
    {
        Document doc;
        QSignalSpy added(&doc, &Document::nodeAdded);
        buildSample(doc);
        QCOMPARE(added.count(), 4);
        QCOMPARE(doc.topology().nodeCount(), 4u);
        QCOMPARE(doc.topology().linkCount(), 3u);
        QVERIFY(doc.isModified());
        for (int i = 0; i < 7; ++i)
            doc.undoStack()->undo();
        QCOMPARE(doc.topology().nodeCount(), 0u);
        QVERIFY(!doc.isModified()); // back at the clean (empty) state
        for (int i = 0; i < 7; ++i)
            doc.undoStack()->redo();
        QCOMPARE(doc.topology().linkCount(), 3u);
        QCOMPARE(doc.link("dc-r")->params.bandwidth_bps, 10e9);
    }

    void removeRestoresOrderExactly()
    {
        Document doc;
        buildSample(doc);
        const QString before = doc.serialized();
        // Removing the centre removes its children and every incident link (all 3 links).
        auto* cmd = new RemoveItemsCommand(&doc, {"dc"}, {});
        doc.undoStack()->push(cmd);
        QCOMPARE(doc.topology().nodeCount(), 1u);
        QCOMPARE(doc.topology().linkCount(), 0u);
        QVERIFY(doc.node("r"));
        doc.undoStack()->undo();
        // Same nodes and links at the same indices: the file text is identical.
        QCOMPARE(doc.serialized(), before);
        doc.undoStack()->redo();
        QCOMPARE(doc.topology().nodeCount(), 1u);
    }

    void removeOnlyALinkKeepsNodes()
    {
        Document doc;
        buildSample(doc);
        const QString before = doc.serialized();
        QSignalSpy removed(&doc, &Document::linkRemoved);
        doc.undoStack()->push(new RemoveItemsCommand(&doc, {}, {"dc-r"}));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(doc.topology().nodeCount(), 4u);
        QCOMPARE(doc.topology().linkCount(), 2u);
        doc.undoStack()->undo();
        QCOMPARE(doc.serialized(), before);
    }

    void mouseMovesAreSeparateKeyboardNudgesMerge()
    {
        Document doc;
        buildSample(doc);
        const int base = doc.undoStack()->count();
        const auto place = [](double x) { return std::vector<NodePlacement>{{"r", {x, 0}, ""}}; };
        doc.undoStack()->push(new MoveNodesCommand(&doc, place(300), place(320)));
        doc.undoStack()->push(new MoveNodesCommand(&doc, place(320), place(340)));
        QCOMPARE(doc.undoStack()->count(), base + 2); // two drags: two steps
        doc.undoStack()->push(new MoveNodesCommand(&doc, place(340), place(360), true));
        doc.undoStack()->push(new MoveNodesCommand(&doc, place(360), place(380), true));
        QCOMPARE(doc.undoStack()->count(), base + 3); // nudges merged into one
        QCOMPARE(doc.node("r")->pos[0], 380.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.node("r")->pos[0], 340.0); // the merged step goes back to its start
        doc.undoStack()->undo();
        QCOMPARE(doc.node("r")->pos[0], 320.0);
    }

    void moveIntoCentreChangesParent()
    {
        Document doc;
        buildSample(doc);
        doc.undoStack()->push(new AddNodeCommand(&doc, node("sw", NodeKind::Switch, 600, 0)));
        doc.undoStack()->push(
            new MoveNodesCommand(&doc, {{"sw", {600, 0}, ""}}, {{"sw", {0, 40}, "dc"}}));
        QCOMPARE(doc.node("sw")->parent, std::string("dc"));
        QCOMPARE(doc.childrenOf("dc").size(), 3u);
        doc.undoStack()->undo();
        QCOMPARE(doc.node("sw")->parent, std::string());
        QCOMPARE(doc.node("sw")->pos[0], 600.0);
    }

    void changeLinkAttributesOfSeveralIsOneStep()
    {
        Document doc;
        buildSample(doc);
        std::vector<LinkAttributes> before{*doc.link("dc-r"), *doc.link("g2-r")};
        auto after = before;
        for (auto& l : after)
            l.params.loss = 0.001;
        const int base = doc.undoStack()->count();
        doc.undoStack()->push(new ChangeLinkAttributesCommand(&doc, before, after, "loss"));
        QCOMPARE(doc.undoStack()->count(), base + 1);
        QCOMPARE(doc.link("dc-r")->params.loss, 0.001);
        QCOMPARE(doc.link("g2-r")->params.loss, 0.001);
        doc.undoStack()->undo();
        QCOMPARE(doc.link("dc-r")->params.loss, 0.0);
        QCOMPARE(doc.link("g2-r")->params.loss, 0.0);
    }

    void copyPasteSubgraphGetsFreshIds()
    {
        Document doc;
        buildSample(doc);
        // Copy the centre: its two GPUs and the link between them come along; dc-r and g2-r
        // (to the uncopied router) do not.
        const QByteArray data = Clipboard::copy(doc, {"dc"});
        QVERIFY(!data.isEmpty());
        PasteCommand* paste = Clipboard::makePaste(doc, data, QPointF(500, 100), "Paste");
        QVERIFY(paste);
        doc.undoStack()->push(paste);
        QCOMPARE(doc.topology().nodeCount(), 7u);
        QCOMPARE(doc.topology().linkCount(), 4u);
        QVERIFY(doc.node("dc-2"));
        QVERIFY(doc.node("g1-2") || doc.node("g3"));
        const auto kids = doc.childrenOf("dc-2");
        QCOMPARE(kids.size(), 2u);
        // The copied internal link joins the two new GPUs, not the originals.
        const auto* l = doc.link(doc.linksOfNode(kids[0]).front());
        QVERIFY(l->a != "g1" && l->b != "g2");
        QCOMPARE(l->params.bandwidth_bps, 100e9);
        QCOMPARE(doc.node("dc-2")->pos[0], 500.0);
        QCOMPARE(doc.node(kids[0])->pos[1], 100.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.topology().nodeCount(), 4u);
        QVERIFY(Clipboard::makePaste(doc, "not json", {}, "x") == nullptr);
    }

    void replaceTopologyUndo()
    {
        Document doc;
        buildSample(doc);
        const QString before = doc.serialized();
        QSignalSpy reset(&doc, &Document::topologyReset);
        topology::Topology t;
        t.addNode(node("solo", NodeKind::Host, 0, 0));
        doc.undoStack()->push(new ReplaceTopologyCommand(&doc, t, "replace"));
        QCOMPARE(doc.topology().nodeCount(), 1u);
        QCOMPARE(reset.count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.serialized(), before);
    }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        Document doc;
        buildSample(doc);
        const QString path = dir.filePath("sample.topo");
        doc.save(path);
        QVERIFY(!doc.isModified());
        Document other;
        other.load(path);
        QCOMPARE(other.serialized(), doc.serialized());
        QVERIFY(other.project() == doc.project());
    }

    void badFileLeavesDocumentUntouched()
    {
        QTemporaryDir dir;
        Document doc;
        buildSample(doc);
        const QString before = doc.serialized();
        const QString path = dir.filePath("bad.topo");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "meridian.topo", "version": 1, "nodes": [{"id": "a", "kind": "gpu"}],
                    "links": [{"id": "l", "a": "a", "b": "missing"}]})");
        f.close();
        QVERIFY_THROWS_EXCEPTION(InputError, doc.load(path));
        QCOMPARE(doc.serialized(), before);
        QCOMPARE(doc.filePath(), QString());
    }
};

MERIDIAN_TEST(DocumentTest)
#include "DocumentTest.moc"
