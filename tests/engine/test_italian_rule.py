"""The Italian capture choice against a slow reference written straight from the rule text (docs/RULES.md).

The reference finds every capture sequence on coordinates (no bitboards, no shared code with the
generator), then applies the rule one sentence at a time: most pieces; if tied, made with a king; if
still tied, most kings; if still tied, the kings met earliest, compared king by king from the left.
"""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import Board, Color, IllegalMoveError, Piece, Reason

Seq = tuple[tuple[int, ...], tuple[int, ...]]
Key = tuple[int, int, frozenset[int]]


def all_captures(board: Board) -> list[Seq]:
    """Every complete capture sequence of the side to move, by the Italian rules, on coordinates."""
    out: list[Seq] = []
    for start, piece in board.pieces().items():
        if piece.color is board.turn:
            go_on(board, piece, start, (start,), (), out)
    return out


def go_on(board: Board, piece: Piece, square: int, path: tuple[int, ...], caps: tuple[int, ...],
          out: list[Seq]) -> None:
    """Extend a capture by `piece` standing on `square`; a sequence that cannot go on is complete."""
    v = board.variant
    forward = -1 if piece.color is Color.WHITE else 1  # rows count from the top; White moves up
    r, c = v.coords(square)
    went_on = False
    for dr in (-1, 1):
        if not piece.king and dr != forward:
            continue  # men capture forward only
        for dc in (-1, 1):
            mid, land = v.square_at(r + dr, c + dc), v.square_at(r + 2 * dr, c + 2 * dc)
            if mid is None or land is None or mid in caps:
                continue  # off the board, or a piece jumped already
            victim = board.piece_at(mid)
            if victim is None or victim.color is piece.color:
                continue
            if victim.king and not piece.king:
                continue  # a man may not capture a king
            if board.piece_at(land) is not None and land != path[0]:
                continue  # jumped pieces stay on the board until the move ends
            went_on = True
            if not piece.king and land in v.promotion_row(piece.color):
                out.append(((*path, land), (*caps, mid)))  # crowned: the move ends
            else:
                go_on(board, piece, land, (*path, land), (*caps, mid), out)
    if not went_on and caps:
        out.append((path, caps))


def met_earlier(a: list[int], b: list[int]) -> bool:
    """Whether king positions `a` beat `b`: the first place where they differ, `a`'s king comes first."""
    for x, y in zip(a, b, strict=True):
        if x != y:
            return x < y
    return False


def rule_text_filter(board: Board, seqs: list[Seq]) -> list[Seq]:
    """The sequences the Italian rule lets the player choose from, criterion by criterion."""

    def is_king(square: int) -> bool:
        piece = board.piece_at(square)
        return piece is not None and piece.king

    most = max(len(caps) for _, caps in seqs)
    seqs = [s for s in seqs if len(s[1]) == most]
    if any(is_king(path[0]) for path, _ in seqs):
        seqs = [s for s in seqs if is_king(s[0][0])]
    most_kings = max(sum(map(is_king, caps)) for _, caps in seqs)
    seqs = [s for s in seqs if sum(map(is_king, s[1])) == most_kings]
    where = {s: [i + 1 for i, c in enumerate(s[1]) if is_king(c)] for s in seqs}
    return [s for s in seqs if not any(met_earlier(where[o], where[s]) for o in seqs)]


def first_lost_criterion(board: Board, seq: Seq, best: Seq) -> Reason:
    """The first criterion on which `seq` loses to an allowed sequence `best`."""

    def is_king(square: int) -> bool:
        piece = board.piece_at(square)
        return piece is not None and piece.king

    if len(seq[1]) != len(best[1]):
        return Reason.NOT_MAXIMUM
    if is_king(seq[0][0]) != is_king(best[0][0]):
        return Reason.MUST_CAPTURE_WITH_KING
    if sum(map(is_king, seq[1])) != sum(map(is_king, best[1])):
        return Reason.MUST_CAPTURE_MORE_KINGS
    return Reason.MUST_MEET_KING_EARLIER


def key(seq: Seq) -> Key:
    return seq[0][0], seq[0][-1], frozenset(seq[1])


@st.composite
def positions(draw: st.DrawFn) -> str:
    """An Italian FEN with kings on both sides: either any pieces anywhere, or a "lattice" where the
    mover's pieces stand on rows of one parity and the opponent's on the others, so every enemy piece
    next to a king can be jumped and the sequences branch (where the earliest-king rule bites)."""
    mover = draw(st.sampled_from(Color))
    lattice = draw(st.integers(0, 3)) > 0  # three in four
    parity = draw(st.integers(0, 1))
    cells = draw(st.lists(st.integers(0, 99), min_size=32, max_size=32))
    board = Board("italian", fen="W:W:B")
    pieces: dict[int, tuple[Color, bool]] = {}
    for square, roll in enumerate(cells, start=1):
        if lattice:
            own_row = board.variant.coords(square)[0] % 2 == parity
            if own_row and roll >= 80:
                pieces[square] = (mover, roll >= 88)
            elif not own_row and roll >= 35:
                pieces[square] = (mover.other, roll >= 55)
        elif roll >= 50:
            pieces[square] = (Color.WHITE if roll % 2 else Color.BLACK, roll >= 80)
    lists: dict[Color, list[str]] = {Color.WHITE: [], Color.BLACK: []}
    for square, (color, king) in pieces.items():
        king = king or square in board.variant.promotion_row(color)
        lists[color].append(f"{'K' if king else ''}{square}")
    assume(all(any(item.startswith("K") for item in items) for items in lists.values()))
    return f"{mover.value}:W{','.join(lists[Color.WHITE])}:B{','.join(lists[Color.BLACK])}"


@settings(max_examples=400, deadline=None)
@given(positions())
def test_italian_capture_choice_matches_the_rule_text(fen: str) -> None:
    board = Board("italian", fen=fen)
    every = all_captures(board)
    legal = list(board.legal_moves)
    if not every:
        assert not any(m.is_capture for m in legal)
        return
    allowed = rule_text_filter(board, every)
    # one move per start, end and captured set, shown by the path that sorts first
    canonical: dict[Key, Seq] = {}
    for seq in allowed:
        if key(seq) not in canonical or seq[0] < canonical[key(seq)][0]:
            canonical[key(seq)] = seq
    assert sorted((m.path, m.captures) for m in legal) == sorted(canonical.values())


@settings(max_examples=150, deadline=None)
@given(positions())
def test_a_refused_italian_capture_names_the_criterion_it_loses_on(fen: str) -> None:
    board = Board("italian", fen=fen)
    every = all_captures(board)
    assume(every)
    allowed = rule_text_filter(board, every)
    allowed_keys = {key(s) for s in allowed}
    for seq in every:
        if key(seq) in allowed_keys or len(seq[0]) < 3:
            continue  # allowed, or a single jump (which the forgiving parser may read as start and end)
        text = "x".join(map(str, seq[0]))
        try:
            board.parse_move(text)
        except IllegalMoveError as err:
            assert err.reason is first_lost_criterion(board, seq, allowed[0]), text
        else:
            raise AssertionError(f"{text} was accepted on {fen}")


def test_the_reference_agrees_with_worked_positions_11_and_11b() -> None:
    for fen, only in (("W:WK18:BK13,5,14,K7", (18, 9, 2)), ("W:WK1:BK14,K5,K7,22,6", (1, 10, 19, 26))):
        board = Board("italian", fen=fen)
        assert [path for path, _ in rule_text_filter(board, all_captures(board))] == [only]
