"""The variant registry: what the bot lists and shows comes from here."""

import pytest

from engine import VARIANTS, Board, Variant, all_variants, get_variant


def test_each_variant_once_in_a_stable_order_with_its_title() -> None:
    listed = all_variants()
    assert [v.name for v in listed] == ["english", "italian", "international"]
    assert [v.title for v in listed] == ["English checkers", "Italian draughts", "International draughts"]
    assert all(isinstance(v, Variant) for v in listed)
    assert set(VARIANTS.values()) == set(listed)


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.name)
def test_every_name_alias_and_title_finds_its_variant(variant: Variant) -> None:
    for text in (variant.name, *variant.aliases, variant.title, variant.title.upper()):
        assert get_variant(text) is variant, text
    assert all(alias == alias.lower() for alias in variant.aliases)
    assert Board(variant.name).variant is variant


def test_no_alias_names_two_variants() -> None:
    names = [key for v in all_variants() for key in (v.name, *v.aliases)]
    assert len(names) == len(set(names)) == len(VARIANTS)


def test_an_unknown_name_lists_the_variants() -> None:
    with pytest.raises(ValueError, match="english, italian or international"):
        get_variant("chess")
