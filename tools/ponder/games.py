#!/usr/bin/env python3
"""Game records for the pondering coverage bench (`cargo bench --bench ponder_coverage`, issue 23).

Two kinds, one line per game: ICCS moves from the start position, then `# who=SIDE | source`, where SIDE names
the side whose moves the engine tries to predict (`both` for a human game: every move is a person's).

    python3 tools/ponder/games.py human GAMES_JS benches/ponder-human-games.txt [--count 60]
    python3 tools/ponder/games.py engine MATCH_JSON benches/ponder-engine-games.txt --opponent eleeye [--count 60]

`human`: a spread sample (every n-th game, so all eras and events are in) of the 1,125 master games of
maksimKorzh/wukong-xiangqi, `apps/game_viewer/gui/game/games.js` (commit 9ef8db7, MIT licence, (c) 2021 Maksym
Korzh); only the move sequences (facts) are taken, with the event as the source. `engine`: the games of a match
JSON written by `tools/clock_match.py`; the opponent's moves are the ones to predict.
"""
import argparse, json, re


def human(args):
    text = open(args.source, encoding='utf-8').read()
    games = re.findall(r'"event":\s*"([^"]*)".*?"moves":\s*"([a-i0-9 ]+)"', text, re.S)
    step = max(1, len(games) // args.count)
    chosen = [g for i, g in enumerate(games) if i % step == 0 and len(g[1].split()) >= 30][:args.count]
    with open(args.out, 'w', encoding='utf-8') as out:
        out.write('# Master games for the pondering coverage bench: every move is a person\'s. A spread sample of the\n'
                  '# 1,125 games of maksimKorzh/wukong-xiangqi (apps/game_viewer/gui/game/games.js, commit 9ef8db7,\n'
                  '# MIT licence, (c) 2021 Maksym Korzh); move sequences only. Made by tools/ponder/games.py human.\n')
        for event, moves in chosen:
            out.write(f'{moves.strip()}  # who=both | {event}\n')
    print(f'{len(chosen)} of {len(games)} games')


def engine(args):
    d = json.load(open(args.source, encoding='utf-8'))
    games = d['games'][:args.count]
    with open(args.out, 'w', encoding='utf-8') as out:
        names = [e['name'] for e in d['engines']]
        out.write(f'# Engine games for the pondering coverage bench: {" vs ".join(names)}, {d.get("limit") or d.get("tc")},\n'
                  f'# from {args.source.split("/")[-1]} (tools/clock_match.py). The moves to predict: {args.opponent}\'s.\n')
        for g in games:
            side = 'black' if g['red'] != args.opponent else 'red'
            out.write(f'{g["moves"].strip()}  # who={side} | {g.get("family") or ""}\n')
    print(f'{len(games)} games')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('kind', choices=['human', 'engine'])
    ap.add_argument('source')
    ap.add_argument('out')
    ap.add_argument('--count', type=int, default=60)
    ap.add_argument('--opponent', default='eleeye')
    args = ap.parse_args()
    (human if args.kind == 'human' else engine)(args)


if __name__ == '__main__':
    main()
