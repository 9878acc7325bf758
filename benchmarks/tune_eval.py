"""Fit the evaluation's weights to self-play results (Texel tuning) and write engine/weights/<variant>.json.

The evaluation is a weighted sum of terms (``engine.evaluation.terms``). Given positions labelled with the
game's result (``benchmarks/selfplay.py``), this finds the weights that best predict the result through
``sigmoid(eval / scale)``: first the scale that fits the current weights, then the weights, by gradient
descent (Adam) on the mean squared error, starting from the current weights. Only quiet positions (no
capture to make) are used: the evaluation is only asked about those. The last tenth of the data (whole
games) is held out to check that the fit predicts games it has not seen. With ``--patterns`` the values
of the pattern windows (``engine.evaluation.pattern_windows``: each arrangement of men in a 4x4 window)
are fitted beside the other weights, kept symmetric (an arrangement turned round with the colours
swapped is worth the opposite) and pulled towards 0 by ``--pattern-ridge``.

Needs numpy (a development tool: ``pip install numpy``); the engine itself does not.

    python benchmarks/tune_eval.py international            # reads benchmarks/.selfplay/international.txt
    python benchmarks/tune_eval.py english --epochs 400 --dry-run
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Board, evaluation
from engine.variants import get_variant

HERE = Path(__file__).resolve().parent


Arrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
KEYS = ("x", "f", "e", "y", "phase", "searched", "ids")


def load(variant: str, path: Path, limit: int | None) -> Arrays:
    """Term values, factors, extras, results (White's score), the share of pieces left (1 at the start),
    the search's scores for White (nan where the data has none) and the pattern windows' arrangements (as
    indices into all windows' values laid end to end) of the quiet positions in `path`."""
    rows: list[list[float]] = []
    factors: list[float] = []
    extras: list[float] = []
    results: list[float] = []
    phases: list[float] = []
    scores: list[float] = []
    ids: list[list[int]] = []
    with path.open() as f:
        for i, line in enumerate(f):
            if limit is not None and i >= limit:
                break
            fen, _, rest = line.rstrip("\n").partition("\t")
            result, _, score = rest.partition("\t")
            if not result:
                continue
            board = Board(variant, fen=fen)
            moves = board.legal_moves
            if not moves or any(m.captures for m in moves):
                continue
            values, factor, extra = evaluation.terms(board)
            rows.append(values)
            factors.append(factor)
            extras.append(extra)
            results.append(float(result))
            scores.append(float(score) if score else np.nan)
            own, opp, _ = board.bitboards()
            phases.append((own | opp).bit_count() / (2 * board.variant.men_per_side))
            found = evaluation.pattern_indices(board)
            ids.append([w * evaluation.PATTERN_SIZE + i for w, i in enumerate(found)])
    return (np.array(rows, dtype=np.float64), np.array(factors), np.array(extras), np.array(results),
            np.array(phases), np.array(scores), np.array(ids, dtype=np.int64))


def _cached(variant: str, path: Path, limit: int | None) -> Arrays:
    """`load`, kept in a .npz file beside the data until the data changes."""
    cached = path.with_suffix(f".{limit or 'all'}.npz")
    if cached.exists() and cached.stat().st_mtime > path.stat().st_mtime:
        with np.load(cached) as z:
            if all(k in z for k in KEYS):
                x, f, e, y, phase, searched, ids = (z[k] for k in KEYS)
                return x, f, e, y, phase, searched, ids
    arrays = load(variant, path, limit)
    np.savez(cached, **dict(zip(KEYS, arrays, strict=True)))
    return arrays


@dataclass
class Patterns:
    """The pattern part of the fit: the free values behind the tables. A table value is
    ``theta[k] - theta[turned[k]]`` (the arrangement turned round with the colours swapped counts against),
    so the evaluation stays symmetric."""

    turned: np.ndarray
    ridge: float
    rate: float

    def table(self, theta: np.ndarray) -> np.ndarray:
        return theta - theta[self.turned]

    def values(self, theta: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """Each position's sum of its windows' values."""
        return self.table(theta)[ids].sum(axis=1)

    def gradient(self, theta: np.ndarray, ids: np.ndarray, per_position: np.ndarray) -> np.ndarray:
        """The gradient for theta, given the loss's derivative by each position's evaluation."""
        g = np.bincount(ids.ravel(), weights=np.repeat(per_position, ids.shape[1]), minlength=len(theta))
        g /= len(per_position)
        return g - g[self.turned] + 2 * self.ridge * theta


def turned_indices(windows: int) -> np.ndarray:
    """For every (window, arrangement) laid end to end, the index of its turned-round counterpart."""
    size = evaluation.PATTERN_SIZE
    turned = np.array([evaluation.pattern_turned(i) for i in range(size)], dtype=np.int64)
    return np.concatenate([(windows - 1 - w) * size + turned for w in range(windows)])


def predict(x: np.ndarray, f: np.ndarray, e: np.ndarray, w: np.ndarray, scale: float) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(f * (x @ w + e)) / scale))


def loss(x: np.ndarray, f: np.ndarray, e: np.ndarray, y: np.ndarray, w: np.ndarray, scale: float) -> float:
    return float(np.mean((y - predict(x, f, e, w, scale)) ** 2))


def fit_scale(x: np.ndarray, f: np.ndarray, e: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The sigmoid scale (hundredths of a man) that fits the current weights best."""
    best = min(range(40, 801, 10), key=lambda s: loss(x, f, e, y, w, float(s)))
    return float(best)


def tune(
    x: np.ndarray, f: np.ndarray, e: np.ndarray, y: np.ndarray, w0: np.ndarray, scale: float, epochs: int,
    rate: float, frozen: np.ndarray, ridge: float, free_scale: bool, pat: Patterns | None, ids: np.ndarray,
    theta0: np.ndarray,
) -> tuple[np.ndarray, float, np.ndarray]:
    """Adam on the mean squared error plus `ridge` times the squared distance from the start (in men),
    full batch; `frozen` terms keep their start values; with `free_scale` the sigmoid's scale is fitted
    too; with `pat` the pattern values too (positions' windows `ids`, start `theta0`; without, `e` already
    holds them). Returns the weights, the scale and the pattern values' theta."""
    w = np.append(w0.copy(), np.log(scale))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    theta = theta0.copy()
    tm = np.zeros_like(theta)
    tv = np.zeros_like(theta)
    b1, b2 = 0.9, 0.999
    for step in range(1, epochs + 1):
        s = float(np.exp(w[-1]))
        extra = e if pat is None else e + pat.values(theta, ids)
        p = predict(x, f, extra, w[:-1], s)
        # d/dw mean((y - p)^2) = mean(-2 (y - p) p (1 - p) f x / scale); d/dlog(scale): times -eval/scale
        common = -2.0 * (y - p) * p * (1.0 - p) / s
        g = np.append((common * f) @ x / len(y) + 2e-4 * ridge * (w[:-1] - w0),
                      float(np.mean(-common * f * (x @ w[:-1] + extra))) if free_scale else 0.0)
        g[:-1][frozen] = 0.0
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        step_size = np.full_like(w, rate)
        step_size[-1] = 0.01  # log-scale
        w -= step_size * (m / (1 - b1**step)) / (np.sqrt(v / (1 - b2**step)) + 1e-12)
        if pat is not None:
            gt = pat.gradient(theta, ids, common * f)
            tm = b1 * tm + (1 - b1) * gt
            tv = b2 * tv + (1 - b2) * gt * gt
            theta -= pat.rate * (tm / (1 - b1**step)) / (np.sqrt(tv / (1 - b2**step)) + 1e-12)
        if step % 100 == 0:
            print(f"  epoch {step}: training loss {float(np.mean((y - p) ** 2)):.6f}, scale {s:.0f}",
                  flush=True)
    return w[:-1], float(np.exp(w[-1])), theta


def _json(out: dict[str, object]) -> str:
    """`out` as JSON, one value a line, and one pattern entry a line."""
    entries = out.pop("patterns", None)
    text = json.dumps(out, indent=1)
    if isinstance(entries, list):
        lines = ",\n".join("  " + json.dumps(e) for e in entries)
        text = text[:-2] + f',\n "patterns": [\n{lines}\n ]\n}}'
    return text + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant")
    p.add_argument("--data", type=Path, nargs="+", default=None,
                   help="default: benchmarks/.selfplay/<variant>.txt (the last file's last tenth: held out)")
    p.add_argument("--limit", type=int, default=None, help="read at most this many lines")
    p.add_argument("--epochs", type=int, default=600)
    p.add_argument("--rate", type=float, default=1.0, help="Adam step size (hundredths of a man)")
    p.add_argument("--lam", type=float, default=1.0,
                   help="weight of the game's result in the target; the rest: the search's score")
    p.add_argument("--fit-scale", action="store_true",
                   help="fit the sigmoid's scale too (with --freeze: held terms keep their size) instead of "
                        "scaling the result so that a man is worth 100")
    p.add_argument("--ridge", type=float, default=0.0, help="pull towards the start weights")
    p.add_argument("--freeze", default="", help="comma-separated term names to keep as they are")
    p.add_argument("--patterns", action="store_true",
                   help="fit the pattern windows' values too (engine.evaluation.pattern_windows)")
    p.add_argument("--pattern-ridge", type=float, default=1e-7, help="pull the pattern values towards 0")
    p.add_argument("--pattern-rate", type=float, default=1.0, help="Adam step size for the pattern values")
    p.add_argument("--dry-run", action="store_true", help="print the weights, do not write the file")
    p.add_argument("--out", type=Path, default=None,
                   help="write the weights here (default: engine/weights/<variant>.json, which the engine "
                        "loads)")
    args = p.parse_args(argv)
    variant = get_variant(args.variant)
    files = args.data or [HERE / ".selfplay" / f"{variant.name}.txt"]
    started = time.perf_counter()
    parts = [_cached(variant.name, path, args.limit) for path in files]
    x, f, e, y, phase, searched, ids = (np.concatenate([part[i] for part in parts]) for i in range(7))
    data = files[-1]
    print(f"{len(y)} quiet positions from {data} ({time.perf_counter() - started:.0f}s)")
    cut = int(len(y) * 0.9)
    train, held = slice(0, cut), slice(cut, None)
    names = evaluation.term_names(variant)
    n = variant.geometry.squares
    start = evaluation.weight_vector(variant, evaluation.WEIGHTS[variant.name])
    w0 = np.array(start, dtype=np.float64)
    # terms that never occur in the data cannot be fitted: keep them
    frozen = (np.abs(x[train]).sum(axis=0) == 0) | np.isin(names, [t for t in args.freeze.split(",") if t])
    windows = len(evaluation.pattern_windows(variant))
    pat = Patterns(turned_indices(windows), args.pattern_ridge, args.pattern_rate)
    current = evaluation.WEIGHTS[variant.name].patterns
    theta0 = (np.array(current, dtype=np.float64).ravel() / 2 if current
              else np.zeros(windows * evaluation.PATTERN_SIZE))
    if not args.patterns:
        # patterns already in the weights stay as they are: a fixed part of each position's evaluation
        e = e + pat.values(theta0, ids)
    scale = fit_scale(x[train], f[train], e[train], y[train], w0)
    if args.lam < 1:
        # learn partly from the search's verdict on each position, partly from how the game ended
        known = ~np.isnan(searched)
        verdict = 1.0 / (1.0 + np.exp(-np.clip(searched[known], -3000, 3000) / scale))
        y = y.copy()
        y[known] = args.lam * y[known] + (1 - args.lam) * verdict
        print(f"targets: {args.lam} x result + {1 - args.lam:.2f} x search verdict ({known.sum()} positions)")
    before = (loss(x[train], f[train], e[train], y[train], w0, scale),
              loss(x[held], f[held], e[held], y[held], w0, scale))
    print(f"scale {scale:.0f}; loss before: training {before[0]:.6f}, held out {before[1]:.6f}")
    fitted = tune(x[train], f[train], e[train], y[train], w0, scale, args.epochs, args.rate, frozen,
                  args.ridge, args.fit_scale, pat if args.patterns else None, ids[train], theta0)
    w, scale, theta = fitted
    table = pat.table(theta)
    if not args.fit_scale:
        # the fit moves the weights off the search's scale: put them back (a man worth 100 on average over
        # the squares men stand on, at the data's average share of pieces), and the sigmoid's with them
        used = ~frozen[:n]
        share = float(np.mean(phase[train]))
        factor = 100.0 / float(np.mean(share * w[:n][used] + (1 - share) * w[n:2 * n][used]))
        w, scale, table = w * factor, scale * factor, table * factor
        print(f"weights times {factor:.3f}: a man is worth 100 on average; sigmoid scale now {scale:.0f}")
    rounded = np.rint(w)
    if args.patterns:
        table = np.rint(table)  # rounds x and -x alike: the table still turns round exactly
        assert np.all(table == -table[pat.turned])
        e = e + table[ids].sum(axis=1)
    after = (loss(x[train], f[train], e[train], y[train], rounded, scale),
             loss(x[held], f[held], e[held], y[held], rounded, scale))
    print(f"loss after:  training {after[0]:.6f}, held out {after[1]:.6f}")
    values = [int(v) for v in rounded]
    weights = evaluation.weights_from_vector(variant, values)
    out: dict[str, object] = {
        "about": f"fitted by benchmarks/tune_eval.py {' '.join(sys.argv[1:] if argv is None else argv)} to "
                 f"{len(y)} quiet self-play positions from {', '.join(p.name for p in files)}; sigmoid scale "
                 f"{scale:.0f}; held-out loss {before[1]:.6f} -> {after[1]:.6f}",
        "pst_open": list(weights.pst_open),
        "pst_end": list(weights.pst_end),
    }
    out.update({name: getattr(weights, name) for name in evaluation.SCALARS})
    if args.patterns:
        tabs = table.astype(np.int64).reshape(windows, evaluation.PATTERN_SIZE)
        out["patterns"] = evaluation.patterns_to_json(tuple(tuple(int(v) for v in row) for row in tabs))
        print(f"  pattern values: {int(np.count_nonzero(tabs))} of {tabs.size} non-zero, largest "
              f"{int(np.abs(tabs).max())}")
    elif current:
        out["patterns"] = evaluation.patterns_to_json(current)
    for name, old, new in zip(names[2 * n:], start[2 * n:], values[2 * n:], strict=True):
        print(f"  {name:14s} {old:5d} -> {new:5d}")
    per_row = variant.size // 2
    for title, pst in (("opening", weights.pst_open), ("ending", weights.pst_end)):
        print(f"  a white man's value on each square, {title} (White plays up the board):")
        for r in range(variant.size):
            indent = "    " if (r % 2 == 0) != variant.a1_dark else ""
            print("   " + indent + "    ".join(f"{v:4d}" for v in pst[r * per_row:(r + 1) * per_row]))
    if not args.dry_run:
        target = args.out or evaluation.WEIGHTS_DIR / f"{variant.name}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_json(out))
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
