#pragma once

// Every libFuzzer target keeps the input it is about to run in the file CERTDRILL_FUZZ_CURRENT_INPUT names
// (scripts/fuzz sets it per target). libFuzzer's timeout handler can deadlock before it prints the input
// (docs/reliability.md); scripts/fuzz then kills the process and takes the input from this file. What
// write(2) has returned from is the kernel's, so the kill leaves the file whole.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace certdrill::fuzz {

/// Writes `data` over the file CERTDRILL_FUZZ_CURRENT_INPUT names, if any; call it first in a target.
inline void keepCurrentInput(const std::uint8_t* data, std::size_t size)
{
    static const int fd = [] {
        const char* path = std::getenv("CERTDRILL_FUZZ_CURRENT_INPUT");
        return path != nullptr && *path != '\0' ? ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)
                                                : -1;
    }();
    // Emptied first, so a short input never keeps the tail of a longer one.
    if (fd < 0 || ::ftruncate(fd, 0) != 0) {
        return;
    }
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pwrite(fd, data + done, size - done, static_cast<off_t>(done));
        if (n <= 0) {
            return;
        }
        done += static_cast<std::size_t>(n);
    }
}

} // namespace certdrill::fuzz
