#include "meridian/workload/Presets.hpp"

#include "JsonFile.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cstdlib>
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
        // readJsonFile names the file in every error of its own (unreadable, not JSON, a
        // number no double can hold).
        const nlohmann::json j = detail::readJsonFile(f);
        try {
            visit(f, j);
        } catch (const InputError& e) {
            throw e.withFile(f.string());
        } catch (const nlohmann::json::exception& e) {
            // A checked accessor of the reader met a value of the wrong type (type_error) or
            // no value (out_of_range): an error in the file, not in the program.
            throw InputError(f.string(), "", e.what());
        }
    }
}

} // namespace meridian::workload
