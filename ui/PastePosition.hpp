#pragma once
// Where Paste puts a copy: an event filter on the canvas viewport remembers the last mouse
// position while the pointer is over the canvas (mouse moves, clicks, the context-menu
// click) and forgets it when the pointer leaves — except when it leaves for the canvas's own
// context menu, whose Paste entry should paste where the menu was opened.

#include <QObject>
#include <QPoint>
#include <optional>

class QAbstractScrollArea;

namespace meridian::ui {

class PastePosition : public QObject
{
    Q_OBJECT
public:
    /// Watches `view`'s viewport (and turns on its mouse tracking, so moves without a
    /// button held are seen).
    explicit PastePosition(QAbstractScrollArea* view, QObject* parent = nullptr);

    /// Last pointer position over the viewport, in viewport coordinates; nullopt when the
    /// pointer is not over the canvas.
    std::optional<QPoint> viewportPos() const { return m_pos; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Compared by address only, never dereferenced: the filter also sees the viewport's
    // events while the view is being destroyed, when the view is no longer a
    // QAbstractScrollArea and must not be called.
    const QObject* m_viewport;
    std::optional<QPoint> m_pos;
};

} // namespace meridian::ui
