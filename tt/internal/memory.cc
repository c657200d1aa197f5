#include "tt/internal/memory.h"

#include <sys/mman.h>

#include <cstdint>
#include <fstream>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "tt/table.h"

namespace pyke::tt::internal {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;

}  // namespace

absl::Status check_megabytes(size_t megabytes, size_t max_megabytes) {
  if (megabytes == 0) return absl::InvalidArgumentError("hash size must be at least 1 MB");
  const size_t limit = std::min(max_megabytes, physical_memory_megabytes());
  if (megabytes > limit) {
    return absl::InvalidArgumentError(
        absl::StrCat("hash size ", megabytes, " MB is more than this machine's ", limit, " MB"));
  }
  return absl::OkStatus();
}

absl::StatusOr<HugeMapping> map_huge_pages(size_t bytes, size_t megabytes) {
  bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* mapped =
      mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate a hash table of ", megabytes, " MB"));
  }
  // Trim the mapping to a 2 MB-aligned range of `bytes`.
  const auto start = reinterpret_cast<uintptr_t>(mapped);
  const uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(mapped, aligned - start);
  if (const uintptr_t tail = start + kHugePage - aligned; tail > 0) {
    munmap(reinterpret_cast<void*>(aligned + bytes), tail);
  }
  void* memory = reinterpret_cast<void*>(aligned);
  madvise(memory, bytes, MADV_HUGEPAGE);
  return HugeMapping{memory, bytes};
}

void unmap(const HugeMapping& mapping) { munmap(mapping.memory, mapping.bytes); }

size_t huge_page_bytes(const HugeMapping& mapping) {
  std::ifstream in("/proc/self/smaps");
  const auto begin = reinterpret_cast<uintptr_t>(mapping.memory), end = begin + mapping.bytes;
  bool inside = false;
  size_t kilobytes = 0;
  std::string line;
  while (std::getline(in, line)) {
    // A mapping's header: "7f0000000000-7f0040000000 rw-p 00000000 00:00 0 …".
    const size_t dash = line.find('-'), space = line.find(' ');
    uint64_t from = 0, to = 0;
    if (dash != std::string::npos && space != std::string::npos && dash < space &&
        absl::SimpleHexAtoi(line.substr(0, dash), &from) &&
        absl::SimpleHexAtoi(line.substr(dash + 1, space - dash - 1), &to)) {
      inside = from < end && begin < to;
      continue;
    }
    absl::string_view rest = line;
    uint64_t value = 0;
    if (inside && absl::ConsumePrefix(&rest, "AnonHugePages:") &&
        absl::SimpleAtoi(absl::StripSuffix(absl::StripAsciiWhitespace(rest), " kB"), &value)) {
      kilobytes += value;
    }
  }
  return std::min(mapping.bytes, kilobytes << 10);
}

}  // namespace pyke::tt::internal
