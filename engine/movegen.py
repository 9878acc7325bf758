"""Legal move generation on bitboards.

A position is three integers (``own``, ``opp`` and ``kings``, from the side to move's point of view) and
the mover's colour. A raw move is ``(path, caps)``: the bits the piece stands on, start to end, and the
bits it captures, in order. Compulsory capture and the capture-choice rules live here and nowhere else.
"""

from __future__ import annotations

from engine.variants import Variant

RawMove = tuple[tuple[int, ...], tuple[int, ...]]

UP = (0, 1)
DOWN = (2, 3)
ALL = (0, 1, 2, 3)


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def quiet_moves(v: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Non-capturing moves of the side to move."""
    g = v.geometry
    empty = g.mask & ~(own | opp)
    men = own & ~kings
    out: list[RawMove] = []
    for d in UP if white else DOWN:
        step = g.steps[d]
        targets = (men >> -step if step < 0 else men << step) & empty
        for to in _bits(targets):
            out.append(((to - step, to), ()))
    own_kings = own & kings
    if own_kings:
        rays = g.rays
        for frm in _bits(own_kings):
            for ray in rays[frm]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    out.append(((frm, to), ()))
                    if not v.flying_kings:
                        break
    return out


def count_quiet(v: Variant, own: int, opp: int, kings: int, white: bool) -> int:
    """How many non-capturing moves there are, without building them."""
    g = v.geometry
    empty = g.mask & ~(own | opp)
    men = own & ~kings
    n = 0
    for d in UP if white else DOWN:
        step = g.steps[d]
        n += ((men >> -step if step < 0 else men << step) & empty).bit_count()
    own_kings = own & kings
    if own_kings:
        if v.flying_kings:
            for frm in _bits(own_kings):
                for ray in g.rays[frm]:
                    for to in ray:
                        if not (empty >> to) & 1:
                            break
                        n += 1
        else:
            for step in g.steps:
                n += ((own_kings >> -step if step < 0 else own_kings << step) & empty).bit_count()
    return n


def can_capture(v: Variant, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether the side to move has any capture (a quick test with shifts)."""
    g = v.geometry
    empty = g.mask & ~(own | opp)
    men = own & ~kings
    victims_of_men = opp if v.men_capture_kings else opp & ~kings
    dirs = ALL if v.men_capture_backward else (UP if white else DOWN)
    for d in dirs:
        step = g.steps[d]
        if step < 0:
            if ((((men >> -step) & victims_of_men) >> -step) & empty):
                return True
        elif ((((men << step) & victims_of_men) << step) & empty):
            return True
    own_kings = own & kings
    if not own_kings:
        return False
    if not v.flying_kings:
        for step in g.steps:
            if step < 0:
                if (((own_kings >> -step) & opp) >> -step) & empty:
                    return True
            elif (((own_kings << step) & opp) << step) & empty:
                return True
        return False
    for frm in _bits(own_kings):
        for ray in g.rays[frm]:
            for i, sq in enumerate(ray):
                if (empty >> sq) & 1:
                    continue
                if (opp >> sq) & 1 and i + 1 < len(ray) and (empty >> ray[i + 1]) & 1:
                    return True
                break
    return False


def capture_sequences(v: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Every complete capture sequence, before the capture-choice rule is applied."""
    g = v.geometry
    neighbour = g.neighbour
    rays = g.rays
    promo = g.top_row if white else g.bottom_row
    men_dirs = ALL if v.men_capture_backward else (UP if white else DOWN)
    man_victims = opp if v.men_capture_kings else opp & ~kings
    ends_on_promotion = v.promotion_ends_capture
    out: list[RawMove] = []

    def man_jumps(pos: int, empty: int, taken: int, path: list[int], caps: list[int]) -> None:
        found = False
        nb = neighbour
        for d in men_dirs:
            mid = nb[pos][d]
            if mid < 0 or not (man_victims >> mid) & 1 or (taken >> mid) & 1:
                continue
            land = nb[mid][d]
            if land < 0 or not (empty >> land) & 1:
                continue
            found = True
            path.append(land)
            caps.append(mid)
            if ends_on_promotion and (promo >> land) & 1:
                out.append((tuple(path), tuple(caps)))
            else:
                man_jumps(land, empty, taken | (1 << mid), path, caps)
            path.pop()
            caps.pop()
        if not found and caps:
            out.append((tuple(path), tuple(caps)))

    def king_jumps(pos: int, empty: int, taken: int, path: list[int], caps: list[int]) -> None:
        found = False
        for d in ALL:
            mid = neighbour[pos][d]
            if mid < 0 or not (opp >> mid) & 1 or (taken >> mid) & 1:
                continue
            land = neighbour[mid][d]
            if land < 0 or not (empty >> land) & 1:
                continue
            found = True
            path.append(land)
            caps.append(mid)
            king_jumps(land, empty, taken | (1 << mid), path, caps)
            path.pop()
            caps.pop()
        if not found and caps:
            out.append((tuple(path), tuple(caps)))

    def flying_jumps(pos: int, empty: int, taken: int, path: list[int], caps: list[int]) -> None:
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
                flying_jumps(ray[j], empty, taken | (1 << mid), path, caps)
                path.pop()
                j += 1
            caps.pop()
        if not found and caps:
            out.append((tuple(path), tuple(caps)))

    base_empty = g.mask & ~(own | opp)
    for frm in _bits(own):
        empty = base_empty | (1 << frm)
        if (kings >> frm) & 1:
            if v.flying_kings:
                flying_jumps(frm, empty, 0, [frm], [])
            else:
                king_jumps(frm, empty, 0, [frm], [])
        else:
            man_jumps(frm, empty, 0, [frm], [])
    return out


def italian_rank(seq: RawMove, kings: int) -> tuple[int, int, int, int]:
    """Italian priority key, larger is preferred: pieces, with a king, kings taken, king met earliest."""
    path, caps = seq
    king_positions = [i for i, c in enumerate(caps) if (kings >> c) & 1]
    first = -king_positions[0] if king_positions else -len(caps) - 1
    return (len(caps), (kings >> path[0]) & 1, len(king_positions), first)


def apply_capture_rule(v: Variant, seqs: list[RawMove], kings: int) -> list[RawMove]:
    """Keep the sequences the variant's capture-choice rule allows."""
    if not seqs or v.capture_rule == "free":
        return seqs
    if v.capture_rule == "most":
        best = max(len(c) for _, c in seqs)
        return [s for s in seqs if len(s[1]) == best]
    ranks = [italian_rank(s, kings) for s in seqs]
    top = max(ranks)
    return [s for s, r in zip(seqs, ranks, strict=True) if r == top]


def dedupe(seqs: list[RawMove], square_of: dict[int, int]) -> list[RawMove]:
    """One sequence per (start, end, captured set): the one whose square path sorts first."""
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


def legal_raw(v: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """The legal moves: the allowed captures if there are any, otherwise the plain moves."""
    if can_capture(v, own, opp, kings, white):
        seqs = apply_capture_rule(v, capture_sequences(v, own, opp, kings, white), kings)
        return dedupe(seqs, v.geometry.square_of)
    return quiet_moves(v, own, opp, kings, white)


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
    if can_capture(v, own, opp, kings, white):
        seqs = apply_capture_rule(v, capture_sequences(v, own, opp, kings, white), kings)
        moves = dedupe(seqs, v.geometry.square_of)
    elif depth == 1:
        return count_quiet(v, own, opp, kings, white)
    else:
        moves = quiet_moves(v, own, opp, kings, white)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        o, p, k = apply_raw(v, own, opp, kings, white, m)
        total += perft(v, p, o, k, not white, depth - 1)
    return total
