#!/usr/bin/env python3
"""Threads against one thread (issue 37; docs/benchmarks.md "Parallel search"): time to the same depth and
nodes per second of the Xiangqi search with `Threads` N against `Threads 1`, on positions from real games.

For each position of FILE (a FEN a line, `#` comments; default benches/multipv-games.txt: the positions after
plies 20, 40 and 60 of 20 games that began with master openings), each of the two engines (one process each,
started once, UCI) gets `setoption name Clear Hash`, `position fen F` and `go depth D`; the order of the two
alternates from position to position so that neither is always first on a warm or busy machine. The wall time
is measured here, from writing `go` to reading `bestmove`; the nodes are those of the last `info` (every
thread's). Reported, over the positions: the ratio of the total times (N threads / 1) and of the total nodes
per second (N / 1), the geometric mean of the per-position time ratios, and a bootstrap 95% interval
(resampling positions) for each total ratio.

Usage:
  python3 tools/threads_bench.py --duiyi target/release/duiyi [--threads 2] [--depth 12] [--file F] [--json OUT]
"""

import argparse
import json
import math
import random
import re
import statistics
import sys
import time
from pathlib import Path

from uci_engine import Uci

ROOT = Path(__file__).resolve().parent.parent
INFO = re.compile(r"\bdepth (\d+)\b.*\bnodes (\d+)\b")


def search(engine, fen, depth):
    """(wall seconds, nodes, depth reached, bestmove) of `go depth` from a cleared table."""
    engine.send("setoption name Clear Hash")
    engine.send(f"position fen {fen}")
    engine.ready()
    t0 = time.perf_counter()
    engine.send(f"go depth {depth}")
    nodes, reached = 0, 0
    while True:
        line = engine.readline()
        m = INFO.search(line)
        if line.startswith("info") and m and " pv " in line:
            reached, nodes = int(m.group(1)), int(m.group(2))
        if line.startswith("bestmove"):
            return time.perf_counter() - t0, nodes, reached, line.split()[1]


def boot(pairs, f, rounds=2000, seed=1):
    """Bootstrap 95% interval of f over resampled pairs."""
    rng = random.Random(seed)
    vals = sorted(f([rng.choice(pairs) for _ in pairs]) for _ in range(rounds))
    return vals[int(0.025 * rounds)], vals[int(0.975 * rounds) - 1]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duiyi", default=str(ROOT / "target/release/duiyi"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--file", default=str(ROOT / "benches/multipv-games.txt"))
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions")
    ap.add_argument("--json", help="write every measurement here")
    args = ap.parse_args()

    fens = [l.split("#")[0].strip() for l in Path(args.file).read_text().splitlines()]
    fens = [f for f in fens if f]
    if args.limit:
        fens = fens[: args.limit]
    one, many = Uci(args.duiyi, {"Threads": 1}), Uci(args.duiyi, {"Threads": args.threads})
    rows = []
    for i, fen in enumerate(fens):
        order = [(1, one), (args.threads, many)]
        if i % 2:
            order.reverse()
        r = {"fen": fen}
        for t, e in order:
            secs, nodes, reached, best = search(e, fen, args.depth)
            r[t] = {"secs": secs, "nodes": nodes, "depth": reached, "best": best}
        rows.append(r)
        a, b = r[1], r[args.threads]
        print(f"{i + 1:3d} 1T {a['secs']:7.3f}s {a['nodes']:9d} {a['best']}   {args.threads}T {b['secs']:7.3f}s "
              f"{b['nodes']:9d} {b['best']}   time ratio {b['secs'] / a['secs']:.2f}", flush=True)
    one.quit()
    many.quit()

    n = args.threads
    pairs = [(r[1], r[n]) for r in rows]
    time_ratio = lambda ps: sum(b["secs"] for _, b in ps) / sum(a["secs"] for a, _ in ps)
    nps = lambda x: sum(v["nodes"] for v in x) / sum(v["secs"] for v in x)
    nps_ratio = lambda ps: nps([b for _, b in ps]) / nps([a for a, _ in ps])
    geo = math.exp(statistics.mean(math.log(b["secs"] / a["secs"]) for a, b in pairs))
    same = sum(a["best"] == b["best"] for a, b in pairs)
    out = {
        "positions": len(pairs), "depth": args.depth, "threads": n,
        "time_1": sum(a["secs"] for a, _ in pairs), "time_n": sum(b["secs"] for _, b in pairs),
        "time_ratio": time_ratio(pairs), "time_ratio_ci": boot(pairs, time_ratio),
        "time_ratio_geomean": geo,
        "nps_1": nps([a for a, _ in pairs]), "nps_n": nps([b for _, b in pairs]),
        "nps_ratio": nps_ratio(pairs), "nps_ratio_ci": boot(pairs, nps_ratio),
        "same_bestmove": same,
    }
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": out, "rows": rows}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
