// The generator's counting sink (MoveCounter, generate.h) against bulk counting (count.h) and the
// move list: on every position of the published, random and Chess960 suites, for every slider
// backend in the build, generate_legal_targets with a MoveCounter == count_legal_moves ==
// legal_moves(pos).size(); and its tactical and quiet selections count legal_captures and
// legal_quiets.
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "epd/epd.h"
#include "gtest/gtest.h"
#include "movegen/attacks.h"
#include "movegen/internal/count.h"
#include "movegen/internal/generate.h"
#include "movegen/internal/maskset.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace pyke {
namespace {

template <Color Us, class Sliders, MoveSelection Select = MoveSelection::kAll>
int counted_by_the_generator(const Position& pos) {
  MoveCounter<Us> counter;
  generate_legal_targets<Us, Sliders, Select>(pos, create_masks<Us, Sliders>(pos), counter);
  return counter.moves;
}

template <Color Us, class Sliders>
void expect_counts_agree(const Position& pos, const std::string& backend) {
  const int listed = legal_moves(pos).size();
  EXPECT_EQ((counted_by_the_generator<Us, Sliders>(pos)), listed) << backend << " " << pos.to_fen();
  EXPECT_EQ((count_legal_moves<Us, Sliders>(pos)), listed) << backend << " " << pos.to_fen();
  EXPECT_EQ((counted_by_the_generator<Us, Sliders, MoveSelection::kTactical>(pos)),
            legal_captures(pos).size())
      << backend << " " << pos.to_fen();
  EXPECT_EQ((counted_by_the_generator<Us, Sliders, MoveSelection::kQuiet>(pos)),
            legal_quiets(pos).size())
      << backend << " " << pos.to_fen();
}

void check_suite(const std::string& path, int at_least) {
  const absl::StatusOr<std::vector<epd::Record>> records = epd::read_file(path);
  ASSERT_TRUE(records.ok()) << path << ": " << records.status();
  int positions = 0;
  for (const epd::Record& record : *records) {
    absl::StatusOr<Position> pos = Position::from_fen(record.fen);
    ASSERT_TRUE(pos.ok()) << path << " line " << record.line << ": " << pos.status();
    ++positions;
    for (SliderBackend b :
         {SliderBackend::kPext, SliderBackend::kMagic, SliderBackend::kHyperbola}) {
      if (!slider_backend_compiled(b)) continue;
      const std::string name(slider_backend_name(b));
      with_slider_backend(b, [&]<class S>() {
        if (pos->side_to_move() == kWhite)
          expect_counts_agree<kWhite, S>(*pos, name);
        else
          expect_counts_agree<kBlack, S>(*pos, name);
      });
    }
    if (testing::Test::HasFailure()) return;
  }
  EXPECT_GE(positions, at_least) << path;
}

TEST(MoveCounter, PublishedSuite) { check_suite("tests/data/published.epd", 100); }
TEST(MoveCounter, RandomSuite) { check_suite("tests/data/perft_random.epd", 6000); }
TEST(MoveCounter, Chess960Suite) { check_suite("tests/data/chess960_xfen.epd", 1000); }

}  // namespace
}  // namespace pyke
