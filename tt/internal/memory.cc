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
constexpr size_t kGiganticPage = size_t{1} << 30;

// A mapping of 1 GB pages from the reserved pool, or nothing when too few are free (the kernel
// reserves them at mmap, so a mapping that succeeds never faults for want of pages).
void* map_gigantic_pages(size_t bytes) {
#if defined(MAP_HUGETLB) && defined(MAP_HUGE_SHIFT)
  void* mapped = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | (30 << MAP_HUGE_SHIFT), -1, 0);
  return mapped == MAP_FAILED ? nullptr : mapped;
#else
  (void)bytes;
  return nullptr;
#endif
}

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
  if (bytes >= kGiganticPage) {
    const size_t whole = (bytes + kGiganticPage - 1) / kGiganticPage * kGiganticPage;
    if (void* memory = map_gigantic_pages(whole)) return HugeMapping{memory, whole, true};
  }
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

std::string transparent_huge_page_mode() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  if (!std::getline(in, line)) return "unknown";
  const size_t open = line.find('['), close = line.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return "unknown";
  return line.substr(open + 1, close - open - 1);
}

std::string huge_page_source(const HugeMapping& mapping) {
  if (mapping.gigantic) return "1 GB pages";
  return absl::StrCat("transparent_hugepage: ", transparent_huge_page_mode());
}

size_t huge_page_bytes(const HugeMapping& mapping) {
  if (mapping.gigantic) return mapping.bytes;
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
