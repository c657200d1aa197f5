"""Type stubs of the `pyke` extension module (//python:pyke)."""

from typing import Literal, Optional, Sequence, TypedDict

MAX_DEPTH: int
MAX_THREADS: int

class VerificationError(RuntimeError):
    """A verified count's second count differs: the hashed count is not to be trusted."""

class VerifyFailure(TypedDict, total=False):
    line: int
    fen: str
    depth: int
    expected: int
    got: Optional[int]
    error: str

class VerifyResult(TypedDict):
    passed: int
    failed: int
    skipped: int
    failures: list[VerifyFailure]

def perft(fen: str, depth: int, *, threads: int = 0, hash_mb: int = 0,
          moves: Sequence[str] = (), chess960: bool = False,
          zobrist_seed: Optional[int] = None,
          verify: Optional[Literal["recount", "rekey"]] = None) -> int: ...
def divide(fen: str, depth: int, *, threads: int = 0, hash_mb: int = 0,
           moves: Sequence[str] = (), chess960: bool = False,
           zobrist_seed: Optional[int] = None,
           verify: Optional[Literal["recount", "rekey"]] = None) -> dict[str, int]: ...
class Stats(TypedDict):
    nodes: int
    captures: int
    ep: int
    castles: int
    promotions: int
    checks: int
    discovery_checks: int
    double_checks: int
    checkmates: int

def stats(fen: str, depth: int, *, threads: int = 0, hash_mb: int = 0,
          moves: Sequence[str] = (), chess960: bool = False,
          zobrist_seed: Optional[int] = None,
          verify: Optional[Literal["recount", "rekey"]] = None) -> Stats: ...
def divide_stats(fen: str, depth: int, *, threads: int = 0, hash_mb: int = 0,
                 moves: Sequence[str] = (), chess960: bool = False,
                 zobrist_seed: Optional[int] = None,
                 verify: Optional[Literal["recount", "rekey"]] = None) -> dict[str, Stats]: ...
def legal_moves(fen: str, *, moves: Sequence[str] = (), chess960: bool = False) -> list[str]: ...
def verify(path: str, *, max_depth: Optional[int] = None, threads: int = 0,
           hash_mb: int = 0) -> VerifyResult: ...
