"""The svg chart's pixels in a PNG, for scripts/check-svg-image.sh (no PIL: grim and
gdk-pixbuf-thumbnailer write 8-bit RGB or RGBA PNGs).

  chart-pixels.py colours PNG
      exit 0 when the PNG has Unhealthy red (#FF0000) and USG orange (#FF7E00) anywhere (the
      forecast chart of the loopback provider, drawn by gdk-pixbuf).
  chart-pixels.py empty|bars PNG SVG SIZE BAR_HEIGHT BACKGROUND
      The chart SVG as Waybar's image module draws it: scaled to fit SIZE x SIZE (aspect kept),
      first in modules-left (x = 0), centred in a bar BAR_HEIGHT high on BACKGROUND (#rrggbb).
      `empty`: the chart of no readings: its Good band's tint where the band is, and no bar
      colour in the image. `bars`: the pixels of #FF7E00 in the image fill the box the SVG's
      USG bars make, scaled (within 3 px each side), and nothing of that colour lies outside it.
      Prints what it found; exit 1 when it does not hold.
"""
import re
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    pos, chunks, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, _, kind = struct.unpack(">IIBB", body[:10])
        if tag == b"IDAT":
            chunks += body
        pos += 12 + length
    raw, size = zlib.decompress(chunks), 4 if kind == 6 else 3
    stride, rows, prior = width * size, [], bytearray(width * size)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - size] if i >= size else 0
            b = prior[i]
            c = prior[i - size] if i >= size else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, size)])
        prior = line
    return rows


def near(p, want, tolerance=8):
    return all(abs(p[k] - want[k]) <= tolerance for k in range(3))


def rgb(hex_colour):
    return tuple(int(hex_colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


def rects(svg, fill, bars):
    """(x, y, w, h) of the SVG's rects of `fill`: the bars (opaque) or the bands (tinted)."""
    found = []
    for attrs in re.findall(r"<rect ([^>]*)>", svg):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        if a.get("fill", "").upper() == fill and ("fill-opacity" not in a) == bars and "x" in a:
            found.append(tuple(float(a[k]) for k in ("x", "y", "width", "height")))
    return found


def main():
    mode, png = sys.argv[1], sys.argv[2]
    rows = pixels(png)
    orange, red = rgb("#FF7E00"), rgb("#FF0000")
    if mode == "colours":
        every = {p for row in rows for p in row}
        sys.exit(0 if any(near(p, red) for p in every) and any(near(p, orange) for p in every) else 1)
    svg = open(sys.argv[3], encoding="utf-8").read()
    size, bar_height, background = int(sys.argv[4]), int(sys.argv[5]), rgb(sys.argv[6])
    width, height = (float(v) for v in re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups())
    scale = min(size / width, size / height)
    top = (bar_height - round(height * scale)) / 2
    box = lambda r: (r[0] * scale, top + r[1] * scale, (r[0] + r[2]) * scale, top + (r[1] + r[3]) * scale)
    image = [row[:round(width * scale)] for row in rows[:bar_height]]
    found = [(x, y) for y, row in enumerate(image) for x, p in enumerate(row) if near(p, orange)]
    if mode == "empty":
        band = box(rects(svg, "#00E400", bars=False)[0])
        tint = tuple(0.16 * g + 0.84 * b for g, b in zip(rgb("#00E400"), background))
        x, y = int((band[0] + band[2]) / 2), int((band[1] + band[3]) / 2)
        print(f"Good band tint at ({x},{y}): {image[y][x]}, want {tuple(round(v) for v in tint)}; "
              f"bar-orange pixels in the image: {len(found)}")
        sys.exit(0 if near(image[y][x], tint, 10) and not found else 1)
    want = [box(r) for r in rects(svg, "#FF7E00", bars=True)]
    if not want or not found:
        print(f"no USG bars: {len(want)} in the svg, {len(found)} orange pixels in the image")
        sys.exit(1)
    x0, y0 = min(b[0] for b in want), min(b[1] for b in want)
    x1, y1 = max(b[2] for b in want), max(b[3] for b in want)
    fx0, fy0 = min(x for x, _ in found), min(y for _, y in found)
    fx1, fy1 = max(x for x, _ in found) + 1, max(y for _, y in found) + 1
    filled = len(found) / ((x1 - x0) * (y1 - y0))
    print(f"{len(want)} USG bars: want x {x0:.1f}-{x1:.1f} y {y0:.1f}-{y1:.1f}, "
          f"drawn x {fx0}-{fx1} y {fy0}-{fy1}, {filled:.0%} of that box #FF7E00")
    close = all(abs(a - b) <= 3 for a, b in ((fx0, x0), (fx1, x1), (fy0, y0), (fy1, y1)))
    sys.exit(0 if close and filled >= 0.5 else 1)


main()
