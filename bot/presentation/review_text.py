"""A game review as messages: the graph, each turning point with a board picture of the position before
it (the better move as an arrow), and a summary per player; and a hint with its arrow."""

from __future__ import annotations

from bot.domain.model import Game
from bot.flows.review import Hinted
from bot.presentation import catalogue, game_text
from bot.presentation.messages import Action, Attachment, Button, Kind, Reply
from bot.workers import Workers
from engine import Color, get_variant
from engine.evaluation import MATE_BOUND
from engine.review import Review, Turn

MAX_POINTS = 6  # turning points shown with a picture; the biggest losses first, in game order


def score_text(lang: str, score: int) -> str:
    """A score in men with its sign ("+1.4", "-0.2"), or "won"/"lost" for a result the search found."""
    if score > MATE_BOUND:
        return catalogue.say(lang, "review_score_won")
    if score < -MATE_BOUND:
        return catalogue.say(lang, "review_score_lost")
    text = f"{score / 100:+.1f}"
    return text.replace(".", ",") if lang == "fi" else text


def _label(lang: str, variant: str, color: Color) -> str:
    name = game_text.side(lang, variant, color)
    return name[:1].upper() + name[1:]


def shown_points(review: Review) -> list[Turn]:
    """The turning points to show: at most MAX_POINTS, the costliest, in the order they were played."""
    points = review.turning_points()
    chosen = sorted(points, key=lambda t: (-t.loss, t.ply))[:MAX_POINTS]
    return sorted(chosen, key=lambda t: t.ply)


def point_text(lang: str, game: Game, turn: Turn) -> str:
    side = game_text.side(lang, game.variant, turn.color)
    lines = [catalogue.say(lang, "review_point", number=turn.number, name=game.player(turn.color).name,
                           side=side, move=turn.move, best=turn.best,
                           verdict=catalogue.say(lang, f"review_verdict_{turn.verdict.value}"),
                           why=catalogue.say(lang, f"review_why_{(turn.why or 'position')}")),
             catalogue.say(lang, "review_eval", side=side, before=score_text(lang, turn.before),
                           after=score_text(lang, turn.after))]
    if turn.line:
        lines.append(catalogue.say(lang, "review_line", best=turn.best, line=" ".join(turn.line)))
    if turn.refutation:
        lines.append(catalogue.say(lang, "review_refutation", move=turn.move, line=" ".join(turn.refutation)))
    return "\n".join(lines)


def try_button(lang: str, game: Game, turn: Turn) -> Button:
    """"Try it as a puzzle": the position before the turning point, opened as the channel's puzzle."""
    return Button(f"{Action.TRY_PUZZLE.value}:{game.id}:{turn.ply}",
                  catalogue.say(lang, "review-try-puzzle", number=turn.number))


async def review_replies(workers: Workers, lang: str, game: Game, review: Review, *,
                         hints: int = 0, puzzles: frozenset[int] = frozenset()) -> list[Reply]:
    """The review of `game` as messages: graph, turning points (with "Try it as a puzzle" under those whose
    position before is a puzzle: their plies in `puzzles`), summary."""
    variant = game.variant
    points = shown_points(review)
    all_points = review.turning_points()
    labels = (_label(lang, variant, Color.WHITE), _label(lang, variant, Color.BLACK))
    graph = await workers.graph_png(review.scores, variant=variant, labels=labels,
                                    marks=tuple(t.ply + 1 for t in all_points))
    head = [catalogue.say(lang, "review_graph", id=game.id, white=game_text.who(lang, game, Color.WHITE),
                          black=game_text.who(lang, game, Color.BLACK),
                          white_side=game_text.side(lang, variant, Color.WHITE),
                          black_side=game_text.side(lang, variant, Color.BLACK))]
    if not all_points:
        head.append(catalogue.say(lang, "review_none"))
    replies = [Reply("\n".join(head), attachment=Attachment(graph, "review.png") if graph else None,
                     kind=Kind.REVIEW, game_id=game.id)]
    for turn in points:
        board = review.board_before(turn.ply)
        picture = await workers.board_png(board, flipped=game_text.flipped_for(turn.color),
                                          arrow=board.parse_move(turn.best))
        tries = (try_button(lang, game, turn),) if turn.ply in puzzles else ()
        replies.append(Reply(point_text(lang, game, turn),
                             attachment=Attachment(picture, "board.png") if picture else None,
                             kind=Kind.REVIEW, game_id=game.id, buttons=tries))
    lines = [catalogue.say(lang, "review_summary", id=game.id)]
    first = get_variant(variant).first
    for color in (first, first.other):
        summary = review.summary(color)
        lines.append(catalogue.say(lang, "review_summary_line", name=game.player(color).name,
                                   side=game_text.side(lang, variant, color), moves=summary.moves,
                                   mistakes=summary.mistakes, blunders=summary.blunders,
                                   accuracy=summary.accuracy))
    if len(all_points) > len(points):
        lines.append(catalogue.say(lang, "review_more", count=len(all_points) - len(points)))
    if hints:
        lines.append(catalogue.say(lang, "hints_used", count=hints))
    lines.append(catalogue.say(lang, "review_accuracy_note"))
    replies.append(Reply("\n".join(lines), kind=Kind.REVIEW, game_id=game.id))
    return replies


async def hint_reply(workers: Workers, lang: str, hinted: Hinted, name: str) -> Reply:
    """A hint: the move in words and as an arrow on the board, seen from the player's side."""
    game, board, move = hinted.game, hinted.board, hinted.move
    lines = [catalogue.say(lang, "hint", name=name, move=str(move)),
             catalogue.say(lang, "hints_used", count=hinted.hints), game_text.turn_line(lang, game)]
    picture = await workers.board_png(board, flipped=game_text.flipped_for(game.turn), arrow=move)
    return Reply("\n".join(lines), attachment=Attachment(picture, "board.png") if picture else None,
                 buttons=game_text.game_buttons(lang, game), title=game_text.title(lang, game),
                 fields=game_text.fields(lang, game), kind=Kind.HINT, game_id=game.id)
