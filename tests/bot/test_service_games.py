"""Conversation tests: whole games, draws, resignations, refusals, strangers, in English and Finnish."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.presentation import catalogue
from engine import Board, Color
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, game_from, open_chat, start_game, whose_turn


@pytest.fixture
async def database(databases: Databases) -> str:
    """Conversation tests run on SQLite: the storage under them is tested on every backend (SQLite,
    PostgreSQL and the in-memory one) in test_storage.py, and the flows in tests/bot/unit."""
    return await databases.new("sqlite")


@pytest.fixture
async def chat(database: str) -> AsyncIterator[Chat]:
    chat = await open_chat(database)
    yield chat
    await close_chat(chat)


async def random_game(chat: Chat, white_seed: int, game_id: int) -> list[str]:
    """Both players type random legal moves until the game ends; returns the last reply texts."""
    rng = random.Random(white_seed)
    texts: list[str] = []
    for _ in range(3000):
        game = await chat.storage.get_game(game_id)
        assert game is not None
        if not game.active:
            return texts
        mover = whose_turn(chat, game)
        moves = await chat.service.suggest_moves(chat.platform, chat.channel, mover)
        replies = await chat.say(mover, rng.choice(moves))
        assert len(replies) == 1 and replies[0].kind == "board", replies
        texts = [reply.text for reply in replies]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", ["english", "italian", "international"])
async def test_full_game_to_a_win(chat: Chat, variant: str) -> None:
    for seed in range(30):
        game_id = await start_game(chat, "ann", "bob", variant)
        last = await random_game(chat, seed, game_id)
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.status == "finished"
        if game.result != "1/2-1/2":
            break
    else:
        raise AssertionError("no random game ended in a win")
    assert game.ending == "no_moves"
    winner = game.white.name if game.result == "1-0" else game.black.name
    assert f"{winner} (" in last[0] and "wins" in last[0]
    # The stored moves replay to the stored position, and the board agrees the game is over.
    board = Board(variant)
    for move in game.moves:
        board.push(board.parse_move(move))
    assert board.fen() == game.fen and board.is_game_over()
    # Nobody can move any more; the players are free for new games.
    assert await chat.text(game.white.user_id, "!tammi resign") != ""
    assert await chat.storage.active_game_for(chat.platform, chat.channel, game.white.user_id) is None
    # A long enough game is rated.
    assert game.rated == (len(game.moves) >= 8)
    # Rated in its variant, where both are still provisional: not on the leaderboard, but counted.
    board_text = await chat.text("ann", f"!tammi leaderboard {variant}")
    assert "no rating in this channel has settled yet" in board_text
    assert "2 players have provisional ratings" in board_text
    stats = await chat.text("ann", "!tammi stats @bob")
    assert f"{catalogue.variant_title('en', variant)}: " in stats and "? (" in stats


async def test_challenge_accept_and_first_moves(chat: Chat) -> None:
    replies = await chat.say("ann", "!tammi challenge @bob white")
    assert replies[0].kind == "challenge"
    assert [b.id for b in replies[0].buttons] == ["acc:1", "dec:1"]
    assert replies[0].mentions[0].user_id == "bob"
    assert "ann plays White" in replies[0].text
    # A stranger cannot accept a challenge meant for bob.
    refused = await chat.press("cat", "acc:1")
    assert refused[0].private and "for bob" in refused[0].text
    started = await chat.press("bob", "acc:1")
    game = await chat.storage.get_game(started[0].game_id or 0)
    assert game is not None and game.white.user_id == "ann" and game.black.user_id == "bob"
    assert "Red (bob) to move" in started[0].text
    assert started[0].mentions[0].user_id == "bob"
    # Red moves first in English checkers; White may not.
    not_yours = await chat.say("ann", "22-18")
    assert not_yours[0].private and "not your turn" in not_yours[0].text
    moved = await chat.say("bob", "11-15")
    assert moved[0].text.startswith("bob played 11-15.") and "White (ann) to move" in moved[0].text
    assert moved[0].mentions[0].user_id == "ann"
    assert dict(moved[0].fields)["Last move"] == "11-15"
    # The move command, algebraic squares and a capture all work.
    assert (await chat.command("ann", "move", "c3-d4"))[0].text.startswith("ann played 22-18")
    assert (await chat.say("bob", "15x22"))[0].text.startswith("bob played 15x22")
    assert (await chat.say("ann", "!tammi move 25x18"))[0].kind == "board"


async def test_open_challenge_and_coin_toss(chat: Chat) -> None:
    replies = await chat.say("ann", "!tammi challenge italian")
    assert "anyone" in replies[0].text and "Italian" in replies[0].text
    assert [b.id for b in replies[0].buttons] == ["acc:1", "can:1"]
    assert "own challenge" in (await chat.say("ann", "!tammi accept"))[0].text
    started = await chat.say("cat", "!tammi accept")
    game = await chat.storage.get_game(started[0].game_id or 0)
    assert game is not None and game.variant == "italian"
    assert {game.white.user_id, game.black.user_id} == {"ann", "cat"}


async def test_coin_toss_gives_both_colours(database: str) -> None:
    chat = await open_chat(database, seed=5)
    try:
        colours = set()
        for index in range(12):
            game_id = await start_game(chat, f"p{index}", f"q{index}")
            game = await chat.storage.get_game(game_id)
            assert game is not None
            colours.add(game.white.user_id.startswith("p"))
        assert colours == {True, False}
    finally:
        await close_chat(chat)


async def test_decline_cancel_and_one_challenge_at_a_time(chat: Chat) -> None:
    await chat.say("ann", "!tammi challenge @bob")
    assert "already have an open challenge" in await chat.text("ann", "!tammi challenge @cat")
    assert "declined" in await chat.text("bob", "!tammi decline")
    assert "no longer open" in (await chat.press("bob", "acc:1"))[0].text
    await chat.say("ann", "!tammi challenge @cat")
    assert "cancelled" in await chat.text("ann", "!tammi cancel")
    assert "no open challenge" in await chat.text("cat", "!tammi accept")


async def test_challenge_refusals(chat: Chat) -> None:
    assert "yourself" in await chat.text("ann", "!tammi challenge @ann")
    assert "don't know who" in await chat.text("ann", "!tammi challenge zed")
    await start_game(chat, "ann", "bob")
    assert "already have a game" in await chat.text("ann", "!tammi challenge @cat")
    assert "bob already has a game" in await chat.text("cat", "!tammi challenge @bob")
    # A name typed without a mention finds someone who has spoken here before.
    await chat.say("dan", "hello all")
    await chat.say("dan", "!tammi help")
    assert "dan" in (await chat.say("cat", "!tammi challenge dan"))[0].text


async def test_games_in_parallel_and_plain_chat_ignored(chat: Chat) -> None:
    first = await start_game(chat, "ann", "bob", "white")
    second = await start_game(chat, "cat", "dan", "white")
    assert first != second
    # Each player's plain move goes to their own game.
    assert (await chat.say("bob", "9-13"))[0].game_id == first
    assert (await chat.say("dan", "10-14"))[0].game_id == second
    listing = await chat.text("eve", "!tammi games")
    assert f"#{first} ann" in listing and f"#{second} cat" in listing
    # Ordinary chat, and moves from people without a game, get no answer.
    assert await chat.say("ann", "nice move bob") == []
    assert await chat.say("eve", "9-13") == []
    assert await chat.say("eve", "accept") == []


async def test_resignation(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    confirm = await chat.press("ann", f"res:{game_id}")
    assert confirm[0].private and confirm[0].buttons[0].id == f"rsc:{game_id}"
    assert "not playing" in (await chat.press("cat", f"rsc:{game_id}"))[0].text
    done = await chat.press("ann", f"rsc:{game_id}")
    assert "ann (White) resigned. bob (Red) wins." in done[0].text
    assert "Not rated: the game was too short." in done[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.result == "0-1" and game.ending == "resign" and not game.rated
    assert await chat.storage.leaderboard(chat.platform, chat.channel, "english") == []
    assert [b.id for b in done[0].buttons] == [f"rem:{game_id}"]
    assert "already over" in (await chat.press("bob", f"dro:{game_id}"))[0].text


async def test_draw_by_agreement_and_declines(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    assert "right after your own move" in await chat.text("bob", "!tammi draw")
    offer = await chat.say("bob", "11-15 draw")
    assert "bob (Red) offers a draw" in offer[0].text
    assert [b.id for b in offer[0].buttons][:2] == [f"dra:{game_id}", f"drd:{game_id}"]
    assert "cannot answer your own offer" in (await chat.press("bob", f"dra:{game_id}"))[0].text
    # Moving declines the offer.
    moved = await chat.say("ann", "22-18")
    assert "declined by the move" in moved[0].text
    assert "no draw offer" in (await chat.press("bob", f"dra:{game_id}"))[0].text
    await chat.press("ann", f"dro:{game_id}")
    assert "declined the draw offer" in await chat.text("bob", "!tammi draw decline")
    await chat.say("bob", "15x22")
    await chat.say("bob", "!tammi draw")
    done = await chat.say("ann", "!tammi accept")
    assert "Draw by agreement." in done[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.result == "1/2-1/2" and game.ending == "agreement"


async def test_draw_without_a_word_accepts_the_opponents_standing_offer(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "11-15 draw")
    done = await chat.say("ann", "!tammi draw")
    assert "Draw by agreement." in done[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and (game.result, game.ending) == ("1/2-1/2", "agreement")


async def test_claimed_draw_by_repetition(chat: Chat) -> None:
    game_id = await game_from(chat, "B:WK28:BK1")
    assert "nothing to claim" in await chat.text("ann", "!tammi claim")
    texts = []
    for user, move in [("bob", "1-5"), ("ann", "28-24"), ("bob", "5-1"), ("ann", "24-28")] * 2:
        texts.append(await chat.text(user, move))
    assert "A draw can now be claimed (threefold repetition)" in texts[-1]
    assert "claimed" not in texts[-2]
    done = await chat.say("bob", "!tammi claim")
    assert "bob claimed a draw by threefold repetition" in done[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.result == "1/2-1/2" and game.ending == "claim_threefold"


async def test_automatic_draw_in_international(chat: Chat) -> None:
    game_id = await game_from(chat, "W:WK50:BK1", "international")
    last = ""
    for _ in range(4):
        for user, move in [("ann", "50-45"), ("bob", "1-6"), ("ann", "45-50"), ("bob", "6-1")]:
            last = await chat.text(user, move)
            game = await chat.storage.get_game(game_id)
            assert game is not None
            if not game.active:
                break
        if not game.active:
            break
    assert game.result == "1/2-1/2" and game.ending in {"threefold", "endgame"}
    assert "Draw" in last


async def test_refused_moves_with_reasons_in_both_languages(chat: Chat) -> None:
    await game_from(chat, "B:W14,15,22:B10")
    refused = await chat.say("bob", "10-13")
    text = refused[0].text
    assert refused[0].private and refused[0].kind == "error"
    assert text.startswith("10-13 is not allowed:")
    assert "10x17x26" in text and "10x19" in text  # the legal options
    assert "`rules " in text  # a pointer to the rule
    fi = await chat.say("bob", "10-15", locale="fi")
    assert fi[0].text.startswith("10-15 ei käy:") and "10x17x26" in fi[0].text and "Sääntö:" in fi[0].text
    syntax = await chat.say("bob", "99-98")  # bob's client language is remembered (Finnish) ...
    assert "ei käy" in syntax[0].text
    syntax = await chat.say("bob", "99-98", locale="en")  # ... until a message names another
    assert "not allowed" in syntax[0].text
    # A language the channel chose wins over each user's client language.
    assert "Tallennettu" in await chat.text("ann", "!tammi settings fi")
    assert "ei käy" in await chat.text("bob", "10-14")
    assert "ei käy" in await chat.text("bob", "10-14", locale="en-GB")


async def test_strangers_are_refused(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    for button in ("res", "rsc", "dro", "dra", "drd", "una", "und", "clm"):
        replies = await chat.press("eve", f"{button}:{game_id}")
        assert replies[0].private and "not playing" in replies[0].text, button
    assert "no game" in await chat.text("eve", "!tammi resign")
    assert "no game" in await chat.text("eve", "!tammi move 9-13")
    # Spectators may look at the board and the legal moves.
    board = await chat.press("eve", f"brd:{game_id}")
    assert board[0].game_id == game_id and "Red (bob) to move" in board[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.moves == () and game.active


async def test_undo_rematch_pdn_stats(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "9-13")
    assert "only take back your own" in await chat.text("ann", "!tammi undo")
    request = await chat.say("bob", "!tammi undo")
    assert "asks to take back" in request[0].text and request[0].buttons[0].id == f"una:{game_id}"
    done = await chat.press("ann", f"una:{game_id}")
    assert "9-13 was taken back" in done[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.moves == () and game.player(game.turn).user_id == "bob"
    await chat.say("bob", "11-15")
    await chat.say("bob", "!tammi undo")
    assert "declined the take-back" in await chat.text("ann", "!tammi decline")
    pdn = await chat.text("ann", "!tammi pdn")
    assert '[White "ann"]' in pdn and "1. 11-15 *" in pdn
    await chat.say("ann", "!tammi resign")
    rematch = await chat.say("bob", "!tammi rematch")
    assert "Rematch of game" in rematch[0].text and rematch[0].mentions[0].user_id == "ann"
    started = await chat.say("ann", "!tammi accept")
    new = await chat.storage.get_game(started[0].game_id or 0)
    assert new is not None and new.white.user_id == "bob" and new.black.user_id == "ann"
    stats = await chat.text("ann", "!tammi stats")
    assert "ann: 2 games, 0 won, 1 lost, 0 drawn, 1 in progress." in stats


async def test_help_rules_and_free_questions(chat: Chat) -> None:
    help_text = await chat.text("ann", "!tammi help")
    assert "challenge" in help_text and "9-13" in help_text
    assert "Säännöt" in await chat.text("ann", "/help", locale="fi") or "tammea" in await chat.text(
        "ann", "/help", locale="fi")
    listing = await chat.text("ann", "!tammi rules", locale="en")
    assert "Kings and promotion" in listing
    kings = await chat.say("ann", "!tammi rules kings international")
    assert kings[0].kind == "rules" and "International" in kings[0].text
    fi = await chat.text("ann", "!tammi rules kuningas", locale="fi")
    assert "kuningas" in fi.lower()
    # A free question addressed to the bot finds the nearest topic; unaddressed chat is ignored.
    answer = await chat.say("ann", "can kings fly?", addressed=True)
    assert answer and answer[0].kind == "rules"
    assert await chat.say("ann", "can kings fly?") == []
    topics = chat.service.rule_topics("fi")
    assert topics and all(isinstance(title, str) for _, title in topics)


async def test_suggest_moves_only_for_the_player_to_move(chat: Chat) -> None:
    await start_game(chat, "ann", "bob", "white")
    assert sorted(await chat.service.suggest_moves(chat.platform, chat.channel, "bob")) == sorted(
        str(m) for m in Board("english").legal_moves)
    assert await chat.service.suggest_moves(chat.platform, chat.channel, "ann") == []
    assert await chat.service.suggest_moves(chat.platform, chat.channel, "eve") == []


async def test_tournament_illegal_move_procedure(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white", "tournament")
    first = await chat.say("bob", "9-17")
    assert "Warning (tournament rules)" in first[0].text and not first[0].private
    # Unreadable text is not an illegal move attempt.
    assert "Warning" not in await chat.text("bob", "!tammi move hello")
    second = await chat.say("bob", "10-19")
    assert "second illegal move attempt" in second[0].text and "ann (White) wins" in second[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.result == "1-0" and game.ending == "illegal_moves"


async def test_colour_names_follow_the_variant(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "international", "black")
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.black.user_id == "ann"
    text = (await chat.press("ann", f"brd:{game_id}"))[0].text
    assert "ann (Black)" in text and "White (bob) to move" in text
    assert game.turn is Color.WHITE


async def test_channel_settings_choose_language_and_rules(chat: Chat) -> None:
    assert "English for you), rules: English checkers" in await chat.text("ann", "!tammi settings")
    saved = await chat.text("ann", "!tammi settings fi international")
    assert saved.startswith("Tallennettu") and "kieli: suomi" in saved and "kansainvälinen tammi" in saved
    challenge = await chat.text("ann", "!tammi challenge @bob")
    assert "kansainvälinen tammi" in challenge and "haastaa sinut" in challenge
    started = await chat.say("bob", "!tammi accept")
    game = await chat.storage.get_game(started[0].game_id or 0)
    assert game is not None and game.variant == "international"
    # Another channel keeps the defaults.
    other = await chat.text("cat", "!tammi settings", channel="c2")
    assert "English for you), rules: English checkers" in other
    assert "Kielen pitää olla en tai fi." in await chat.text("ann", "!tammi settings klingon")


async def test_finnish_game_messages(chat: Chat) -> None:
    chat.locales.update(ann="fi-FI", bob="fi")
    challenge = await chat.say("ann", "!tammi haasta @bob valkoinen")
    assert "ann pelaa: valkoinen" in challenge[0].text
    assert [b.label for b in challenge[0].buttons] == ["Hyväksy", "Hylkää"]
    started = await chat.say("bob", "!tammi hyväksy")
    assert "Peli #1 alkaa: ann (valkoinen) vastaan bob (punainen)" in started[0].text
    moved = await chat.say("bob", "11-15 tasapeli")
    assert "bob siirsi 11-15." in moved[0].text and "tarjoaa tasapeliä" in moved[0].text
    done = await chat.say("ann", "!tammi tasapeli hyväksy")
    assert "Tasapeli sopimuksella." in done[0].text
    assert "Ei pisteytetä" in done[0].text


async def test_accept_answers_the_offer_in_your_own_game_first(chat: Chat) -> None:
    await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "11-15 draw")
    assert "anyone" in await chat.text("cat", "!tammi challenge")  # an open challenge
    assert "Draw by agreement." in await chat.text("ann", "!tammi accept")
    # Now free, ann can take cat's challenge.
    assert "Game #2 begins" in await chat.text("ann", "!tammi accept")


async def test_accepting_while_busy_keeps_the_challenge_open(chat: Chat) -> None:
    await chat.say("ann", "!tammi challenge @bob")
    await chat.say("cat", "!tammi challenge @bob")
    assert "begins" in await chat.text("bob", "!tammi accept 2")  # two wait: a bare accept would ask which
    refused = await chat.press("bob", "acc:1")
    assert refused[0].private and "already have a game" in refused[0].text
    challenge = await chat.storage.get_challenge(1)
    assert challenge is not None and challenge.status == "open"
    await chat.say("bob", "!tammi resign")
    assert "begins" in (await chat.press("bob", "acc:1"))[0].text
