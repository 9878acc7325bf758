"""`/tammi review` and `/tammi hint` come from the commands table, with their Finnish names."""

from __future__ import annotations

from tests.bot.discord.test_discord_definitions import tammi_payload


async def test_review_and_hint_are_subcommands_in_english_and_finnish() -> None:
    [root] = await tammi_payload()
    sub = {s["name"]: s for s in root["options"]}
    review, hint = sub["review"], sub["hint"]
    assert review["name_localizations"] == {"fi": "analyysi"}
    assert hint["name_localizations"] == {"fi": "vihje"}
    [game] = review["options"]  # a game number (an integer), as pdn and gif take
    assert (game["name"], game["type"], game.get("required", False)) == ("game", 4, False)
    assert game["name_localizations"] == {"fi": "peli"}
    assert "options" not in hint or hint["options"] == []
