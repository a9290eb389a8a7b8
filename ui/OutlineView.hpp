#pragma once
// Project outline: the project, its compute centres with what they contain, the other nodes
// and the links, as a tree. Rebuilt (debounced) from the document; activating an entry
// selects it on the canvas.

#include <QTreeWidget>

class QTimer;

namespace meridian::ui {

class Document;

class OutlineView : public QTreeWidget
{
    Q_OBJECT
public:
    explicit OutlineView(Document* doc, QWidget* parent = nullptr);

public Q_SLOTS:
    void rebuildNow();

Q_SIGNALS:
    /// kind is "node" or "link".
    void itemActivatedById(const QString& kind, const QString& id);

protected:
    /// Item gets about 65 % of the width, Details the rest: neither is squeezed out.
    void resizeEvent(QResizeEvent* event) override;

private:
    Document* m_doc = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace meridian::ui
