#pragma once
// A one-line label that gives way: it asks for its text's width but accepts a few characters,
// and when it gets less than its text needs it ends the text with "…" and shows the whole
// text as its tooltip. The status bar's pieces (docs/gui.md, "Status bar") are such labels,
// so a long hint or run line never pushes the others out of a 1366 px window.

#include <QLabel>

namespace meridian::ui {

class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);
    QSize minimumSizeHint() const override;
    /// Whether the text is cut at the label's current width.
    bool isElided() const;

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
};

} // namespace meridian::ui
