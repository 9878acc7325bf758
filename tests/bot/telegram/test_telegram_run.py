"""`tammi run` on the fake Telegram, as a real process: its output never holds the token, a rejected
token is one line, and polling that stops on its own (a revoked token, a second poller) stops the
process with an error."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from bot.cli import Redact
from tests.fakes.tammi_process import TammiProcess, write_config
from tests.fakes.telegram_server import FakeTelegram, group, user

ALICE = user(1001, "Alice", "alice", "en")


def telegram_section(fake: FakeTelegram, token: str) -> str:
    return (f'[telegram]\ntoken = "{token}"\nbase_url = "{fake.base_url}"\n'
            f'base_file_url = "{fake.base_file_url}"\n')


async def test_the_token_is_in_no_output_and_dead_polling_stops_the_process(fake: FakeTelegram,
                                                                           tmp_path: Path) -> None:
    token = fake.token
    tammi = TammiProcess(write_config(tmp_path, telegram_section(fake, token)))
    await tammi.start()
    try:
        await fake.wait_for("getUpdates", timeout=30, answered=False)
        fake.send_text(group(), ALICE, "/help")
        await fake.wait_for("sendMessage", timeout=30)
        polls = len(fake.since(0, "getUpdates"))
        # The token is revoked (BotFather /revoke): Telegram answers 401, and PTB stops polling.
        fake.revoke()
        finished = await tammi.finish()
    finally:
        await tammi.kill()
    assert polls >= 2 and finished.status == 3, finished.output
    assert "the telegram connection ended: InvalidToken" in finished.stderr
    assert "getUpdates" in finished.stderr  # the request log is there, without the token
    assert token not in finished.output and token.split(":")[1] not in finished.output


async def test_a_second_poller_stops_the_process_with_one_clear_line(fake: FakeTelegram,
                                                                     tmp_path: Path) -> None:
    tammi = TammiProcess(write_config(tmp_path, telegram_section(fake, fake.token)))
    await tammi.start()
    try:
        await fake.wait_for("getUpdates", timeout=30, answered=False)
        fake.send_text(group(), ALICE, "/help")
        await fake.wait_for("sendMessage", timeout=30)
        mark = fake.mark()
        fake.conflict()  # another poller took over: Telegram ends our long poll with 409
        finished = await tammi.finish(timeout=20)
    finally:
        await tammi.kill()
    assert finished.status == 3, finished.output
    said = [line for line in finished.stderr.splitlines() if "another process is polling this bot" in line]
    assert len(said) == 1, finished.stderr
    assert ("the telegram connection ended: another process is polling this bot: long polling runs in one "
            "process; use a webhook for several (Telegram answered getUpdates with 409 Conflict: terminated "
            "by other getUpdates request") in said[0]
    assert "Traceback" not in finished.stderr
    # No retrying loop, and no last getUpdates on the way out, which would end the other poller's.
    assert fake.since(mark, "getUpdates") == []


async def test_a_rejected_token_is_one_line(fake: FakeTelegram, tmp_path: Path) -> None:
    wrong = "999999:WRONG-TOKEN-SECRET"
    tammi = TammiProcess(write_config(tmp_path, telegram_section(fake, wrong)))
    await tammi.start()
    try:
        finished = await tammi.finish()
    finally:
        await tammi.kill()
    assert finished.status == 2
    assert "WRONG-TOKEN-SECRET" not in finished.output and "Traceback" not in finished.output
    assert finished.stderr.strip().splitlines()[-1] == (
        "tammi: Telegram refused the bot token (TELEGRAM_TOKEN or [telegram] token); check it with BotFather")


def test_secrets_are_taken_out_of_every_log_line_and_traceback() -> None:
    secret = "123456:SECRET"
    try:
        raise ValueError(f"cannot reach /bot{secret}/getMe")
    except ValueError:
        record = logging.LogRecord("httpx", logging.ERROR, __file__, 1, "GET /bot%s/getMe", (secret,),
                                   sys.exc_info())
    assert Redact([secret, ""]).filter(record)
    written = logging.Formatter().format(record)
    assert secret not in written and written.count("<secret>") == 2 and "ValueError" in written
