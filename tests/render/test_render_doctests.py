"""Run the render package's docstring examples (pytest's testpaths do not include render/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["render", "render.board", "render.gif", "render.layout", "render.sprites", "render.text",
           "render.theme"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
