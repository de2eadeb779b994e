#!/usr/bin/env python3
"""The cost of MultiPV K against MultiPV 1 in time to the same depth, on positions from real games
(issue 22; docs/benchmarks.md "MultiPV").

Two subcommands:

  positions  writes the positions files: the positions after plies 20, 40 and 60 of match games that began
             with master-game openings (tools/review/data/xq-base-*.json), and the end positions of
             benches/real-openings.txt; FENs from `duiyi eval --moves`.
  measure    runs `duiyi bench --positions FILE --multipv K --depth N` R times (each run searches every position
             with MultiPV 1 and K back to back) and reports, over positions: the ratio of the node totals (exact),
             the ratio of the CPU totals (medians of the R runs per position), the median per-position ratios,
             and a bootstrap 95% interval (resampling positions) for each total ratio.

Usage:
  python3 tools/multipv_cost.py positions --duiyi target/release/duiyi
  python3 tools/multipv_cost.py measure --duiyi target/release/duiyi --file benches/multipv-games.txt \
      --depth 10 [--multipv 3] [--runs 3] [--nodes-only]
"""

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLIES = (20, 40, 60)
LINE = re.compile(r"position (\d+) line (\d+): nodes (\d+) (\d+) cpu ([\d.]+) ([\d.]+) best (\S+) (\S+)")


def fen_after(duiyi, moves):
    """The FEN after `moves` (ICCS, from the start position), from `duiyi eval`."""
    out = subprocess.run([duiyi, "eval", "--moves", " ".join(moves)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["fen"]


def make_positions(args):
    """Writes benches/multipv-games.txt and benches/multipv-openings.txt."""
    games_out = [
        "# Positions from real games for the MultiPV cost (docs/benchmarks.md \"MultiPV\"; made by",
        "# tools/multipv_cost.py positions). The positions after plies 20, 40 and 60 of 20 match games, the first",
        "# game longer than 60 plies of each distinct opening, taken in turn from tools/review/data/xq-base-fsf200.json",
        "# (duiyi vs Fairy-Stockfish) and xq-base-ee200.json (duiyi vs ElephantEye); the openings are the first",
        "# 10 plies of master games (benches/real-openings.txt). Comment: source, game index, ply, opening family.",
    ]
    sources = ["xq-base-fsf200.json", "xq-base-ee200.json"]
    lists = []
    for src in sources:
        data = json.loads((ROOT / "tools/review/data" / src).read_text())
        lists.append([(src, i, g) for i, g in enumerate(data["games"]) if g["plies"] > max(PLIES)])
    chosen, seen, cursor = [], set(), [0, 0]
    while len(chosen) < args.games and any(cursor[s] < len(lists[s]) for s in range(2)):
        for s in range(2):
            while cursor[s] < len(lists[s]):
                src, i, g = lists[s][cursor[s]]
                cursor[s] += 1
                if g["opening"] not in seen:
                    seen.add(g["opening"])
                    chosen.append((src, i, g))
                    break
            if len(chosen) >= args.games:
                break
    for src, i, g in chosen:
        moves = g["moves"].split()
        for ply in PLIES:
            games_out.append(f"{fen_after(args.duiyi, moves[:ply])}  # {src} game {i} ply {ply} | {g.get('family', '')}")
    (ROOT / "benches/multipv-games.txt").write_text("\n".join(games_out) + "\n")

    lines = [l for l in (ROOT / "benches/real-openings.txt").read_text().splitlines() if l and not l.startswith("#")]
    step = max(1, len(lines) // args.openings)
    open_out = [
        "# Opening positions for the MultiPV cost (docs/benchmarks.md \"MultiPV\"; made by tools/multipv_cost.py",
        f"# positions): the end positions of every {step}th line of benches/real-openings.txt (10-12 plies of master",
        "# games). Comment: the line's own comment.",
    ]
    for l in lines[::step][: args.openings]:
        moves, _, comment = l.partition("#")
        open_out.append(f"{fen_after(args.duiyi, moves.split())}  # {comment.strip()}")
    (ROOT / "benches/multipv-openings.txt").write_text("\n".join(open_out) + "\n")
    print(f"{len(chosen) * len(PLIES)} game positions, {len(open_out) - 3} opening positions")


def run_once(args):
    """One `duiyi bench --positions` run: {position: (n1, nk, c1, ck, best1, bestk)}."""
    cmd = ["nice", args.duiyi, "bench", "--positions", args.file, "--multipv", str(args.multipv), "--depth", str(args.depth)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"multipv_cost: {' '.join(cmd)} failed: {out.stderr.strip()}")
    rows = {}
    for m in LINE.finditer(out.stdout):
        rows[int(m[1])] = (int(m[3]), int(m[4]), float(m[5]), float(m[6]), m[7], m[8])
    return rows


def bootstrap(pairs, reps=10000, seed=22):
    """95% percentile interval of sum(b)/sum(a) over `pairs` [(a, b)] resampled with replacement."""
    rng = random.Random(seed)
    n = len(pairs)
    ratios = []
    for _ in range(reps):
        a = b = 0.0
        for _ in range(n):
            x, y = pairs[rng.randrange(n)]
            a, b = a + x, b + y
        ratios.append(b / a)
    ratios.sort()
    return ratios[int(0.025 * reps)], ratios[int(0.975 * reps) - 1]


def measure(args):
    runs = [run_once(args) for _ in range(1 if args.nodes_only else args.runs)]
    ids = sorted(runs[0])
    nodes = [(runs[0][i][0], runs[0][i][1]) for i in ids]
    for r in runs[1:]:
        assert all(r[i][:2] == runs[0][i][:2] for i in ids), "node counts differ between runs"
    n1, nk = sum(a for a, _ in nodes), sum(b for _, b in nodes)
    per = sorted(b / a for a, b in nodes)
    lo, hi = bootstrap(nodes)
    print(f"{args.file}: {len(ids)} positions, depth {args.depth}, MultiPV 1 vs {args.multipv}, {len(runs)} run(s)")
    print(f"nodes: {n1} vs {nk}: {nk / n1:.3f}x (95% {lo:.2f}-{hi:.2f}); per position median {statistics.median(per):.2f}x,"
          f" min {per[0]:.2f}x, max {per[-1]:.2f}x")
    print(f"MultiPV 1 nodes per position: median {statistics.median(a for a, _ in nodes):.0f}")
    if args.nodes_only:
        return
    cpu = [(statistics.median(r[i][2] for r in runs), statistics.median(r[i][3] for r in runs)) for i in ids]
    c1, ck = sum(a for a, _ in cpu), sum(b for _, b in cpu)
    lo, hi = bootstrap(cpu)
    per = sorted(b / a for a, b in cpu)
    print(f"cpu s: {c1:.2f} vs {ck:.2f}: {ck / c1:.3f}x (95% {lo:.2f}-{hi:.2f}); per position median {statistics.median(per):.2f}x;"
          f" MultiPV 1 per position median {statistics.median(a for a, _ in cpu):.3f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("positions")
    p.add_argument("--duiyi", default=str(ROOT / "target/release/duiyi"))
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--openings", type=int, default=20)
    m = sub.add_parser("measure")
    m.add_argument("--duiyi", default=str(ROOT / "target/release/duiyi"))
    m.add_argument("--file", required=True)
    m.add_argument("--depth", type=int, default=10)
    m.add_argument("--multipv", type=int, default=3)
    m.add_argument("--runs", type=int, default=3)
    m.add_argument("--nodes-only", action="store_true", help="one run, node counts only (they are exact)")
    args = ap.parse_args()
    make_positions(args) if args.cmd == "positions" else measure(args)


if __name__ == "__main__":
    main()
