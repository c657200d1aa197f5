"""Tests of the `pyke` Python module against published counts, the CLI's messages and itself."""

import os
import signal
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyke  # noqa: E402  (the module lies beside this test in the runfiles)

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def data(name):
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "tests", "data", name)


class Perft(unittest.TestCase):
    def test_published_counts(self):
        self.assertEqual(pyke.perft("startpos", 5), 4865609)
        self.assertEqual(pyke.perft(START, 4), 197281)
        self.assertEqual(pyke.perft(KIWIPETE, 4), 4085603)
        self.assertEqual(pyke.perft("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 5), 674624)

    def test_depth_zero_is_one_node(self):
        self.assertEqual(pyke.perft("startpos", 0), 1)

    def test_threads_and_hash_give_the_same_count(self):
        for threads in (1, 2, 3):
            for hash_mb in (0, 1, 16):
                self.assertEqual(pyke.perft(KIWIPETE, 4, threads=threads, hash_mb=hash_mb),
                                 4085603, (threads, hash_mb))

    def test_moves(self):
        # After 1.e4 e5 (Stockfish 15.1: e7e5 in the divide of 5 after e2e4).
        self.assertEqual(pyke.perft("startpos", 4, moves=["e2e4", "e7e5"]), 728887)

    def test_counts_are_python_ints(self):
        self.assertIs(type(pyke.perft("startpos", 3)), int)

    def test_chess960(self):
        fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
        self.assertEqual(pyke.perft(fen, 3), 12189)
        # Castling written as the king taking its rook (counts from Stockfish 15.1).
        c960 = "1r2k1rr/ppppppp1/8/8/8/8/PPPPPPP1/1R2K1RR w GBgb - 0 1"
        self.assertIn("e1g1", pyke.legal_moves(c960))
        self.assertEqual(pyke.perft(c960, 3, moves=["e1g1"]), 21851)
        self.assertIn("e1h1", pyke.legal_moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                                               chess960=True))

    def test_the_gil_is_released_while_counting(self):
        # While a count of about a second runs on another Python thread, this thread runs Python
        # code: it could not if the count held the GIL (it would get it back only at the end).
        result = []
        counter = threading.Thread(target=lambda: result.append(
            pyke.perft("startpos", 7, threads=1)))
        counter.start()
        time.sleep(0.05)
        ran_while_counting = sum(range(100000)) > 0 and counter.is_alive()
        counter.join()
        self.assertTrue(ran_while_counting)
        self.assertEqual(result, [3195901860])


class Interrupt(unittest.TestCase):
    def test_ctrl_c_stops_a_long_count(self):
        # Perft 9 takes minutes; SIGINT after 0.3 s must end it within a second or two.
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        start = time.perf_counter()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            pyke.perft("startpos", 9, threads=1)
        timer.join()
        self.assertLess(time.perf_counter() - start, 3.0)
        # The module counts on afterwards.
        self.assertEqual(pyke.perft("startpos", 3), 8902)

    def test_ctrl_c_stops_the_recount_of_a_verified_count(self):
        # Hashed, perft 12 of this ending takes hundredths of a second; its recount without the
        # table takes minutes, and SIGINT after 0.3 s lands in it.
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        start = time.perf_counter()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            pyke.perft("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 12, threads=1, hash_mb=64,
                       verify="recount")
        timer.join()
        self.assertLess(time.perf_counter() - start, 3.0)


class Divide(unittest.TestCase):
    def test_divide_sums_to_perft_and_is_sorted(self):
        d = pyke.divide("startpos", 4)
        self.assertEqual(len(d), 20)
        self.assertEqual(sum(d.values()), 197281)
        self.assertEqual(list(d), sorted(d))
        self.assertEqual(d["e2e4"], 13160)

    def test_divide_per_move_matches_perft_of_the_child(self):
        for move, nodes in pyke.divide(KIWIPETE, 3).items():
            self.assertEqual(nodes, pyke.perft(KIWIPETE, 2, moves=[move]), move)


class Stats(unittest.TestCase):
    def test_published_rows(self):
        # The Chess Programming Wiki's start position depth 5 and Kiwipete depth 4 rows.
        self.assertEqual(pyke.stats("startpos", 5), {
            "nodes": 4865609, "captures": 82719, "ep": 258, "castles": 0, "promotions": 0,
            "checks": 27351, "discovery_checks": 6, "double_checks": 0, "checkmates": 347})
        s = pyke.stats(KIWIPETE, 4, threads=2, hash_mb=8)
        self.assertEqual((s["nodes"], s["discovery_checks"], s["double_checks"], s["checkmates"]),
                         (4085603, 42, 6, 43))

    def test_divide_stats_sums_to_stats_and_is_sorted(self):
        d = pyke.divide_stats(KIWIPETE, 3)
        self.assertEqual(list(d), sorted(d))
        total = pyke.stats(KIWIPETE, 3)
        for column, count in total.items():
            self.assertEqual(sum(row[column] for row in d.values()), count, column)
        self.assertEqual({m: row["nodes"] for m, row in d.items()}, pyke.divide(KIWIPETE, 3))

    def test_bad_depth_raises(self):
        with self.assertRaises(ValueError):
            pyke.stats("startpos", pyke.MAX_DEPTH + 1)
        for function in (pyke.stats, pyke.divide_stats):
            with self.assertRaises(ValueError) as caught:
                function("startpos", 0)
            self.assertIn("statistics need a depth of at least 1", str(caught.exception))


class VerifiedCounts(unittest.TestCase):
    """Hashed counts confirmed by a second count, as `pyke --verify` confirms them."""

    def test_recount_and_rekey_return_the_published_counts(self):
        for how in ("recount", "rekey"):
            self.assertEqual(pyke.perft("startpos", 5, hash_mb=16, verify=how), 4865609, how)
            d = pyke.divide(KIWIPETE, 3, hash_mb=16, verify=how)
            self.assertEqual(sum(d.values()), 97862, how)
            s = pyke.stats(KIWIPETE, 3, hash_mb=16, verify=how)
            self.assertEqual((s["nodes"], s["captures"], s["checks"]), (97862, 17102, 993), how)

    def test_any_seed_gives_the_same_count(self):
        for seed in (0, 1, 2**64 - 1):
            self.assertEqual(pyke.perft(KIWIPETE, 4, hash_mb=16, zobrist_seed=seed), 4085603)

    def test_bad_verification_raises(self):
        with self.assertRaises(ValueError) as caught:
            pyke.perft("startpos", 4, verify="rekey")
        self.assertIn("needs hash_mb=", str(caught.exception))
        for bad in ("twice", "", "bare"):
            with self.assertRaises(ValueError) as caught:
                pyke.perft("startpos", 4, hash_mb=16, verify=bad)
            self.assertIn("verify takes", str(caught.exception))
        with self.assertRaises(TypeError):
            pyke.perft("startpos", 4, hash_mb=16, zobrist_seed=-1)

    def test_the_error_class_is_exported(self):
        self.assertTrue(issubclass(pyke.VerificationError, RuntimeError))


class LegalMoves(unittest.TestCase):
    def test_start_position(self):
        moves = pyke.legal_moves("startpos")
        self.assertEqual(len(moves), 20)
        self.assertIn("g1f3", moves)

    def test_promotions_and_castling(self):
        moves = pyke.legal_moves("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1")
        for m in ("b7b8q", "b7b8n", "e1g1", "e1c1"):
            self.assertIn(m, moves)

    def test_matches_divide_one(self):
        self.assertEqual(pyke.legal_moves(KIWIPETE), list(pyke.divide(KIWIPETE, 1)))


class Errors(unittest.TestCase):
    """The messages are the CLI's (see tests/cli_e2e_test.sh)."""

    def assert_error(self, part, function, *args, **kwargs):
        with self.assertRaises(ValueError) as caught:
            function(*args, **kwargs)
        self.assertIn(part, str(caught.exception))

    def test_bad_input(self):
        self.assert_error("bad FEN", pyke.perft, "8/8/8/8 w - - 0 1", 3)
        self.assert_error("castling right 'G'", pyke.perft, "4k3/8/8/8/8/8/8/R2K3R w G - 0 1", 1)
        self.assert_error("out of range", pyke.perft, "startpos", 99)
        self.assert_error("out of range", pyke.perft, "startpos", -1)
        self.assert_error("illegal move 'e2e5'", pyke.perft, "startpos", 3, moves=["e2e5"])
        self.assert_error("malformed move 'zz'", pyke.divide, "startpos", 3, moves=["e2e4", "zz"])
        self.assert_error("thread count -1 is out of range", pyke.perft, "startpos", 3, threads=-1)
        self.assert_error("thread count 1025", pyke.perft, "startpos", 3, threads=1025)
        self.assert_error("hash", pyke.perft, "startpos", 3, hash_mb=99999999999)
        self.assert_error("depth of at least 1", pyke.divide, "startpos", 0)
        self.assert_error("bad FEN", pyke.legal_moves, "junk")
        self.assert_error("empty FEN", pyke.perft, "", 3)

    def test_wrong_types_are_type_errors(self):
        with self.assertRaises(TypeError):
            pyke.perft("startpos", "3")


class Verify(unittest.TestCase):
    def test_published_suite(self):
        result = pyke.verify(data("published.epd"), max_depth=2)
        self.assertEqual(result["failed"], 0, result["failures"][:3])
        self.assertGreater(result["passed"], 100)

    def test_a_wrong_count_is_reported(self):
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
            f.write(START + " ;D1 20 ;D2 401\n")
            f.write(KIWIPETE + " ;D1 48\n")
        try:
            result = pyke.verify(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual((result["passed"], result["failed"]), (1, 1))
        self.assertEqual(result["failures"][0]["line"], 1)
        self.assertEqual(result["failures"][0]["depth"], 2)
        self.assertEqual(result["failures"][0]["expected"], 401)
        self.assertEqual(result["failures"][0]["got"], 400)

    def test_unreadable_or_malformed_files_raise(self):
        self.assert_raises_value_error(pyke.verify, "/nonexistent/suite.epd")
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
            f.write(START + " ;D1 twenty\n")
        try:
            self.assert_raises_value_error(pyke.verify, f.name)
        finally:
            os.unlink(f.name)

    def assert_raises_value_error(self, function, *args):
        with self.assertRaises(ValueError):
            function(*args)


class Stubs(unittest.TestCase):
    def test_stubs_lie_beside_the_module_and_name_every_function(self):
        stub = os.path.join(os.path.dirname(pyke.__file__), "pyke.pyi")
        with open(stub) as f:
            text = f.read()
        for name in ("perft", "divide", "stats", "divide_stats", "legal_moves", "verify"):
            self.assertIn("def %s(" % name, text)
            self.assertTrue(callable(getattr(pyke, name)))


if __name__ == "__main__":
    unittest.main()
