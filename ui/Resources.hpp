#pragma once
// meridian_ui is a static library: its compiled-in resources (icons) must be registered
// explicitly by the program or test that links it. The designer's look (style, palette, font)
// is set here too.

class QApplication;

namespace meridian::ui {

/// Registers the :/icons resources. Idempotent; call once before creating widgets.
void initResources();
/// The designer's look: the Fusion style, a light blue-grey palette, a font of at least 9.5 pt.
void applyLook(QApplication& app);

} // namespace meridian::ui
