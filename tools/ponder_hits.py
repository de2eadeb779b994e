#!/usr/bin/env python3
"""Ponder hit rate of engines in a match, from the match runner's protocol log.

Usage: python3 tools/ponder_hits.py LOG [LOG ...]

LOG is the traffic log a match runner writes (e.g. `match.py --log`): one line per message,
`<timestamp> <engine-name> <|> <text>`, where `<` is a command sent to the engine and `>` a line it printed.
For every `bestmove M ponder P` (UCI and UCCI write it the same way) that the opponent answers, the reply is
compared with P: equal is a ponder hit — the position the engine would have pondered on is the one it must
search. A `ucinewgame` (or UCCI `setoption newgame`) sent to either engine starts a new game, so the last
move of a game, which nobody answers, is not counted.

Prints, per engine, predictions answered, hits and the hit rate, and per game the hits of each engine.
"""
import collections
import re
import sys

LINE = re.compile(r'^\S+ (\S+) ([<>]) (.*)$')
BESTMOVE = re.compile(r'^bestmove (\S+)(?: ponder (\S+))?')


def main(paths):
    hits = collections.Counter()
    asked = collections.Counter()
    games = []
    for path in paths:
        pending = None  # (engine, predicted reply)
        current = collections.Counter()
        with open(path, encoding='utf-8', errors='replace') as f:
            for raw in f:
                m = LINE.match(raw.rstrip('\n'))
                if not m or m.group(1) == 'referee':
                    continue
                engine, direction, text = m.groups()
                if direction == '<' and (text == 'ucinewgame' or text.startswith('setoption newgame')):
                    if current:
                        games.append(current)
                    current = collections.Counter()
                    pending = None
                    continue
                b = BESTMOVE.match(text) if direction == '>' else None
                if not b:
                    continue
                move, predicted = b.groups()
                if pending and pending[0] != engine:
                    asked[pending[0]] += 1
                    current[pending[0] + ' asked'] += 1
                    if move == pending[1]:
                        hits[pending[0]] += 1
                        current[pending[0] + ' hits'] += 1
                pending = (engine, predicted) if predicted else None
        if current:
            games.append(current)
    for engine in sorted(asked):
        n, h = asked[engine], hits[engine]
        print(f'{engine}: {h} ponder hits in {n} predicted replies = {100 * h / n:.1f}%')
    for i, g in enumerate(games, 1):
        print(f'game {i}: ' + ', '.join(f'{e} {g[e + " hits"]}/{g[e + " asked"]}' for e in sorted(asked)))


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
