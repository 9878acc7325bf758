"""The `[engine]` settings: none by default, checked with bounds, given to the workers as HubSettings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from bot.engines import HubSettings
from bot.engines.settings import hub_settings


def loaded(tmp_path: Path, text: str) -> HubSettings | None:
    path = tmp_path / "tammi.toml"
    path.write_text("[engine]\n" + text + "\n", encoding="utf-8")
    return hub_settings(load_config(path, env={}).engine)


def test_no_engine_unless_one_is_configured(tmp_path: Path) -> None:
    assert hub_settings(load_config(None, env={}).engine) is None
    assert loaded(tmp_path, 'move_time = "2s"') is None


def test_the_settings_reach_the_workers(tmp_path: Path) -> None:
    settings = loaded(tmp_path, 'hub = "/opt/scan/scan hub"\nthreads = 2\nhash_mb = 512\nbook = false\n'
                                'params = { "bb-size" = "6", "book-ply" = "4" }\nmove_time = "200ms"\n'
                                'hint_time = 0.3\nreview_nodes = 50000\nmargin = "1s"\nstart_time = "2m"')
    assert settings == HubSettings("/opt/scan/scan hub", None, ("international",), 2, 512, False,
                                   (("bb-size", "6"), ("book-ply", "4")), move_time=0.2, hint_time=0.3,
                                   review_time=0.1, review_nodes=50_000, margin=1.0, start_time=120.0)
    assert settings.cwd() == "/opt/scan" and settings.serves("international")
    assert not settings.serves("english")


@pytest.mark.parametrize(("text", "message"), [
    ('hub = "/opt/my scan/scan hub', "config file"),  # not TOML at all
    ("hub = '\"/opt/scan hub'", "engine.hub: '\"/opt/scan hub' has a quote that is not closed"),
    ('hub = " "', "engine.hub: must not be empty"),
    ('move_time = "2m"', "engine.move_time: '2m' is out of range (must be between 10ms and 1m)"),
    ("margin = 0.01", "engine.margin: 0.01 seconds is out of range (must be between 100ms and 1m)"),
    ("threads = 0", "engine.threads: 0 is out of range (must be between 1 and 256)"),
    ("hash_mb = 0", "engine.hash_mb: 0 is out of range (must be between 1 and 1048576)"),
    ("review_nodes = 10", "engine.review_nodes: 10 is out of range (must be between 1000 and 1000000000)"),
    ("processes = 33", "engine.processes: 33 is out of range (must be between 0 and 32)"),
    ('variants = ["english"]', "engine.variants"),
    ('params = { "a b" = "1" }', "engine.params: 'a b': has a space, = or quote, or its value a quote"),
    ("params = { \"book\" = 'say \"hi\"' }", "engine.params: 'book': has a space, = or quote"),
    ("hubb = 'x'", "engine.hubb: unknown setting"),
])
def test_bad_settings_are_named(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as error:
        loaded(tmp_path, text)
    assert str(error.value).startswith(message)
