"""Issue 11's chat polish, through the service: reading decorated and half-typed moves, challenges that
name rules, colours and bots, claims made with the move, the text board and replays in the channel's
language, the hint aimed at the player to move, one language rule, plurals and small conveniences."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.chat.events import Person
from bot.domain import ratings
from bot.domain.ratings import NEWCOMER
from bot.platforms.console import parse_line
from engine import Board
from render import Captions
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, game_from, open_chat, start_game


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


async def _moves(chat: Chat, game_id: int) -> tuple[str, ...]:
    game = await chat.storage.get_game(game_id)
    assert game is not None
    return game.moves


# -- 10: half-typed and decorated moves -------------------------------------------------------------


@pytest.mark.parametrize("text", ["9-", "5", "9--13", "c3"])
async def test_half_typed_move_gets_a_private_hint_not_a_rules_topic(chat: Chat, text: str) -> None:
    game_id = await game_from(chat, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    replies = await chat.say("bob", text, addressed=True)
    assert len(replies) == 1
    reply = replies[0]
    assert reply.private and reply.kind == "error" and reply.title is None
    assert f"I can't read “{text}” as a move: write it like 9-13" in reply.text
    assert await _moves(chat, game_id) == ()


@pytest.mark.parametrize("text", ["11-15!", "11-15 🙂", "11-15?", "11-15!?", "11-15 👍🏽", "11-15."])
async def test_decorated_move_is_read_as_the_move(chat: Chat, text: str) -> None:
    game_id = await game_from(chat, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    replies = await chat.say("bob", text, addressed=True)
    assert [reply.kind for reply in replies] == ["board"]
    assert "bob played 11-15." in replies[0].text
    assert await _moves(chat, game_id) == ("11-15",)


async def test_decorated_move_with_a_draw_offer(chat: Chat) -> None:
    game_id = await game_from(chat, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    replies = await chat.say("bob", "11-15 draw!", addressed=True)
    assert "bob (Red) offers a draw" in replies[0].text
    assert await _moves(chat, game_id) == ("11-15",)


async def test_garbled_move_of_the_player_not_to_move_says_whose_turn(chat: Chat) -> None:
    await game_from(chat, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    replies = await chat.say("ann", "22-", addressed=True)
    assert replies[0].private and "It is not your turn" in replies[0].text


async def test_chat_of_people_without_a_game_is_still_ignored(chat: Chat) -> None:
    assert await chat.say("carl", "5") == []
    assert await chat.say("carl", "11-15!") == []


# -- 11: any dash, through the service -------------------------------------------------------------


@pytest.mark.parametrize("dash", ["–", "—", "‐", "−"])
async def test_bare_move_with_any_dash_is_played(chat: Chat, dash: str) -> None:
    game_id = await game_from(chat, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    replies = await chat.say("bob", f"9{dash}13")
    assert [reply.kind for reply in replies] == ["board"]
    assert await _moves(chat, game_id) == ("9-13",)


# -- 12: the words of a challenge ---------------------------------------------------------------------


async def test_unknown_word_in_a_challenge_is_not_part_of_the_name(chat: Chat) -> None:
    await chat.say("bob", "!tammi help")
    replies = await chat.say("ann", "!tammi challenge bob chess")
    assert replies[0].private and "I don't know the rules “chess”" in replies[0].text
    assert await chat.storage.open_challenges(chat.platform, chat.channel, now=chat.clock()) == []


async def test_unknown_word_after_a_mention_is_refused(chat: Chat) -> None:
    replies = await chat.say("ann", "!tammi challenge @bob chess")
    assert "I don't know the rules “chess”" in replies[0].text


async def test_finnish_variant_and_colour_words(chat: Chat) -> None:
    await chat.say("bob", "!tammi ohje")
    replies = await chat.say("ann", "!tammi haasta bob italialainen valkoinen")
    assert replies[0].kind == "challenge", replies
    [challenge] = await chat.storage.open_challenges(chat.platform, chat.channel, now=chat.clock())
    assert challenge.target is not None and challenge.target.name == "bob"
    assert challenge.variant == "italian" and challenge.colour == "white"
    await chat.say("ann", "!tammi cancel")
    replies = await chat.say("ann", "!tammi haasta bob kansainvälinen musta")
    [challenge] = await chat.storage.open_challenges(chat.platform, chat.channel, now=chat.clock())
    assert challenge.variant == "international" and challenge.colour == "black"
    await chat.say("ann", "!tammi peru")
    refused = await chat.text("ann", "!tammi haasta bob shakki", locale="fi")
    assert "En tunne sääntöjä ”shakki”. Valitse englantilainen, italialainen tai kansainvälinen." in refused


async def test_a_known_name_of_two_words_still_works(chat: Chat) -> None:
    await chat.say("Bob Smith", "!tammi help")
    replies = await chat.say("ann", "!tammi challenge Bob Smith italian")
    assert replies[0].kind == "challenge", replies
    [challenge] = await chat.storage.open_challenges(chat.platform, chat.channel, now=chat.clock())
    assert challenge.target is not None and challenge.target.user_id == "Bob Smith"


async def test_console_example_with_comments_works_when_pasted(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"), platform="console")
    try:
        script = """challenge bob white        # you challenge bob; you play White
bob> accept
bob> 11-15                 # Red moves first in English checkers
22-18 draw                 # move and offer a draw in one message
bob> draw accept
"""
        texts = []
        for raw in script.splitlines():
            line = parse_line(raw, "you")
            texts.append("\n".join(r.text for r in await chat.say(line.user, line.text)))
        assert "you plays White" in texts[0]
        assert "bob played 11-15." in texts[2]
        assert "you played 22-18." in texts[3] and "offers a draw" in texts[3]
        assert "Draw by agreement." in texts[4]
    finally:
        await close_chat(chat)


# -- 13: bots cannot be challenged -----------------------------------------------------------------------


async def test_challenging_a_bot_account_is_refused(chat: Chat) -> None:
    robot = Person("999", "Robo", is_bot=True)
    replies = await chat.say("ann", "!tammi challenge Robo", mentions=(robot,))
    assert replies[0].private and "Robo is a bot" in replies[0].text and "`play`" in replies[0].text
    replies = await chat.command("ann", "challenge", mentions=(robot,))
    assert "Robo is a bot" in replies[0].text
    assert await chat.storage.open_challenges(chat.platform, chat.channel, now=chat.clock()) == []


async def test_challenging_tammi_by_name_is_refused(chat: Chat) -> None:
    replies = await chat.say("ann", "!tammi challenge tammi")
    assert "Tammi is a bot" in replies[0].text
    replies = await chat.say("ann", "!tammi haasta Tammi", locale="fi")
    assert "Tammi on botti" in replies[0].text and "`pelaa`" in replies[0].text
    assert await chat.storage.open_challenges(chat.platform, chat.channel, now=chat.clock()) == []


# -- 32: a claim with the move that makes it -------------------------------------------------------------


async def test_threefold_repetition_claimed_with_the_move(chat: Chat) -> None:
    game_id = await game_from(chat, "B:WK28:BK1")
    for user, move in [("bob", "1-5"), ("ann", "28-24"), ("bob", "5-1"), ("ann", "24-28"),
                       ("bob", "1-5"), ("ann", "28-24"), ("bob", "5-1")]:
        assert "played" in await chat.text(user, move)
    # ann's 24-28 would make the position after it occur for the third time.
    replies = await chat.say("ann", "24-28 claim")
    assert "ann played 24-28." in replies[0].text
    assert "ann claimed a draw by threefold repetition" in replies[0].text
    game = await chat.storage.get_game(game_id)
    assert game is not None and game.ending == "claim_threefold" and game.result == "1/2-1/2"
    assert game.moves[-1] == "24-28"


async def test_claim_with_a_move_that_makes_no_draw_changes_nothing(chat: Chat) -> None:
    game_id = await game_from(chat, "B:WK28:BK1")
    replies = await chat.say("bob", "1-5 claim")
    assert replies[0].private and "Playing 1-5 would not give a draw to claim" in replies[0].text
    assert await _moves(chat, game_id) == ()
    replies = await chat.say("bob", "!tammi move 1-5 vaadi", locale="fi")
    assert "Siirto 1-5 ei johtaisi" in replies[0].text
    assert await _moves(chat, game_id) == ()


# -- 14: a Finnish channel sees Finnish ------------------------------------------------------------------


async def test_finnish_text_board_legend_and_status(chat: Chat) -> None:
    await chat.say("ann", "!tammi asetukset fi")
    game_id = await start_game(chat, "ann", "bob", "valkoinen")
    board = await chat.service.text_board(game_id)
    assert board is not None
    legend, status = board.splitlines()[-2:]
    assert legend == "● punainen, ○ valkoinen (◉, ◎ kuninkaat)"
    assert status == "Vuorossa punainen"
    assert "Red" not in board and "to move" not in board


async def test_console_text_board_follows_the_users_language(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    english = await chat.service.text_board(game_id)
    finnish = await chat.service.text_board(game_id, locale="fi")
    assert english is not None and english.splitlines()[-1] == "Red to move"
    assert finnish is not None and finnish.splitlines()[-1] == "Vuorossa punainen"


async def test_finnish_gif_captions(chat: Chat) -> None:
    await chat.say("ann", "!tammi asetukset fi")
    game_id = await start_game(chat, "ann", "bob", "valkoinen")
    await chat.say("bob", "11-15")
    await chat.say("bob", "!tammi luovuta")
    asked: list[object] = []

    async def fake_gif(board: Board, *, flipped: bool, title: str | None = None,
                       captions: object = None) -> bytes:
        asked.append(captions)
        return b"GIF89a"

    chat.service.workers.game_gif = fake_gif  # type: ignore[method-assign]
    replies = await chat.say("ann", f"!tammi gif {game_id}")
    assert replies[0].attachment is not None
    [captions] = asked
    assert isinstance(captions, Captions)
    assert captions.start.format(side="punainen") == "Alku · vuorossa punainen"
    assert captions.move.format(number=1, side="punainen", move="11-15") == "Siirto 1 · punainen 11-15"
    assert captions.sides == ("valkoinen", "punainen") and captions.final == "valkoinen voittaa"


async def test_finnish_refusals_point_to_finnish_commands(chat: Chat) -> None:
    await chat.say("ann", "!tammi asetukset fi")
    await start_game(chat, "ann", "bob", "valkoinen")
    refused = await chat.text("bob", "9-17")
    assert "Sääntö: `säännöt siirrot`" in refused and "rules" not in refused
    assert "`haasta` tai `pelaa`" in await chat.text("carl", "!tammi luovuta")
    # The pointer leads somewhere: the Finnish command shows that topic.
    assert (await chat.say("bob", "!tammi säännöt siirrot"))[0].title == "Siirrot"


async def test_ohje_lists_finnish_command_words(chat: Chat) -> None:
    text = await chat.text("ann", "!tammi ohje", locale="fi")
    assert "`haasta`" in text and "`luovuta`" in text and "`säännöt`" in text
    assert "Haasta pelaaja" in text


# -- 16: the status line of a finished game ---------------------------------------------------------------


async def test_status_line_after_the_end_says_who_won(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "!tammi resign")
    board = await chat.service.text_board(game_id)
    assert board is not None and board.splitlines()[-1] == "White won"
    assert "to move" not in board


async def test_status_line_after_a_draw(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "11-15 draw")
    assert "Draw by agreement" in await chat.text("ann", "!tammi draw accept")
    board = await chat.service.text_board(game_id, locale="fi")
    assert board is not None and board.splitlines()[-1] == "Tasapeli"


# -- 17: the example move is the addressed player's ------------------------------------------------------


async def test_no_example_of_the_bots_move_for_its_opponent(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"),
                           choose_move=lambda board, *args, **kwargs: next(iter(board.legal_moves)))
    try:
        # carl plays White; the bot (Red) moves first.
        started = await chat.text("carl", "!tammi play white")
        assert "for example" not in started
        await chat.service.wait_idle()
        [notice] = [n for n in chat.notices if n.reply.kind == "board"]
        game = await chat.storage.get_game(notice.reply.game_id or 0)
        assert game is not None and len(game.moves) == 1
        example = notice.reply.text.split("for example ")[1].rstrip(".")
        white_moves = await chat.service.suggest_moves(chat.platform, chat.channel, "carl")
        assert example in white_moves
    finally:
        await close_chat(chat)


async def test_move_button_of_the_waiting_player_gives_no_example(chat: Chat) -> None:
    game_id = await start_game(chat, "ann", "bob", "white")
    replies = await chat.press("ann", f"mov:{game_id}")
    assert "for example" not in "\n".join(reply.text for reply in replies)
    replies = await chat.press("bob", f"mov:{game_id}")
    assert "for example 9-13" in "\n".join(reply.text for reply in replies)


# -- 20: one language rule for typed and slash commands --------------------------------------------------


async def test_typed_question_answered_in_the_language_of_the_users_client(chat: Chat) -> None:
    await chat.command("ann", "rules", locale="fi")  # a slash command carries the client's locale
    replies = await chat.say("ann", "pitääkö lyödä?", addressed=True)  # a typed message carries none
    assert replies and replies[0].kind == "rules"
    assert "Lyönnit" in replies[0].text or "lyö" in replies[0].text
    assert "Capture" not in replies[0].text
    # Someone whose client language is unknown still gets the default.
    replies = await chat.say("bob", "must I capture?", addressed=True)
    assert replies and "Captures" in replies[0].text


async def test_channel_language_still_comes_first(chat: Chat) -> None:
    await chat.say("ann", "!tammi settings en")
    await chat.command("bob", "rules", locale="fi")
    replies = await chat.say("bob", "!tammi help")
    assert "Tammi plays draughts" in replies[0].text


# -- 15: plurals ------------------------------------------------------------------------------------------


async def _rated_game(chat: Chat) -> int:
    """ann (White) and bob play eight plies (enough to be rated), then bob resigns."""
    game_id = await start_game(chat, "ann", "bob", "white")
    for ply in range(8):
        mover = "bob" if ply % 2 == 0 else "ann"
        moves = await chat.service.suggest_moves(chat.platform, chat.channel, mover)
        assert "played" in await chat.text(mover, sorted(moves)[0])
    done = await chat.text("bob", "!tammi resign")
    # Two newcomers (1500, deviation 350): Glicko-2 moves both far, and both are still provisional.
    won, lost = (ratings.update(NEWCOMER, NEWCOMER, score, chat.clock()) for score in (1.0, 0.0))
    gain, drop = round(won.rating) - 1500, 1500 - round(lost.rating)
    assert gain > 100 and drop > 100
    shown = f"Ratings: ann {round(won.rating)}? (+{gain}), bob {round(lost.rating)}? (−{drop})."
    assert "Rated game." in done and shown in done
    return game_id


async def test_one_of_everything_is_singular(chat: Chat) -> None:
    await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "11-15")
    listing = await chat.text("ann", "!tammi games")
    assert "1 move," in listing and "1 moves" not in listing
    assert "1 siirto," in await chat.text("ann", "!tammi pelit", locale="fi")
    await chat.say("bob", "!tammi resign")


async def test_one_game_and_one_rated_game_are_singular(chat: Chat) -> None:
    await _rated_game(chat)
    stats = await chat.text("carl", "!tammi stats @ann", locale="en")
    assert "ann: 1 game," in stats and "(1 rated game: 1 won, 0 drawn, 0 lost)" in stats
    assert "1 games" not in stats and "1 rated games" not in stats
    fi = await chat.text("carl", "!tammi tilastot @ann", locale="fi")
    assert "ann: 1 peli," in fi and "(1 pisteytetty peli: 1 voitto, 0 tasapeliä, 0 tappiota)" in fi
    # A leaderboard line's "1 game" is checked where a rating has settled: test_ratings_variants.py.


# -- 31: small things ------------------------------------------------------------------------------------


async def test_offer_draw_button_not_shown_before_anyone_can_offer(chat: Chat) -> None:
    started = await chat.say("ann", "!tammi challenge @bob white")
    started = await chat.say("bob", "!tammi accept")
    game_id = started[0].game_id
    assert f"dro:{game_id}" not in [b.id for b in started[0].buttons]
    moved = await chat.say("bob", "11-15")
    assert f"dro:{game_id}" in [b.id for b in moved[0].buttons]


async def test_offer_draw_to_the_bot_on_ones_own_turn(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"),
                           choose_move=lambda board, *args, **kwargs: next(iter(board.legal_moves)))
    try:
        started = await chat.say("carl", "!tammi play black")  # carl (Red) moves first
        game_id = started[0].game_id
        assert f"dro:{game_id}" in [b.id for b in started[0].buttons]
        replies = await chat.press("carl", f"dro:{game_id}")
        assert "right after your own move" not in replies[0].text
        assert "Tammi declined the draw offer" in replies[0].text or "Draw by agreement" in replies[0].text
    finally:
        await close_chat(chat)


async def test_bare_accept_with_several_challenges_asks_which(chat: Chat) -> None:
    await chat.say("ann", "!tammi challenge @carl")
    await chat.say("bob", "!tammi challenge @carl italian")
    replies = await chat.say("carl", "!tammi accept")
    assert replies[0].private and "Several challenges wait for you" in replies[0].text
    assert "#1 from ann (English checkers)" in replies[0].text
    assert "#2 from bob (Italian draughts)" in replies[0].text
    assert await chat.storage.active_game_for(chat.platform, chat.channel, "carl") is None
    replies = await chat.say("carl", "!tammi accept 2")
    assert replies[0].kind == "board" and "Italian" in replies[0].text
    # One open challenge: a bare accept takes it.
    await chat.say("erin", "!tammi challenge")
    assert (await chat.say("dave", "!tammi accept"))[0].kind == "board"


async def test_moves_are_listed_in_order(chat: Chat) -> None:
    await start_game(chat, "ann", "bob", "white")
    text = await chat.text("bob", "!tammi moves")
    assert text.endswith("9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16")


async def test_help_for_one_command(chat: Chat) -> None:
    text = await chat.text("ann", "!tammi help challenge")
    assert text.startswith("`challenge` — Challenge a player")
    usage = "Usage: `challenge [@user] [english|italian|international] [white|black|random] [tournament]`"
    assert usage in text
    assert "tournament" in text.split("Options:")[1]
    assert "Usage: `play [1-5]" in await chat.text("ann", "!tammi help play")
    assert "Usage: `accept [#number | @user]`" in await chat.text("ann", "!tammi help accept")
    fi = await chat.text("ann", "!tammi ohje haasta", locale="fi")
    assert "Käyttö: `haasta [@pelaaja]" in fi
    assert "`resign`" in await chat.text("ann", "!tammi help resign", locale="en")
    assert "More about a command: `help challenge`" in await chat.text("ann", "!tammi help")


async def test_pdn_and_gif_take_a_game_number_as_slash_options(chat: Chat) -> None:
    from bot.chat.commands import command
    assert [option.name for option in command("pdn").options] == ["game"]
    assert [option.name for option in command("gif").options] == ["game"]
    first = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "!tammi resign")
    await start_game(chat, "ann", "bob", "white")
    replies = await chat.command("carl", "pdn", str(first))
    assert replies[0].kind == "pdn" and f"game #{first}" in replies[0].text


async def test_discord_pdn_and_gif_have_an_integer_game_option() -> None:
    import discord

    from bot.platforms.discord.tree import command_tree, definitions
    found = await definitions(command_tree(discord.Client(intents=discord.Intents.none())))
    [root] = [command for command in found if command["name"] == "tammi"]  # /puzzle is apart
    options = {sub["name"]: sub.get("options", []) for sub in root["options"]}
    for name in ("pdn", "gif"):
        [game] = options[name]
        assert (game["name"], game["type"], game.get("required", False)) == ("game", 4, False)
        assert game["name_localizations"] == {"fi": "peli"}


async def test_rating_change_after_a_second_rated_game(chat: Chat) -> None:
    await _rated_game(chat)
    before = {user: await chat.storage.rating(chat.platform, chat.channel, user, "english")
              for user in ("ann", "bob")}
    chat.clock.advance(10 * 86400)  # ten days later: both a little less sure before the game counts
    await start_game(chat, "ann", "bob", "white")
    for ply in range(8):
        mover = "bob" if ply % 2 == 0 else "ann"
        moves = await chat.service.suggest_moves(chat.platform, chat.channel, mover)
        await chat.say(mover, sorted(moves)[0])
    await chat.say("ann", "!tammi draw")
    done = await chat.text("bob", "!tammi draw accept", locale="fi")
    ann, bob = before["ann"], before["bob"]
    assert ann is not None and bob is not None
    ann_after = ratings.update(ann.glicko, bob.glicko, 0.5, chat.clock())
    bob_after = ratings.update(bob.glicko, ann.glicko, 0.5, chat.clock())
    stored = await chat.storage.rating(chat.platform, chat.channel, "ann", "english")
    assert stored is not None and stored.glicko == ann_after and stored.games == 2
    assert ann_after.rating < ann.rating and bob_after.rating > bob.rating  # the draw pulls them together
    down, up = round(ann.rating) - round(ann_after.rating), round(bob_after.rating) - round(bob.rating)
    assert (f"Vahvuusluvut: ann {round(ann_after.rating)}? (−{down}), "
            f"bob {round(bob_after.rating)}? (+{up}).") in done


async def test_games_lists_the_games_that_ended_recently(chat: Chat) -> None:
    first = await start_game(chat, "ann", "bob", "white")
    await chat.say("bob", "11-15")
    await chat.say("ann", "!tammi resign")
    await chat.press("ann", f"rsc:{first}")
    second = await start_game(chat, "cid", "dan")
    listed = "\n".join(r.text for r in await chat.say("eve", "!tammi games"))
    assert "Games in this channel:" in listed and f"#{second} " in listed
    finished = listed.split("Finished recently:")[1]
    assert f"#{first} ann (White) – bob (Red), English checkers: 1-0, bob (Red) won" in finished  # Red first
    assert f"#{second} " not in finished
    fi = "\n".join(r.text for r in await chat.say("eve", "!tammi pelit", locale="fi"))
    assert "Äskettäin päättyneet:" in fi


async def test_rules_answer_for_the_askers_game_when_no_variant_is_named(chat: Chat) -> None:
    await start_game(chat, "ann", "bob", "italian")
    [mine] = await chat.say("ann", "!tammi rules can kings fly?")
    assert "Italian draughts" in mine.text
    [theirs] = await chat.say("cid", "!tammi rules can kings fly?")  # no game here: the channel's rules
    assert "English checkers" in theirs.text
    [named] = await chat.say("ann", "!tammi rules kings international")
    assert "International draughts" in named.text


async def test_the_bots_moves_speak_the_language_of_the_persons_app(database: str) -> None:
    chat = await open_chat(database, choose_move=lambda board, *args, **kwargs: next(iter(board.legal_moves)))
    try:
        await chat.say("aino", "!tammi pelaa musta", locale="fi")  # no channel language chosen
        await chat.say("aino", "11-15", locale="fi")
        await chat.service.wait_idle()
        [notice] = [n for n in chat.notices if n.reply.kind == "board"]
        assert "Tammi siirsi" in notice.reply.text and "Siirtovuorossa" in notice.reply.text
        await chat.say("pekka", "!tammi settings en", locale="fi", may_manage=None)
        await chat.say("aino", "9-13")
        await chat.service.wait_idle()
        latest = [n for n in chat.notices if n.reply.kind == "board"][-1]
        assert "Tammi played" in latest.reply.text  # the channel's choice comes first
    finally:
        await close_chat(chat)
