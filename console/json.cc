#include "console/json.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "perft/perft.h"
#include "perft/stats.h"

namespace pyke {

std::string json_string(absl::string_view text) {
  std::string quoted = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      quoted.push_back('\\');
      quoted.push_back(static_cast<char>(c));
    } else if (c < 0x20) {
      absl::StrAppendFormat(&quoted, "\\u%04x", c);
    } else {
      quoted.push_back(static_cast<char>(c));
    }
  }
  return quoted + "\"";
}

std::string json_stats(const perft::Stats& stats) {
  std::string json = "{";
  for (int c = 0; c < perft::Stats::kColumns; ++c) {
    absl::StrAppend(&json, c ? ", " : "", json_string(perft::kStatsColumns[c]), ": ",
                    perft::count_text(stats.column(c)));
  }
  return json + "}";
}

}  // namespace pyke
