#include "meridian/workload/Presets.hpp"

#include <cstdlib>
#include <system_error>

namespace meridian::workload {

std::filesystem::path presetsDir()
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (const char* env = std::getenv("MERIDIAN_PRESETS_DIR"); env != nullptr && *env != '\0')
        if (fs::is_directory(env, ec))
            return fs::path(env);
    // /proc/self/exe names the running executable on Linux, the only platform we ship.
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "meridian" / "presets";
        if (fs::is_directory(installed, ec))
            return installed.lexically_normal();
    }
    return fs::path(MERIDIAN_PRESETS_DIR);
}

} // namespace meridian::workload
