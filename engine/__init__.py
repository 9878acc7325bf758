"""Tammi's rules engine: English, Italian and International draughts, pure and synchronous.

>>> from engine import Board
>>> b = Board("international")
>>> len(b.legal_moves), str(b.parse_move("32-28"))
(9, '32-28')
"""

from engine.board import Board, LegalMoves
from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError, Reason
from engine.pdn import PdnGame, read_pdn, write_pdn
from engine.types import Color, Move, Outcome, Piece, Termination
from engine.variants import VARIANTS, Variant, all_variants, get_variant

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "Board",
    "Color",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoves",
    "Move",
    "MoveError",
    "Outcome",
    "PdnGame",
    "Piece",
    "Reason",
    "Termination",
    "Variant",
    "all_variants",
    "get_variant",
    "read_pdn",
    "write_pdn",
]
