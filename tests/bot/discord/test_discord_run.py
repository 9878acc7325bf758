"""`tammi run` on the fake Discord, as a real process: it notices a dead gateway connection."""

from __future__ import annotations

from pathlib import Path

from tests.fakes.discord_server import CHANNEL_ID, GUILD_ID, FakeDiscord
from tests.fakes.tammi_process import TammiProcess, write_config


async def test_a_dead_gateway_connection_stops_tammi_run_with_an_error(fake: FakeDiscord,
                                                                     tmp_path: Path) -> None:
    config = write_config(tmp_path, f'[discord]\ntoken = "fake-token"\n'
                                    f'api_base_url = "{fake.api_base_url}"\n'
                                    f'gateway_url = "{fake.gateway_url}"\n')
    tammi = TammiProcess(config)
    await tammi.start()
    try:
        await fake.until(lambda: any(c.identify is not None for c in fake.connections), timeout=30)
        # A malformed event makes discord.py raise inside its gateway task, which then ends.
        await fake.dispatch("MESSAGE_CREATE", {"id": "1", "channel_id": str(CHANNEL_ID),
                                               "guild_id": str(GUILD_ID)})
        finished = await tammi.finish()
    finally:
        await tammi.kill()
    assert finished.status == 3, finished.output
    assert "the discord connection ended: KeyError" in finished.stderr
    assert "so that it can be restarted" in finished.stderr
    assert "fake-token" not in finished.output


async def test_a_rejected_token_is_one_line(fake: FakeDiscord, tmp_path: Path) -> None:
    config = write_config(tmp_path, f'[discord]\ntoken = "wrong-secret-token"\n'
                                    f'api_base_url = "{fake.api_base_url}"\n'
                                    f'gateway_url = "{fake.gateway_url}"\n')
    tammi = TammiProcess(config)
    await tammi.start()
    try:
        finished = await tammi.finish()
    finally:
        await tammi.kill()
    assert finished.status == 2, finished.output
    assert "wrong-secret-token" not in finished.output and "Traceback" not in finished.output
    assert finished.stderr.strip().splitlines()[-1] == (
        "tammi: Discord refused the bot token (DISCORD_TOKEN or [discord] token); check it in the "
        "Developer Portal")
