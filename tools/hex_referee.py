"""The referee board and the game record of `tools/hex_match.py`: Hex legality, the winner by connection, and
SGF writing (Python 3 standard library only).

Coordinates (the SGF Hex convention, <https://www.red-bean.com/sgf/hex.html>, as HexGui, Benzene and duiyi):
a cell is a column letter from `a` (left) and a row number from `1` (top), e.g. `e5`. Black moves first and
joins rows 1 and N (north–south); White joins columns `a` and the N-th letter (west–east). No swap rule.
On the hex grid the neighbours of (c, r) are (c±1, r), (c, r±1), (c+1, r−1) and (c−1, r+1).
"""
import re, time

CELL_RE = re.compile(r'^([a-zA-Z])([0-9]{1,2})$')
COLOUR_NAME = {'b': 'Black', 'w': 'White'}


class IllegalMove(ValueError):
    """A move the referee refuses; the message says why (not a cell, off the board, occupied, out of turn)."""


class HexBoard:
    """An N×N Hex board (1 ≤ N ≤ 19) with a union-find over stones and the four edges.

    `play(colour, text)` checks and plays a move ('b'/'w', a cell name), returns the cell's normal name
    (lower case) or raises IllegalMove; `winner()` is 'b', 'w' or None; `moves` lists (colour, cell name).
    """

    def __init__(self, size):
        if not 1 <= size <= 19:
            raise ValueError(f'board size {size}: expected 1..19')
        self.size = size
        self.stones = {}                        # (col, row) 0-based -> 'b' | 'w'
        self.moves = []
        n = size * size
        self.north, self.south, self.west, self.east = n, n + 1, n + 2, n + 3
        self.parent = list(range(n + 4))

    def to_move(self):
        """'b' or 'w': Black moves first, then the sides alternate."""
        return 'b' if len(self.moves) % 2 == 0 else 'w'

    def parse(self, text):
        """(col, row), 0-based, of a cell name on this board; IllegalMove when it is not one."""
        m = CELL_RE.match(text.strip())
        if not m:
            raise IllegalMove(f"'{text}' is not a cell (expected a letter and a row number such as e5)")
        c, r = ord(m.group(1).lower()) - ord('a'), int(m.group(2)) - 1
        if not (0 <= c < self.size and 0 <= r < self.size):
            raise IllegalMove(f"'{text}' is off the {self.size}×{self.size} board")
        return c, r

    def name(self, c, r):
        return f"{chr(ord('a') + c)}{r + 1}"

    def _find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def _union(self, x, y):
        self.parent[self._find(x)] = self._find(y)

    def play(self, colour, text):
        """Plays `text` for `colour` after checking it; returns the cell's normal name."""
        if colour != self.to_move():
            raise IllegalMove(f'{COLOUR_NAME[colour]} moved out of turn')
        if self.winner():
            raise IllegalMove('the game is already over')
        c, r = self.parse(text)
        if (c, r) in self.stones:
            raise IllegalMove(f"'{text}' is occupied")
        self.stones[(c, r)] = colour
        n, idx = self.size, r * self.size + c
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            nc, nr = c + dc, r + dr
            if 0 <= nc < n and 0 <= nr < n and self.stones.get((nc, nr)) == colour:
                self._union(idx, nr * n + nc)
        if colour == 'b':
            if r == 0:
                self._union(idx, self.north)
            if r == n - 1:
                self._union(idx, self.south)
        else:
            if c == 0:
                self._union(idx, self.west)
            if c == n - 1:
                self._union(idx, self.east)
        cell = self.name(c, r)
        self.moves.append((colour, cell))
        return cell

    def winner(self):
        """'b' when Black joins north and south, 'w' when White joins west and east, else None."""
        if self._find(self.north) == self._find(self.south):
            return 'b'
        if self._find(self.west) == self._find(self.east):
            return 'w'
        return None


def sgf_text(value):
    """An SGF text value with `\\` and `]` escaped (SGF FF[4] §3.2)."""
    return str(value).replace('\\', '\\\\').replace(']', '\\]')


# RE suffixes per way of ending (SGF FF[4]: B+R/Resign, B+T/Time, B+F/Forfeit; a plain `B+` for a connection).
RE_SUFFIX = {'connection': '', 'resign': 'Resign', 'time': 'Time', 'timeout': 'Time'}


def sgf_record(size, black, white, winner, ending, moves, comment='', date=None):
    """One game as SGF text (HexGui's layout: a root node, then one node per move).

    size: the board side; black/white: player names; winner: 'b'/'w'; ending: 'connection', 'resign', 'time',
    'timeout' or another word (written as Forfeit); moves: [(colour, cell, seconds or None)] (None for the
    opening's moves, commented `opening`); comment: the root's C[] text. A resignation adds a last
    `;B[resign]`/`;W[resign]` node for the loser, as HexGui writes it.
    """
    re_value = f"{winner.upper()}+{RE_SUFFIX.get(ending, 'Forfeit')}"
    date = date or time.strftime('%Y-%m-%d')
    out = [f'(;FF[4]GM[11]AP[hex_match.py]SZ[{size}]PB[{sgf_text(black)}]PW[{sgf_text(white)}]DT[{date}]'
           f'RE[{re_value}]C[{sgf_text(comment)}]']
    for colour, cell, secs in moves:
        note = 'opening' if secs is None else f'{secs:.3f} s'
        out.append(f';{colour.upper()}[{cell}]C[{note}]')
    if ending == 'resign':
        out.append(f";{'W' if winner == 'b' else 'B'}[resign]")
    return '\n'.join(out) + ')\n'


def sgf_moves(text):
    """The (colour, value) move pairs of an SGF record's main line, in order (B[…]/W[…] properties only):
    a minimal reader for the self-test, not a full SGF parser."""
    body = re.sub(r'C\[(?:\\.|[^\]\\])*\]', '', text)
    return [(m.group(1).lower(), m.group(2)) for m in re.finditer(r';\s*([BW])\[([^\]]*)\]', body)]


def sgf_property(text, name):
    """The first value of root property `name` (e.g. 'RE'), or None."""
    m = re.search(r'(?<![A-Z])' + name + r'\[((?:\\.|[^\]\\])*)\]', text)
    return m.group(1) if m else None
