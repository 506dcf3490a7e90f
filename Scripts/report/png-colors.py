#!/usr/bin/env python3
"""Counts the colours of a PNG (8-bit RGB or RGBA, not interlaced) with the standard library.

Usage: png-colors.py FILE R,G,B [TOLERANCE]
Prints JSON: {"width", "height", "colors": distinct colours, "matching": pixels within
TOLERANCE (default 12) of R,G,B on every channel}. The report's browser test uses it to
check that a screenshot is drawn and shows the red of a red update.
"""
import json
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG")
    offset, idat = 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise SystemExit("unsupported PNG: depth %d colour type %d" % (depth, color))
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    position = 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    path, target = sys.argv[1], [int(v) for v in sys.argv[2].split(",")]
    tolerance = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    width, height, channels, rows = pixels(path)
    colors, matching = set(), 0
    for row in rows:
        for x in range(0, len(row), channels):
            rgb = row[x:x + 3]
            colors.add(rgb)
            if all(abs(rgb[i] - target[i]) <= tolerance for i in range(3)):
                matching += 1
    print(json.dumps({"width": width, "height": height, "colors": len(colors), "matching": matching}))


main()
