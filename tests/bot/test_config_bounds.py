"""Every duration and count in the settings has a bound (issue 11, item 30), checked by writing each one
just past its bound into a config file and reading the error."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bot.config import Config, ConfigError, LimitsConfig, load_config


def _numbers(kind: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """(setting path, msgspec int/float type) for every number in the settings, nested tables too."""
    if isinstance(kind, msgspec.inspect.StructType):
        return [found for field in kind.fields for found in _numbers(field.type, (*path, field.name))]
    if isinstance(kind, msgspec.inspect.UnionType):
        return [found for member in kind.types for found in _numbers(member, path)]
    if isinstance(kind, msgspec.inspect.Metadata):
        return _numbers(kind.type, path)
    if isinstance(kind, msgspec.inspect.IntType | msgspec.inspect.FloatType):
        return [(path, kind)]
    return []


def _tables() -> list[tuple[str, type[msgspec.Struct]]]:
    found = [("", Config)]
    for field in msgspec.structs.fields(Config):
        if isinstance(field.type, type) and issubclass(field.type, msgspec.Struct):
            found.append((field.name, field.type))
    return found


NUMBERS = _numbers(msgspec.inspect.type_info(Config))


def _toml(path: tuple[str, ...], value: object) -> str:
    *tables, name = path
    return "".join(f"[{table}]\n" for table in tables) + f"{name} = {value}\n"


def test_every_number_has_both_bounds() -> None:
    assert len(NUMBERS) >= 16
    assert all(kind.ge is not None and kind.le is not None for _, kind in NUMBERS), NUMBERS


@pytest.mark.parametrize("path,kind", NUMBERS, ids=[".".join(p) for p, _ in NUMBERS])
def test_a_number_past_its_bound_is_refused_by_name(tmp_path: Path, path: tuple[str, ...], kind: Any) -> None:
    for value in (kind.le + 1, kind.ge - 1, 10**30):
        file = tmp_path / "tammi.toml"
        file.write_text(_toml(path, value), encoding="utf-8")
        with pytest.raises(ConfigError, match="^" + ".".join(path).replace(".", r"\.")):
            load_config(file, env={})


def test_every_duration_has_a_range() -> None:
    for table, struct in _tables():
        durations = [f.name for f in msgspec.structs.fields(struct) if f.type is timedelta]
        spans: dict[str, Any] = getattr(struct, "durations", {})
        assert sorted(durations) == sorted(spans), (table, durations)
        for name, span in spans.items():
            assert 0 < span.low < span.high < 10**9, (table, name)


@pytest.mark.parametrize("value", ["1e308", "inf", "nan", "-1", "0"])
def test_huge_or_strange_durations_are_refused(tmp_path: Path, value: str) -> None:
    for table, struct in _tables():
        for name in getattr(struct, "durations", {}):
            file = tmp_path / "tammi.toml"
            file.write_text(_toml((*(table,) * bool(table), name), value), encoding="utf-8")
            with pytest.raises(ConfigError):
                load_config(file, env={})


def test_the_limits_defaults_are_within_their_bounds() -> None:
    limits = LimitsConfig()
    assert limits.heavy_burst < limits.burst and limits.heavy_per_minute < limits.per_minute
    assert limits.platforms == ("discord", "telegram")
