"""The HTML report: self-contained, escaped, and rendered by headless Chromium (Debian's
``chromium`` package) with a screenshot that must show the chart's bars.

The screenshot is decoded with the standard library (zlib) and searched for the chart's bar
colour: the bars must be there, one per chart entry, as long as the values say; the same
page without the chart must show none of that colour, so the check can fail.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from deckcheck.api import Options, check_file, check_text
from deckcheck.games.base import load_game
from deckcheck.reporting.base import ReportOptions
from deckcheck.reporting.html import BAR_COLOUR, HtmlReporter, bar_chart

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
EVIL = '<img src="https://example.invalid/x.png" onerror="alert(1)">Evil|Card'
BAD = (GRIMM.replace("4 Cheshire Cat", "5 Cheshire Cat")
       .replace("4 Tell a Fairy Tale\n", f"1 {EVIL}\n"))
BAR_RGB = bytes.fromhex(BAR_COLOUR.lstrip("#"))
CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium is not installed (Debian: apt-get install -y chromium); the HTML report "
           "is checked in a real browser only where it is")


def page(results) -> str:
    return HtmlReporter(ReportOptions()).render(results)


@pytest.fixture(scope="module")
def legal():
    return check_text(GRIMM, path="decks/grimm.txt")


@pytest.fixture(scope="module")
def bad():
    return check_text(BAD, path="decks/<bad> & deck.txt")


# -- the page itself -------------------------------------------------------------------------

class _Tags(HTMLParser):
    """The tags, attributes and style text of a page (what a browser could fetch from)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def test_page_is_self_contained(legal, bad, tmp_path):
    html = page([bad, legal, check_file(tmp_path / "missing.txt", Options())])
    assert html.startswith("<!DOCTYPE html>")
    parser = _Tags()
    parser.feed(html)
    names = {tag for tag, _ in parser.tags}
    assert not names & {"script", "link", "img", "iframe", "object", "embed", "image", "use"}
    for tag, attrs in parser.tags:
        assert "src" not in attrs and not any(k.startswith("on") for k in attrs), tag
        if "href" in attrs:
            assert attrs["href"].startswith("#"), attrs
        if tag == "svg":
            assert attrs["xmlns"] == "http://www.w3.org/2000/svg"  # a name, never fetched
    css = "".join(parser.styles)
    assert "@media print" in css and "url(" not in css and "@import" not in css
    csp = [a["content"] for t, a in parser.tags if a.get("http-equiv") == "Content-Security-Policy"]
    assert csp and csp[0].startswith("default-src 'none'")


def test_user_text_is_escaped(bad):
    html = page([bad])
    assert EVIL not in html and "<img" not in html
    assert "&lt;img src=&quot;https://example.invalid/x.png&quot;" in html
    assert "decks/&lt;bad&gt; &amp; deck.txt" in html


def test_page_has_summary_zone_counts_findings_and_chart(legal, bad):
    html = page([bad, legal])
    assert "2 decks checked: 1 legal, 1 illegal" in html
    assert '<td>main</td><td class="num">38</td>' in html          # zone counts of the bad deck
    assert html.count('<tr class="error">') == 3                  # FOW101, FOW109, DCK002
    title, data = load_game("fow").chart(legal)
    assert html.count('<svg class="chart"') == 2
    assert f"<figcaption>{title}</figcaption>" in html
    svg = html[html.index('<svg class="chart"', html.index('id="deck-2"')):]
    svg = svg[:svg.index("</svg>")]
    assert svg.count('class="bar"') == len(data)
    for label, value in data:
        assert f">{label}</text>" in svg and f">{value}</text>" in svg


def test_short_labels_make_a_vertical_chart():
    svg = bar_chart("Mana curve", [("0", 2), ("1", 8), ("2", 10), ("7+", 1.5)])
    heights = [float(h) for h in re.findall(r'class="bar"[^>]* height="([\d.]+)"', svg)]
    assert heights == [36.0, 144.0, 180.0, 27.0]
    assert ">1.5</text>" in svg and ">7+</text>" in svg


def test_no_results_still_gives_a_page():
    html = page([])
    assert "0 decks checked" in html and html.rstrip().endswith("</html>")


# -- in the browser ------------------------------------------------------------------------

def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--disable-background-networking", "--disable-component-update", "--no-first-run",
           "--disable-extensions", "--hide-scrollbars", "--force-device-scale-factor=1",
           f"--user-data-dir={tmp_path / 'chromium-profile'}", *args]
    return subprocess.run(cmd, capture_output=True, timeout=120, cwd=tmp_path)


def screenshot(tmp_path: Path, html: str, name: str) -> bytes:
    src = tmp_path / f"{name}.html"
    src.write_text(html, encoding="utf-8")
    png = tmp_path / f"{name}.png"
    proc = chromium(tmp_path, f"--screenshot={png}", "--window-size=1000,900", src.as_uri())
    assert png.exists(), proc.stderr.decode(errors="replace")[-2000:]
    return png.read_bytes()


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and interlace == 0 and colour in (2, 6), header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line) if bpp == 3 else
                     b"".join(line[i:i + 3] for i in range(0, stride, 4)))
        prev = line
    return width, height, rows


def bar_mask(png: bytes) -> list[list[bool]]:
    width, _, rows = decode_png(png)
    return [[row[3 * x:3 * x + 3] == BAR_RGB for x in range(width)] for row in rows]


def bands(flags: list[bool]) -> int:
    return sum(1 for i, f in enumerate(flags) if f and (i == 0 or not flags[i - 1]))


@needs_chromium
@pytest.mark.slow
def test_chromium_parses_the_page_and_keeps_user_text_as_text(tmp_path, bad):
    src = tmp_path / "report.html"
    src.write_text(page([bad]), encoding="utf-8")
    proc = chromium(tmp_path, "--dump-dom", src.as_uri())
    dom = proc.stdout.decode("utf-8", errors="replace")
    assert proc.returncode == 0 and "</html>" in dom, proc.stderr.decode(errors="replace")[-2000:]
    assert '<svg class="chart"' in dom and '<table class="findings">' in dom
    assert "<img" not in dom                        # the card name did not become an element
    assert "&lt;img src=" in dom


@needs_chromium
@pytest.mark.slow
def test_screenshot_shows_the_chart(tmp_path, legal):
    title, data = load_game("fow").chart(legal)
    values = [v for _, v in data if v > 0]
    html = page([legal])
    mask = bar_mask(screenshot(tmp_path, html, "with-chart"))
    rows_with_bars = [any(r) for r in mask]
    cols_with_bars = [any(c) for c in zip(*mask)]
    assert sum(sum(r) for r in mask) > 2000, "no chart bars in the screenshot"
    # horizontal bars: one band of rows per entry; vertical bars: one band of columns
    horizontal = bands(rows_with_bars) > 1
    assert max(bands(rows_with_bars), bands(cols_with_bars)) == len(values)
    runs = []  # the length of each bar, measured along its axis
    lines = mask if horizontal else [list(c) for c in zip(*mask)]
    in_bar, longest = False, 0
    for line in lines:
        n = sum(line)
        if n:
            longest, in_bar = max(longest, n), True
        elif in_bar:
            runs.append(longest)
            in_bar, longest = False, 0
    if in_bar:
        runs.append(longest)
    full = 300 if horizontal else 180                  # the longest bar in bar_chart()
    assert abs(max(runs) - full) <= 2
    for run, value in zip(runs, values):
        assert abs(run - full * value / max(values)) <= 2

    # the same page without its chart has no pixel of the bar colour: the check can fail
    no_chart = re.sub(r'<figure class="chart">.*?</figure>', "", html, flags=re.S)
    assert no_chart != html
    assert not any(any(r) for r in bar_mask(screenshot(tmp_path, no_chart, "without-chart")))


@needs_chromium
@pytest.mark.slow
def test_cli_html_report_renders(tmp_path):
    deck = tmp_path / "grimm.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    out = tmp_path / "report.html"
    proc = run_cli("check", str(deck), "--output-format", "html", "-o", str(out), "--no-config",
                   cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    mask = bar_mask(screenshot(tmp_path, out.read_text(encoding="utf-8"), "cli"))
    assert sum(sum(r) for r in mask) > 2000
