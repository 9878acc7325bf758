"""PDN: whole games as text, written with the standard tags and read back for replay."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.board import Board
from engine.types import Color, Outcome
from engine.variants import VARIANTS, Variant, get_variant

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_GAMETYPES = {v.gametype: v for v in VARIANTS.values()}
_RESULTS = {"1-0": True, "2-0": True, "0-1": False, "0-2": False, "1/2-1/2": None, "1-1": None}
_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


def result_token(variant: Variant, outcome: Outcome | None) -> str:
    """The PDN result for an outcome of the rules ("*" for None): see `result_of`.

    >>> from engine.types import Outcome, Color, Termination
    >>> result_token(get_variant("english"), Outcome(Color.BLACK, Termination.NO_MOVES))
    '1-0'
    """
    return "*" if outcome is None else result_of(variant, outcome.winner)


def result_of(variant: Variant, winner: Color | None) -> str:
    """The PDN result of a finished game, however it ended (None: a draw): the first player's score
    first, "2-0" style on 10x10.

    >>> result_of(get_variant("international"), Color.BLACK), result_of(get_variant("italian"), None)
    ('0-2', '1/2-1/2')
    """
    wide = variant.size == 10
    if winner is None:
        return "1-1" if wide else "1/2-1/2"
    win = "2" if wide else "1"
    return f"{win}-0" if winner is variant.first else f"0-{win}"


def write_pdn(board: Board, tags: dict[str, str] | None = None, result: str | None = None) -> str:
    """The game played on `board` (from its start position) as PDN text.

    >>> b = Board("english"); b.push(b.parse_move("11-15")); b.push(b.parse_move("23-19"))
    >>> print(write_pdn(b, {"Event": "Club night"}).splitlines()[-1])
    1. 11-15 23-19 *
    """
    variant = board.variant
    result = result or (tags or {}).get("Result") or result_token(variant, board.outcome())
    all_tags = {name: "?" for name in SEVEN_TAGS}
    all_tags.update(tags or {})
    all_tags["Result"] = result
    all_tags["GameType"] = str(variant.gametype)
    if board.start_fen != Board(variant).fen():
        all_tags["SetUp"] = "1"
        all_tags["FEN"] = board.start_fen
    lines = [f'[{k} "{_escape(v)}"]' for k, v in all_tags.items()]
    lines.append("")
    lines.append(_movetext(board, result))
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _movetext(board: Board, result: str) -> str:
    first = board.turn if board.ply % 2 == 0 else board.turn.other  # who moved from the start FEN
    opening_side = board.variant.first
    words: list[str] = []
    number = 1
    for i, move in enumerate(board.move_stack):
        mover = first if i % 2 == 0 else first.other
        if mover is opening_side:
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(str(move))
        if mover is not opening_side:
            number += 1
    words.append(result)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


@dataclass
class PdnGame:
    """One game read from PDN: its tags, its moves as written, and its result token."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: str = "*"

    @property
    def variant(self) -> Variant:
        """The variant named by GameType (English when there is none)."""
        gametype = self.tags.get("GameType", "21").split(",")[0].strip()
        if gametype.isdecimal() and int(gametype) in _GAMETYPES:
            return _GAMETYPES[int(gametype)]
        return get_variant("english")

    @property
    def winner(self) -> Color | None:
        """The winner the result names (None for a draw or an unfinished game)."""
        first_won = _RESULTS.get(self.result)
        if first_won is None:
            return None
        return self.variant.first if first_won else self.variant.first.other

    def replay(self, *, exact: bool = False) -> Board:
        """A board with every move played; raises `MoveError` at the first illegal one.

        With `exact`, every move must be written in full as `write_pdn` writes it (``str(move)``), and
        nothing is guessed: use it for games Tammi wrote itself. Without it, the forgiving move reader
        also takes the short forms other programs write (``28x19`` for a longer capture).

        >>> game = read_pdn('[GameType "21"]\\n1. 11-15 23-19 2. 8-11 *')[0]
        >>> [str(move) for move in game.replay(exact=True).move_stack]
        ['11-15', '23-19', '8-11']
        """
        board = Board(self.variant, fen=self.tags.get("FEN"))
        if exact:
            for text in self.moves:
                board.push_str(text)
        else:
            for text in self.moves:
                board.push(board.parse_move(text))
        return board


def read_pdn(text: str) -> list[PdnGame]:
    """Every game in a PDN text.

    >>> games = read_pdn('[GameType "20"]\\n1. 32-28 19-23 2. 28x19 14x23 2-0')
    >>> games[0].moves, games[0].result, games[0].variant.name
    (['32-28', '19-23', '28x19', '14x23'], '2-0', 'international')
    """
    games: list[PdnGame] = []
    current = PdnGame()
    started = False
    body = _strip_comments(text)
    for match in re.finditer(r'\[[^\]]*\]|[^\s\[]+', body):
        token = match.group(0)
        tag = _TAG.fullmatch(token)
        if tag:
            if started:
                games.append(current)
                current, started = PdnGame(), False
            current.tags[tag.group(1)] = tag.group(2).replace('\\"', '"').replace("\\\\", "\\")
            continue
        if token in _RESULTS or token == "*":
            current.result = token
            games.append(current)
            current, started = PdnGame(), False
            continue
        started = True
        move = re.sub(r"^\d+\.+", "", token).rstrip("!?*")
        if move and not move.startswith("$"):
            current.moves.append(move)
    if started or current.tags:
        current.result = current.tags.get("Result", "*")
        games.append(current)
    return games


def _strip_comments(text: str) -> str:
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r";[^\n]*", " ", text)
    while True:
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            return text
        text = stripped
