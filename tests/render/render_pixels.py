"""Helpers for the render tests: decode pictures and compare colours with a tolerance."""

from __future__ import annotations

import io

from PIL import Image

RGB = tuple[int, int, int]


def decode(data: bytes) -> Image.Image:
    """Decode PNG or GIF bytes fully (raises on a broken file) and return an RGB image."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def pixel(image: Image.Image, xy: tuple[int, int]) -> RGB:
    value = image.getpixel(xy)
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def near(a: RGB, b: RGB, tolerance: int = 8) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def blend(under: RGB, over: RGB, alpha: float) -> RGB:
    r, g, b = (round(u * (1 - alpha) + o * alpha) for u, o in zip(under, over, strict=True))
    return (r, g, b)
