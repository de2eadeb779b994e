#!/usr/bin/env python3
"""Makes www/fonts/duiyi-pieces.woff2: the Xiangqi board's characters (the 14 piece names, 楚河 漢界, the file
numbers 一…九 and the full-width １…９, and the brand 对弈) cut from Noto Serif CJK SC Bold, so the pieces render on a machine without CJK fonts
(issue 35). The font is under the SIL Open Font License 1.1 (www/fonts/OFL.txt, with its copyright line); a
subset keeps the licence and, as the OFL asks of a modified version, does not use the Reserved Font Name
"Noto": it is renamed "Duiyi Pieces".

    pip install fonttools brotli
    python3 tools/font/subset_pieces.py [--source /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc]

Not run by the build or the tests: the output is committed. Debian's package fonts-noto-cjk has the source.
"""
import argparse, os
from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'www', 'fonts', 'duiyi-pieces.woff2')
# www/views/xiangqi-board.js: PIECE_CHARS, the river's text and the file numbers
CHARS = '帥仕相俥傌炮兵將士象車馬砲卒' + '楚河漢界' + '一二三四五六七八九' + '１２３４５６７８９' + '对弈' + ' '
FAMILY = 'Duiyi Pieces'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--source', default='/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc')
    ap.add_argument('--index', type=int, default=None, help='font in the collection (default: the SC one)')
    args = ap.parse_args()
    fonts = TTCollection(args.source).fonts
    index = args.index
    if index is None:
        index = next(i for i, f in enumerate(fonts) if f['name'].getDebugName(1).endswith(' SC'))
    font = fonts[index]
    opts = subset.Options()
    opts.flavor = 'woff2'
    opts.layout_features = ['*']
    opts.name_IDs = ['*']
    opts.drop_tables += ['DSIG']
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in CHARS])
    sub.subset(font)
    # the Reserved Font Name goes: family, full and PostScript names become ours; copyright and licence stay
    name = font['name']
    for rec in list(name.names):
        if rec.nameID in (1, 16):
            name.setName(FAMILY, rec.nameID, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID in (3, 4):
            name.setName(f'{FAMILY} Bold', rec.nameID, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID == 6:
            name.setName('DuiyiPieces-Bold', rec.nameID, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID == 17:
            name.setName('Bold', rec.nameID, rec.platformID, rec.platEncID, rec.langID)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    font.flavor = 'woff2'
    font.save(OUT)
    print(f'{os.path.relpath(OUT)}: {os.path.getsize(OUT)} bytes, {len(set(CHARS))} characters')


if __name__ == '__main__':
    main()
