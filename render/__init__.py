"""Tammi: board pictures. Pure functions, position in, bytes or text out; safe to run in a thread.

>>> from engine import Board
>>> png = render_board(Board("italian"))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from render.board import caption_for, draw_board, render_board
from render.gif import GIF_SIZE, Captions, render_game_gif
from render.graph import GRAPH_WIDTH, render_graph
from render.layout import DEFAULT_SIZE, Layout, layout_for
from render.text import render_text
from render.theme import THEMES, PieceStyle, Theme, theme_for

__all__ = [
    "DEFAULT_SIZE",
    "GIF_SIZE",
    "GRAPH_WIDTH",
    "THEMES",
    "Captions",
    "Layout",
    "PieceStyle",
    "Theme",
    "caption_for",
    "draw_board",
    "layout_for",
    "render_board",
    "render_game_gif",
    "render_graph",
    "render_text",
    "theme_for",
]
