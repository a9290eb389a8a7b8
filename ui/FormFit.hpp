#pragma once
// Forms that fit a narrow dock (docs/gui.md, "Window"): at 1366 × 768 the Experiment and
// Properties docks are about 330 px wide, and their forms must need no horizontal
// scrolling. A row whose label and field do not fit side by side puts the field under its
// label (QFormLayout::WrapLongRows); combo boxes size to a few characters instead of their
// longest entry (the open list shows entries in full); the scroll area scrolls vertically
// only.

class QScrollArea;
class QWidget;

namespace meridian::ui {

/// Wraps long rows of every QFormLayout under `root` and narrows its combo boxes.
void fitFormsToWidth(QWidget* root);
/// A frameless scroll area that never scrolls sideways (its widget follows its width).
void scrollVerticallyOnly(QScrollArea* area);

} // namespace meridian::ui
