#pragma once
// Helpers shared by the libFuzzer targets: the input as a file for readers that take a path
// (GraphML, .safetensors), and the contract every target checks — an input either converts
// or is rejected with one InputError; any other exception escapes and libFuzzer reports it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace meridian::fuzz {

/// One file per fuzzing process (in /dev/shm when there is one, so no disk I/O per run),
/// rewritten with every input and removed at exit.
class InputFile
{
public:
    explicit InputFile(const std::string& suffix)
    {
        const std::filesystem::path dir = std::filesystem::is_directory("/dev/shm")
                                              ? "/dev/shm"
                                              : std::filesystem::temp_directory_path();
        m_path = dir / ("meridian-fuzz-" + std::to_string(::getpid()) + suffix);
    }
    ~InputFile() { std::remove(m_path.c_str()); }
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    /// Writes `data` as the file's whole content and returns its path.
    const std::filesystem::path& write(const std::uint8_t* data, std::size_t size)
    {
        std::FILE* f = std::fopen(m_path.c_str(), "wb");
        if (f == nullptr || std::fwrite(data, 1, size, f) != size || std::fclose(f) != 0)
            std::abort(); // the harness itself failed, not the code under test
        return m_path;
    }

private:
    std::filesystem::path m_path;
};

} // namespace meridian::fuzz
