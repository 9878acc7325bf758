"""Draw rules: claims in English, automatic endings in Italian and International."""

from engine import Board, Termination


def quiet_walk(board: Board, plies: int, kings_only: bool = True) -> None:
    """Play `plies` king moves that never offer a capture nor repeat a position three times.

    A depth-first search with backtracking, preferring positions not seen before.
    """

    def walk(left: int) -> bool:
        if left == 0:
            return True
        options = []
        for move in board.legal_moves:
            piece = board.piece_at(move.start)
            if move.is_capture or piece is None or (kings_only and not piece.king):
                continue
            board.push(move)
            if board.repetitions() < 3 and not any(m.is_capture for m in board.legal_moves):
                options.append((board.repetitions(), str(move), move))
            board.pop()
        for _, _, move in sorted(options):
            board.push(move)
            if walk(left - 1):
                return True
            board.pop()
        return False

    assert walk(plies)


def shuffle(board: Board, cycle: list[str], times: int) -> None:
    for _ in range(times):
        for text in cycle:
            board.push(board.parse_move(text))


def test_english_threefold_is_a_claim_not_an_ending() -> None:
    board = Board("english", fen="B:WK29:BK4")
    shuffle(board, ["4-8", "29-25", "8-4", "25-29"], 1)
    assert board.repetitions() == 2 and board.claimable_draw() is None
    shuffle(board, ["4-8", "29-25", "8-4", "25-29"], 1)
    assert board.repetitions() == 3
    assert board.claimable_draw() is Termination.THREEFOLD
    assert board.outcome() is None and not board.is_game_over()


def test_italian_threefold_ends_the_game() -> None:
    board = Board("italian", fen="W:WK29:BK4")
    shuffle(board, ["29-25", "4-8", "25-29", "8-4"], 2)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == "threefold"  # a StrEnum: callers comparing with the old strings still work
    assert outcome.reason is Termination.THREEFOLD


def test_english_forty_move_rule_needs_eighty_plies() -> None:
    board = Board("english", fen="B:WK29,K30,K31,K32:BK1,K2,K3,K4")
    quiet_walk(board, 79)
    assert board.quiet_plies == 79 and board.claimable_draw() is None
    quiet_walk(board, 1)
    assert board.claimable_draw() is Termination.FORTY_MOVES and board.outcome() is None


def test_a_man_move_resets_the_count() -> None:
    board = Board("italian", fen="W:WK29,30:BK1,2")
    quiet_walk(board, 4)
    assert board.quiet_plies == 4
    board.push(board.parse_move("30-26"))
    assert board.quiet_plies == 0


def test_italian_eighty_plies_is_an_automatic_draw() -> None:
    board = Board("italian", fen="W:WK29,K30,K31,K32:BK1,K2,K3,K4")
    quiet_walk(board, 79)
    assert board.outcome() is None
    quiet_walk(board, 1)
    outcome = board.outcome()
    assert outcome is not None and outcome.reason is Termination.NO_PROGRESS


def test_international_twenty_five_king_moves_each() -> None:
    board = Board("international", fen="W:WK46,K47,K48:BK1,K2,K3,K5")
    quiet_walk(board, 49)
    assert board.outcome() is None
    quiet_walk(board, 1)
    outcome = board.outcome()
    assert outcome is not None and outcome.reason is Termination.NO_PROGRESS


def test_international_three_against_a_lone_king_sixteen_moves() -> None:
    board = Board("international", fen="W:WK6,K36,47:BK45")
    quiet_walk(board, 31)
    assert board.outcome() is None
    quiet_walk(board, 1)
    outcome = board.outcome()
    assert outcome is not None and outcome.reason is Termination.ENDGAME and outcome.winner is None


def test_international_two_against_a_lone_king_five_moves() -> None:
    board = Board("international", fen="W:WK6,K36:BK45")
    quiet_walk(board, 9)
    assert board.outcome() is None
    quiet_walk(board, 1)
    outcome = board.outcome()
    assert outcome is not None and outcome.reason == "endgame"


def test_no_endgame_count_with_more_pieces() -> None:
    board = Board("international", fen="W:WK6,K36,K26,K16:BK45")
    quiet_walk(board, 40)
    assert board.outcome() is None
