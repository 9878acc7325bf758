"""The line syntax of Hub protocol version 2: `command name=value name="a value" flag ...`."""

from __future__ import annotations

import re

_TOKEN = re.compile(r'\s*([^\s="]+)(?:=(?:"([^"]*)"|([^\s"]*)))?')
_PLAIN = re.compile(r'[^\s="]+')


def parse(line: str) -> tuple[str, dict[str, str]]:
    """A line's command and its arguments (a flag's value is the empty string); ValueError if it is not
    written in the protocol's syntax.

    >>> parse('info depth=3 pv="32-28 18-23" mean-depth=2.5')
    ('info', {'depth': '3', 'pv': '32-28 18-23', 'mean-depth': '2.5'})
    >>> parse("go think")
    ('go', {'think': ''})
    """
    command, _, rest = line.strip().partition(" ")
    if not _PLAIN.fullmatch(command):
        raise ValueError(f"not a Hub command: {line!r}")
    found: dict[str, str] = {}
    at, rest = 0, rest.rstrip()
    while at < len(rest):
        token = _TOKEN.match(rest, at)
        if token is None or token.end() == at:
            raise ValueError(f"not a Hub line: {line!r}")
        name, quoted, plain = token.groups()
        found[name] = quoted if quoted is not None else plain or ""
        at = token.end()
    return command, found


def pair(name: str, value: str | int | float) -> str:
    """`name=value`, the value quoted when it must be.

    >>> pair("pos", "Wbe"), pair("moves", "46-37 5-14"), pair("book-file", "")
    ('pos=Wbe', 'moves="46-37 5-14"', 'book-file=""')
    """
    text = str(value)
    if '"' in text or "\n" in text:
        raise ValueError(f"a Hub value cannot hold a double quote or a line break: {text!r}")
    return f"{name}={text}" if _PLAIN.fullmatch(text) else f'{name}="{text}"'
