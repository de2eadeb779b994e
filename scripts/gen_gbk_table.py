#!/usr/bin/env python3
"""Writes src/xiangqi/xqf/gbk.bin: the two-byte GBK / GB18030 code page as a table of UTF-16 code units.

XQF files (docs/xqf.md) store their texts in the Windows Chinese code page (CP936 = GBK; GB18030 is its
superset). The table has one little-endian u16 per two-byte code: lead byte 0x81..0xFE (126 rows) times trail
byte 0x40..0xFE (191 columns, 0x7F included so the index is plain arithmetic), 0 where the code is unassigned.
Generated once with Python's own gb18030 codec (the mapping is the published standard, GB 18030-2005), and
committed; rerun only to check it: `python3 scripts/gen_gbk_table.py && git diff --stat`.
"""
import pathlib
import struct

out = bytearray()
for lead in range(0x81, 0xFF):
    for trail in range(0x40, 0xFF):
        try:
            ch = bytes([lead, trail]).decode("gb18030")
        except UnicodeDecodeError:
            ch = ""
        code = ord(ch) if len(ch) == 1 and ord(ch) < 0x10000 else 0
        out += struct.pack("<H", code)
path = pathlib.Path(__file__).resolve().parent.parent / "src/xiangqi/xqf/gbk.bin"
path.write_bytes(bytes(out))
print(f"{path}: {len(out)} bytes")
