"""Legal move generation on bitboards.

A position is three integers (``own``, ``opp`` and ``kings``, from the side to move's point of view) and
the mover's colour. A raw move is ``(path, caps)``: the bits the piece stands on, start to end, and the
bits it captures, in order. Compulsory capture and the capture-choice rules live here and nowhere else.

Each variant gets its own `Generator`, built once, whose functions close over that variant's constants
(shifts, masks, tables): plain Python, but without attribute lookups on the hot paths.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engine.geometry import Geometry
from engine.types import Move
from engine.variants import CaptureRule, Variant

RawMove = tuple[tuple[int, ...], tuple[int, ...]]


def to_move(geometry: Geometry, raw: RawMove) -> Move:
    """A raw move (bits) as a `Move` (square numbers).

    >>> from engine.variants import get_variant
    >>> g = get_variant("english").geometry
    >>> to_move(g, ((g.bit_of[10], g.bit_of[17], g.bit_of[26]), (g.bit_of[14], g.bit_of[22])))
    Move(path=(10, 17, 26), captures=(14, 22))
    """
    square_of = geometry.square_of
    return Move(tuple([square_of[b] for b in raw[0]]), tuple([square_of[b] for b in raw[1]]))


@dataclass(frozen=True)
class Generator:
    """The move functions of one variant; each takes (own, opp, kings, white), perft also a depth."""

    count_quiet: Callable[[int, int, int, bool], int]
    can_capture: Callable[[int, int, int, bool], bool]
    capture_sequences: Callable[[int, int, int, bool], list[RawMove]]
    legal: Callable[[int, int, int, bool], list[RawMove]]
    count: Callable[[int, int, int, bool], int]
    perft: Callable[[int, int, int, bool, int], int]


@cache
def generator(v: Variant) -> Generator:
    """The move functions of a variant (built once)."""
    g = v.geometry
    mask = g.mask
    near, far = g.half, g.half + 1  # the two diagonal shift widths
    top, bottom = g.top_row, g.bottom_row
    neighbour = g.neighbour
    rays = g.rays
    square_of = g.square_of
    flying = v.flying_kings
    backward = v.men_capture_backward
    men_take_kings = v.men_capture_kings
    ends_on_promotion = v.promotion_ends_capture
    rule = v.capture_rule
    up_dirs, down_dirs, all_dirs = (0, 1), (2, 3), (0, 1, 2, 3)

    def jump_table(dirs: tuple[int, ...]) -> list[tuple[tuple[int, int, int], ...]]:
        """Per bit: (victim mask, landing bit, landing mask) of each jump on the board."""
        table = []
        for here in neighbour:
            jumps = []
            for d in dirs:
                mid = here[d]
                land = neighbour[mid][d] if mid >= 0 else -1
                if land >= 0:
                    jumps.append((1 << mid, land, 1 << land))
            table.append(tuple(jumps))
        return table

    up_jumps, down_jumps, all_jumps = jump_table(up_dirs), jump_table(down_dirs), jump_table(all_dirs)

    def quiet_moves(own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
        empty = mask & ~(own | opp)
        men = own & ~kings
        out: list[RawMove] = []
        if white:
            for shift in (far, near):
                t = (men >> shift) & empty
                while t:
                    low = t & -t
                    t ^= low
                    to = low.bit_length() - 1
                    out.append(((to + shift, to), ()))
        else:
            for shift in (near, far):
                t = (men << shift) & empty
                while t:
                    low = t & -t
                    t ^= low
                    to = low.bit_length() - 1
                    out.append(((to - shift, to), ()))
        own_kings = own & kings
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            frm = low.bit_length() - 1
            for ray in rays[frm]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    out.append(((frm, to), ()))
                    if not flying:
                        break
        return out

    def count_quiet(own: int, opp: int, kings: int, white: bool) -> int:
        empty = mask & ~(own | opp)
        men = own & ~kings
        if white:
            n = ((men >> far) & empty).bit_count() + ((men >> near) & empty).bit_count()
        else:
            n = ((men << near) & empty).bit_count() + ((men << far) & empty).bit_count()
        own_kings = own & kings
        if own_kings:
            if flying:
                while own_kings:
                    low = own_kings & -own_kings
                    own_kings ^= low
                    for ray in rays[low.bit_length() - 1]:
                        for to in ray:
                            if not (empty >> to) & 1:
                                break
                            n += 1
            else:
                n += (((own_kings >> far) & empty).bit_count() + ((own_kings >> near) & empty).bit_count()
                      + ((own_kings << near) & empty).bit_count()
                      + ((own_kings << far) & empty).bit_count())
        return n

    def capturers(own: int, opp: int, kings: int, white: bool) -> int:
        """Own pieces with a first jump (every king when kings fly: they are checked one by one)."""
        empty = mask & ~(own | opp)
        men = own & ~kings
        victims = opp if men_take_kings else opp & ~kings
        up = ((victims << far) & (empty << 2 * far)) | ((victims << near) & (empty << 2 * near))
        down = ((victims >> near) & (empty >> 2 * near)) | ((victims >> far) & (empty >> 2 * far))
        if backward:
            found = men & (up | down)
        else:
            found = men & (up if white else down)
        own_kings = own & kings
        if own_kings:
            if flying:
                found |= own_kings
            else:
                found |= own_kings & (
                    ((opp << far) & (empty << 2 * far)) | ((opp << near) & (empty << 2 * near))
                    | ((opp >> near) & (empty >> 2 * near)) | ((opp >> far) & (empty >> 2 * far)))
        return found

    def can_capture(own: int, opp: int, kings: int, white: bool) -> bool:
        found = capturers(own, opp, kings, white)
        if not flying or found & ~kings:
            return bool(found)
        empty = mask & ~(own | opp)
        while found:
            low = found & -found
            found ^= low
            for ray in rays[low.bit_length() - 1]:
                n = len(ray)
                i = 0
                while i < n and (empty >> ray[i]) & 1:
                    i += 1
                if i + 1 < n and (opp >> ray[i]) & 1 and (empty >> ray[i + 1]) & 1:
                    return True
        return False

    Path = tuple[int, ...]
    Table = list[tuple[tuple[int, int, int], ...]]

    def man_jumps(pos: int, empty: int, taken: int, path: Path, caps: Path, victims: int,
                  table: Table, promo: int, out: list[RawMove]) -> None:
        """Continue a man's capture from `pos`; `promo` is the crowning row when crowning ends it."""
        found = False
        for victim, land, land_mask in table[pos]:
            if victims & victim and not taken & victim and empty & land_mask:
                found = True
                if promo & land_mask:
                    out.append(((*path, land), (*caps, victim.bit_length() - 1)))
                else:
                    man_jumps(land, empty, taken | victim, (*path, land),
                              (*caps, victim.bit_length() - 1), victims, table, promo, out)
        if not found and caps:
            out.append((path, caps))

    def king_jumps(pos: int, empty: int, taken: int, path: Path, caps: Path, opp: int,
                   out: list[RawMove]) -> None:
        """Continue a (short-range) king's capture from `pos`."""
        found = False
        for victim, land, land_mask in all_jumps[pos]:
            if opp & victim and not taken & victim and empty & land_mask:
                found = True
                king_jumps(land, empty, taken | victim, (*path, land), (*caps, victim.bit_length() - 1),
                           opp, out)
        if not found and caps:
            out.append((path, caps))

    def flying_jumps(pos: int, empty: int, taken: int, path: list[int], caps: list[int], opp: int,
                     out: list[RawMove]) -> None:
        """Continue a flying king's capture from `pos` (jumped pieces stay and block until the end)."""
        found = False
        for ray in rays[pos]:
            n = len(ray)
            i = 0
            while i < n and (empty >> ray[i]) & 1:
                i += 1
            if i >= n:
                continue
            mid = ray[i]
            if not (opp >> mid) & 1 or (taken >> mid) & 1:
                continue
            j = i + 1
            caps.append(mid)
            while j < n and (empty >> ray[j]) & 1:
                found = True
                path.append(ray[j])
                flying_jumps(ray[j], empty, taken | (1 << mid), path, caps, opp, out)
                path.pop()
                j += 1
            caps.pop()
        if not found and caps:
            out.append((tuple(path), tuple(caps)))

    def capture_sequences(own: int, opp: int, kings: int, white: bool, pieces: int = -1) -> list[RawMove]:
        promo = (top if white else bottom) if ends_on_promotion else 0
        table = all_jumps if backward else (up_jumps if white else down_jumps)
        victims = opp if men_take_kings else opp & ~kings
        out: list[RawMove] = []
        base_empty = mask & ~(own | opp)
        if pieces < 0:
            pieces = capturers(own, opp, kings, white)
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            frm = low.bit_length() - 1
            empty = base_empty | low
            if kings & low:
                if flying:
                    flying_jumps(frm, empty, 0, [frm], [], opp, out)
                else:
                    king_jumps(frm, empty, 0, (frm,), (), opp, out)
                continue
            for victim, land, land_mask in table[frm]:  # a man's first jump, inline
                if not (victims & victim and empty & land_mask):
                    continue
                cap = victim.bit_length() - 1
                if not promo & land_mask:
                    for victim2, _, land_mask2 in table[land]:
                        if victims & victim2 and victim2 != victim and empty & land_mask2:
                            man_jumps(land, empty, victim, (frm, land), (cap,), victims, table, promo, out)
                            break
                    else:
                        out.append(((frm, land), (cap,)))
                    continue
                out.append(((frm, land), (cap,)))
        return out

    def choose(seqs: list[RawMove], kings: int) -> list[RawMove]:
        if len(seqs) < 2:
            return seqs
        return _dedupe(apply_capture_rule(rule, seqs, kings), square_of)

    def legal(own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
        pieces = capturers(own, opp, kings, white)
        if pieces:
            seqs = capture_sequences(own, opp, kings, white, pieces)
            if seqs:
                return choose(seqs, kings)
        return quiet_moves(own, opp, kings, white)

    def count(own: int, opp: int, kings: int, white: bool) -> int:
        """How many legal moves; without building them when there is no capture (the usual case)."""
        if own & kings:
            pieces = capturers(own, opp, kings, white)
            if pieces:
                seqs = capture_sequences(own, opp, kings, white, pieces)
                if seqs:
                    return len(choose(seqs, kings))
            return count_quiet(own, opp, kings, white)
        empty = mask & ~(own | opp)
        victims = opp if men_take_kings else opp & ~kings
        pieces = 0
        if white or backward:
            pieces = own & (((victims << far) & (empty << 2 * far))
                            | ((victims << near) & (empty << 2 * near)))
        if not white or backward:
            pieces |= own & (((victims >> near) & (empty >> 2 * near))
                             | ((victims >> far) & (empty >> 2 * far)))
        if pieces:
            return len(choose(capture_sequences(own, opp, kings, white, pieces), kings))
        if white:
            return ((own >> far) & empty).bit_count() + ((own >> near) & empty).bit_count()
        return ((own << near) & empty).bit_count() + ((own << far) & empty).bit_count()

    def perft(own: int, opp: int, kings: int, white: bool, depth: int) -> int:
        pieces = capturers(own, opp, kings, white)
        seqs = capture_sequences(own, opp, kings, white, pieces) if pieces else None
        if seqs:
            moves = choose(seqs, kings)
            if depth == 1:
                return len(moves)
            total = 0
            for path, caps in moves:
                frm = 1 << path[0]
                to = 1 << path[-1]
                capmask = 0
                for c in caps:
                    capmask |= 1 << c
                if kings & frm:
                    new_kings = (kings & ~(frm | capmask)) | to
                else:
                    new_kings = kings & ~capmask
                    if to & (top if white else bottom):
                        new_kings |= to
                total += perft(opp & ~capmask, (own ^ frm) | to, new_kings, not white, depth - 1)
            return total
        if depth == 1:
            return count_quiet(own, opp, kings, white)
        empty = mask & ~(own | opp)
        men = own & ~kings
        total = 0
        promo = top if white else bottom
        for shift in (far, near):
            t = (men >> shift) & empty if white else (men << shift) & empty
            while t:
                to = t & -t
                t ^= to
                frm = to << shift if white else to >> shift
                new_kings = kings | to if to & promo else kings
                total += perft(opp, own ^ frm ^ to, new_kings, not white, depth - 1)
        own_kings = own & kings
        while own_kings:
            frm = own_kings & -own_kings
            own_kings ^= frm
            for ray in rays[frm.bit_length() - 1]:
                for bit in ray:
                    to = 1 << bit
                    if not empty & to:
                        break
                    total += perft(opp, own ^ frm ^ to, kings ^ frm ^ to, not white, depth - 1)
                    if not flying:
                        break
        return total

    return Generator(count_quiet, can_capture, capture_sequences, legal, count, perft)


ItalianRank = tuple[int, int, int, tuple[int, ...]]


def italian_rank(seq: RawMove, kings: int) -> ItalianRank:
    """Italian priority key, larger is preferred: pieces, with a king, kings taken, kings met earliest.

    The last item lists where the kings stand among the captured pieces, negated, so that comparing
    two keys compares those lists from the left and the earlier king wins (docs/RULES.md, worked
    position 11b). Lists are only compared when the kings taken are as many, so equally long.

    >>> italian_rank(((0, 9), (4, 5, 6)), kings=1 << 4 | 1 << 6)
    (3, 0, 2, (0, -2))
    """
    path, caps = seq
    met = tuple([-i for i, c in enumerate(caps) if (kings >> c) & 1])
    return (len(caps), (kings >> path[0]) & 1, len(met), met)


def apply_capture_rule(rule: CaptureRule, seqs: list[RawMove], kings: int) -> list[RawMove]:
    """Keep the capture sequences a capture-choice rule allows (duplicates kept)."""
    if len(seqs) < 2 or rule == "free":
        return seqs
    best = 0
    for _, c in seqs:
        if len(c) > best:
            best = len(c)
    top = seqs if best == 1 else [s for s in seqs if len(s[1]) == best]  # best == 1: every one takes one
    if rule == "most" or not kings or len(top) < 2:
        return top  # the Italian criteria after the count are about kings
    ranks = [italian_rank(s, kings) for s in top]
    high = max(ranks)
    return [s for s, r in zip(top, ranks, strict=True) if r == high]


def _dedupe(seqs: list[RawMove], square_of: dict[int, int]) -> list[RawMove]:
    """One sequence per (start, end, captured set): the one whose square path sorts first."""
    if len(seqs) < 2 or all(len(c) < 2 for _, c in seqs):
        return seqs  # one capture: the start, end and victim fix the path
    best: dict[tuple[int, int, int], RawMove] = {}
    for seq in seqs:
        path, caps = seq
        m = 0
        for c in caps:
            m |= 1 << c
        key = (path[0], path[-1], m)
        old = best.get(key)
        if old is None or [square_of[b] for b in path] < [square_of[b] for b in old[0]]:
            best[key] = seq
    return list(best.values())


def capture_sequences(v: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Every complete capture sequence, before the capture-choice rule is applied."""
    return generator(v).capture_sequences(own, opp, kings, white)


def apply_raw(
    v: Variant, own: int, opp: int, kings: int, white: bool, move: RawMove
) -> tuple[int, int, int]:
    """The (own, opp, kings) after `move`, still from the mover's point of view."""
    path, caps = move
    frm = 1 << path[0]
    to = 1 << path[-1]
    capmask = 0
    for c in caps:
        capmask |= 1 << c
    own = (own ^ frm) | to
    opp &= ~capmask
    if kings & frm:
        kings = (kings & ~(frm | capmask)) | to
    else:
        kings &= ~capmask
        g = v.geometry
        if to & (g.top_row if white else g.bottom_row):
            kings |= to
    return own, opp, kings


def perft(v: Variant, own: int, opp: int, kings: int, white: bool, depth: int) -> int:
    """Leaf nodes `depth` plies ahead, identical sequences counted once, bulk-counted at the last ply."""
    if depth == 0:
        return 1
    return generator(v).perft(own, opp, kings, white, depth)
