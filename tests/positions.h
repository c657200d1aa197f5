// positions.h — the standard perft test positions, named once for every C++ test and benchmark.
//
// Numbered as on the Chess Programming Wiki's "Perft Results" page, whose counts
// tests/data/published.epd holds. Position 1 is the start position: kStartFen
// (movegen/position.h) and Position::start(). Shell scripts, Python tools and EPD files spell
// the FENs out: they cannot include this.
//
//   absl::StatusOr<Position> pos = Position::from_fen(kKiwipete);
#ifndef PYKE_TESTS_POSITIONS_H_
#define PYKE_TESTS_POSITIONS_H_

namespace pyke {

// Position 2, "Kiwipete" (Peter McKenzie): both sides may castle either way, with pins, en
// passant, captures and promotions a few plies in. 48 moves; the usual first debugging position.
inline constexpr char kKiwipete[] =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Position 3: a sparse rook and pawn ending. En passant captures that would expose a king along
// the rank, checks and pins with few pieces; 14 moves, and deep trees that stay cheap.
inline constexpr char kCpwPosition3[] = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

// Position 4: White in check at the root (6 moves), a black pawn that promotes with and without
// capture, and Black's castling rights on both sides.
inline constexpr char kCpwPosition4[] =
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";

// Position 4 with the colours swapped (Black to move): the same counts at every depth.
inline constexpr char kCpwPosition4Mirrored[] =
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";

// Position 5 (from a TalkChess thread): a pawn on d7 that promotes by capturing, a black knight
// on f2 forking queen and rook, and White free to castle kingside; it caught bugs in engines
// years old at depth 3.
inline constexpr char kCpwPosition5[] = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

// Position 6 (Steven Edwards): a symmetrical middlegame, castled on both sides, full of piece
// moves; 46 moves.
inline constexpr char kCpwPosition6[] =
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

}  // namespace pyke

#endif  // PYKE_TESTS_POSITIONS_H_
