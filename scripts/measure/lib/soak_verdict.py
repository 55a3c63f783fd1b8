"""The verdict of scripts/measure/soak.sh on a heap series: is the heap after a full GC still rising?

    python3 scripts/lib/soak_verdict.py heap.tsv

heap.tsv: a header line, then one row per sample: elapsed seconds, heap used after a full GC in
MB, RSS in MB (tab-separated). The first half of the samples is the run filling its capped
structures; the verdict is about the second half: GROWING only when its least-squares slope is
above zero with 95 % confidence (one-sided Student t bound) and that rise is more than
MIN_GROWTH_MB_PER_HOUR; anything else, a heap that falls included, is PLATEAU. Exit status 0.
"""

import math
import sys

MIN_SAMPLES = 8
MIN_GROWTH_MB_PER_HOUR = 1.0

# one-sided 95 % quantiles of Student's t by degrees of freedom (1-30); beyond, 30's (a little
# larger than the exact value, so the bound errs towards PLATEAU)
T95 = [6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812, 1.796, 1.782,
       1.771, 1.761, 1.753, 1.746, 1.740, 1.734, 1.729, 1.725, 1.721, 1.717, 1.714, 1.711,
       1.708, 1.706, 1.703, 1.701, 1.699, 1.697]


def t95(df):
    return T95[min(df, len(T95)) - 1]


def slope(t, h):
    """Least-squares slope (MB per second) and its standard error."""
    n = len(t)
    mt, mh = sum(t) / n, sum(h) / n
    sxx = sum((x - mt) ** 2 for x in t)
    if sxx == 0:
        return 0.0, float("inf")
    b = sum((x - mt) * (y - mh) for x, y in zip(t, h)) / sxx
    a = mh - b * mt
    rss = sum((y - a - b * x) ** 2 for x, y in zip(t, h))
    se = math.sqrt(rss / (n - 2) / sxx) if n > 2 else float("inf")
    return b, se


def verdict(t, h):
    """(verdict, lines): verdict is PLATEAU, GROWING or None (too few samples)."""
    if len(h) < MIN_SAMPLES:
        return None, [f"VERDICT  too few samples ({len(h)}; need {MIN_SAMPLES}) for a verdict"]
    half = len(h) // 2
    tj, hj = t[half:], h[half:]
    b, se = slope(tj, hj)
    per_hour = b * 3600
    lower = (b - t95(len(tj) - 2) * se) * 3600
    growing = lower > 0 and per_hour > MIN_GROWTH_MB_PER_HOUR
    lines = [
        f"HEAP     first {h[0]:.1f} MB, max {max(h):.1f} MB, last {h[-1]:.1f} MB after GC over"
        f" {t[-1]:.0f} s",
        f"VERDICT  {'GROWING' if growing else 'PLATEAU'}: over the second half ({tj[0]:.0f}-"
        f"{tj[-1]:.0f} s, {len(tj)} samples, mean {sum(hj) / len(hj):.1f} MB) the heap after GC"
        f" changes {per_hour:+.1f} MB/h (95 % lower bound {lower:+.1f} MB/h)",
    ]
    return ("GROWING" if growing else "PLATEAU"), lines


def main(path):
    rows = [line.split("\t") for line in open(path).read().split("\n")[1:] if line.strip()]
    t = [float(r[0]) for r in rows]
    h = [float(r[1]) for r in rows]
    for line in verdict(t, h)[1]:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
