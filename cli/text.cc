#include "cli/text.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "perft/perft.h"

namespace pyke {

std::string grouped_count(absl::uint128 n) {
  const std::string digits = perft::count_text(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

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

}  // namespace pyke
