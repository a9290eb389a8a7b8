#include "meridian/workload/Presets.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>
#include <vector>

namespace meridian::workload {

std::filesystem::path presetsDir()
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (const char* env = std::getenv("MERIDIAN_PRESETS_DIR"); env != nullptr && *env != '\0')
        if (fs::is_directory(env, ec))
            return {env};
    // /proc/self/exe names the running executable on Linux, the only platform we ship.
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "meridian" / "presets";
        if (fs::is_directory(installed, ec))
            return installed.lexically_normal();
    }
    return {MERIDIAN_PRESETS_DIR};
}

void forEachPresetJson(
    const std::filesystem::path& dir, const char* what,
    const std::function<void(const std::filesystem::path&, const nlohmann::json&)>& visit)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".json")
            files.push_back(e.path());
    if (ec)
        throw InputError(dir.string(), "",
                         std::string("cannot list the ") + what + ": " + ec.message());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        try {
            visit(f, nlohmann::json::parse(in));
        } catch (const nlohmann::json::parse_error& e) {
            throw InputError(f.string(), "byte " + std::to_string(e.byte), "invalid JSON");
        } catch (const InputError& e) {
            throw e.withFile(f.string());
        }
    }
}

} // namespace meridian::workload
