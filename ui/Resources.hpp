#pragma once
// meridian_ui is a static library: its compiled-in resources (icons) must be registered
// explicitly by the program or test that links it.

namespace meridian::ui {

/// Registers the :/icons resources. Idempotent; call once before creating widgets.
void initResources();

} // namespace meridian::ui
