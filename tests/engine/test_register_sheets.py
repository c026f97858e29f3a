"""Registration sheets: the layout of each game, English names, escaping, one page each.

The HTML is checked directly; the ``slow`` tests print it to PDF with headless Chromium
(Debian ``chromium``) and read it back with ``pdftotext`` (Debian ``poppler-utils``) to
count the pages and read each sheet's player and totals. They skip, saying why, where
either program is missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from conftest import ROOT
from deckcheck.registration.run import register
from deckcheck.registration.sheets import render_sheets

DATA = ROOT / "tests" / "data" / "register"
CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.fixture(scope="module")
def roster_reg():
    return register(str(DATA / "roster.csv"), decks_dir=str(ROOT))


@pytest.fixture(scope="module")
def five_reg():
    return register(str(DATA / "five-games.yaml"), decks_dir=str(ROOT))


def sheets_of(html: str) -> list[str]:
    return re.findall(r'<section class="sheet.*?</section>', html, re.S)


def names_on(sheet: str) -> list[str]:
    return re.findall(r'<span class="name">([^<]*)</span>', sheet)


def test_one_sheet_per_player_in_roster_order(roster_reg):
    sheets = sheets_of(render_sheets(roster_reg))
    assert len(sheets) == 22
    for p, sheet in zip(roster_reg.players, sheets):
        assert f'data-player="{p.number}"' in sheet
        if p.fingerprint is not None:
            assert p.fingerprint.short in sheet
        else:
            assert "Deck fingerprint: <b>none</b>" in sheet and 'class="row blank"' in sheet


def test_mtg_sheet_has_the_dci_sheet_fields(roster_reg):
    laura = sheets_of(render_sheets(roster_reg))[11]
    for text in ("DECK REGISTRATION SHEET", "PRINT CLEARLY USING ENGLISH CARD NAMES", "Date",
                 "Event", "Location", "Deck Name", "Deck Designer", "Table Number",
                 "First Letter of Last Name", "Last Name", "First Name", "DCI #",
                 "Total Number of Cards in Main Deck", "Total Number of Cards in Sideboard",
                 "For official use only", "Deck Check Rd #", "Judge", "Main/SB count",
                 "Winter Open 2012", "2012-02-11", "Riverside Community Hall", "UW Delver",
                 "Schmidt", "Laura"):
        assert text in laura, text
    boxes = re.search(r'<div class="boxes">(.*?)</div>', laura).group(1)
    assert re.findall(r"<span>([^<]*)</span>", boxes) == list("1234567") + ["", "", ""]
    titles = re.findall(r'<div class="(?:zone|group)">([^<]*)</div>', laura)
    assert titles == ["Main Deck (60)", "Creatures (16)", "Other Spells (18)", "Lands (26)",
                      "Sideboard (15)"]
    totals = dict(re.findall(r'<tr><td>([^<]*)</td><td class="v">([^<]*)</td></tr>', laura))
    assert totals == {"Total Number of Cards in Main Deck": "60",
                      "Total Number of Cards in Sideboard": "15"}
    creatures = names_on(laura)[1:6]
    assert creatures == sorted(creatures)       # alphabetical within a group


def test_english_names_and_front_faces(roster_reg):
    sheets = sheets_of(render_sheets(roster_reg))
    marco, priya, victor = sheets[12], sheets[15], sheets[20]
    assert not CJK.search("".join(names_on(marco))) and "Thalia, Guardian of Thraben" in marco
    assert "Huntmaster of the Fells" in names_on(priya) and "Primeval Titan" in names_on(priya)
    assert "Ravager of the Fells" not in priya and "Primevel" not in priya
    assert "Insectile Aberration" not in victor and "Delver of Secrets" in names_on(victor)


@pytest.mark.parametrize("number,sections", [
    (1, ["Hero (1)", "Main Deck (60)", "Ally (24)", "Ability (24)", "Equipment (8)",
         "Quest (4)", "Sideboard (10)"]),
    (3, ["Mage (1)", "Spellbook (4 spells, 7 points)", "Attack (3 spells, 5 points)",
         "Equipment (1 spells, 2 points)"]),
    (5, ["Hero (1)", "Deed Deck (23)"]),
    (7, ["Ruler (1)", "Main Deck (40)", "Resonator (28)", "Chant (12)",
         "Magic Stone Deck (10)"]),
])
def test_layout_of_each_game(five_reg, number, sections):
    sheet = sheets_of(render_sheets(five_reg))[number - 1]
    titles = re.findall(r'<div class="(?:zone|group)">([^<]*)</div>', sheet)
    assert titles[:len(sections)] == sections


def test_mage_wars_sheet_shows_points_and_element(five_reg):
    sheet = sheets_of(render_sheets(five_reg))[2]
    assert "Wizard (Fire)" in sheet and "School / Level" in sheet and "Points" in sheet
    assert re.search(r"Spellbook Points</td><td class=\"v\">7 / 120<", sheet)


def test_a_layout_failure_costs_only_that_sheet(five_reg, monkeypatch):
    from deckcheck.registration import layouts

    def broken(result):
        raise KeyError("odd stats")

    import deckcheck.games.fow.layout as fow_layout

    monkeypatch.setattr(fow_layout, "LAYOUT", layouts.Layout(sections=broken))
    sheets = sheets_of(render_sheets(five_reg))
    assert len(sheets) == 9
    assert "could not be laid out (KeyError" in sheets[6] and 'class="row blank"' in sheets[6]
    assert "Boris Brightbeard" in sheets[0]


def test_paper_sizes(five_reg):
    assert "@page { size: A4;" in render_sheets(five_reg)
    assert "@page { size: letter;" in render_sheets(five_reg, "letter")
    with pytest.raises(ValueError):
        render_sheets(five_reg, "a5")


def style_of(html: str) -> str:
    return re.search(r"<style>(.*?)</style>", html, re.S).group(1)


def test_sheets_keep_their_right_borders_and_name_cjk_fonts(five_reg):
    css = style_of(render_sheets(five_reg))
    body = re.search(r"body \{[^}]*\}", css).group(0)
    for font in ("Noto Sans CJK SC", "Noto Sans CJK TC", "Microsoft YaHei", "PingFang TC"):
        assert f'"{font}"' in body
    assert re.search(r":lang\(zh-Hant\) \{ font-family: [^}]*\"Noto Sans CJK TC\"[^}]*"
                     r"\"Noto Sans CJK SC\"", css)         # Traditional fonts first there
    # no flex row of tables (they keep their content's width and overflow to the right):
    # the foot is a grid of shrinkable columns, its tables fill them and lay out fixed
    foot = re.search(r"\.foot \{[^}]*\}", css).group(0)
    assert "display: grid" in foot and "minmax(0, 1.3fr) minmax(0, 1fr)" in foot
    assert re.search(r"table\.totals, table\.official \{[^}]*width: 100%;[^}]*"
                     r"table-layout: fixed", css)
    assert "flex: 1" not in css.split(".foot", 1)[1].split(".fp", 1)[0]
    # the sheet leaves room for the half of a collapsed border outside its table
    assert re.search(r"\.sheet \{[^}]*max-width: 190mm;[^}]*padding: 0 0\.4mm", css)
    assert re.search(r"\.boxes \{[^}]*flex-wrap: wrap", css)   # id boxes wrap in their cell
    # the other HTML pages name the CJK fonts too
    from deckcheck.registration.output import render
    from deckcheck.reporting import get_reporter
    from deckcheck.reporting.base import ReportOptions

    for page in (render(five_reg, "html"),
                 get_reporter("html")(ReportOptions(lang="zh-Hant")).render([])):
        assert '"Noto Sans CJK SC"' in style_of(page) and ":lang(zh-Hant)" in style_of(page)


def test_sheets_are_self_contained_and_escaped(tmp_path):
    deck = ROOT / "examples" / "fow" / "legal" / "grimm.txt"
    roster = tmp_path / "r.csv"
    roster.write_text("# Date: 2026-01-01\n# Location: <iframe src=//x>\n"
                      "name,player id,deck,deck name,format\n"
                      f'"Eve <script>alert(1)</script>","1"" onload=""x",{deck},'
                      '"<style>@import url(//x)</style>",fow-classic\n', encoding="utf-8")
    html = render_sheets(register(str(roster), decks_dir=str(ROOT)))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&quot; onload=&quot;" in html
    assert "default-src 'none'" in html

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags, self.attrs, self.styles = set(), set(), []
            self._in_style = False

        def handle_starttag(self, tag, attrs):
            self.tags.add(tag)
            self.attrs.update(name for name, _ in attrs)
            self._in_style = tag == "style"

        def handle_data(self, data):
            if self._in_style:
                self.styles.append(data)

        def handle_endtag(self, tag):
            self._in_style = False

    parsed = Tags()
    parsed.feed(html)
    assert parsed.tags <= {"html", "head", "meta", "title", "style", "body", "section", "div",
                           "h1", "p", "span", "table", "tr", "td", "caption", "b"}, parsed.tags
    assert not parsed.attrs & {"src", "href", "onload", "onerror"}
    assert len(parsed.styles) == 1 and "url(" not in parsed.styles[0] \
        and "@import" not in parsed.styles[0]


# ------------------------------------------------------------------ printing with Chromium


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def print_pdf(html: str, tmp_path, name: str = "sheets") -> str:
    """Print ``html`` to PDF with headless Chromium; return ``pdftotext -layout`` text."""
    chromium, pdftotext = _chromium(), shutil.which("pdftotext")
    if chromium is None:
        pytest.skip("headless Chromium is not installed (Debian package: chromium)")
    if pdftotext is None:
        pytest.skip("pdftotext is not installed (Debian package: poppler-utils)")
    src, pdf = tmp_path / f"{name}.html", tmp_path / f"{name}.pdf"
    src.write_text(html, encoding="utf-8")
    proc = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update", "--no-first-run",
         f"--user-data-dir={tmp_path / 'chromium-profile'}", f"--print-to-pdf={pdf}",
         "--no-pdf-header-footer", src.as_uri()],
        capture_output=True, timeout=180)
    if not pdf.exists():
        pytest.fail(f"Chromium wrote no PDF: {proc.stderr.decode(errors='replace')[-800:]}")
    text = subprocess.run([pdftotext, "-layout", str(pdf), "-"], capture_output=True,
                          check=True, timeout=60).stdout.decode("utf-8", errors="replace")
    info = subprocess.run([shutil.which("pdfinfo") or "pdfinfo", str(pdf)], capture_output=True,
                          timeout=60).stdout.decode(errors="replace")
    return text + "\n\x00PDFINFO\n" + info


def pages_of(printed: str) -> tuple[list[str], str]:
    text, _, info = printed.partition("\n\x00PDFINFO\n")
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return pages, info


def total(page: str, label: str) -> int | None:
    m = re.search(re.escape(label) + r"\s+(\d+)", page)
    return int(m.group(1)) if m else None


@pytest.mark.slow
def test_printed_roster_has_one_page_per_player_with_its_totals(roster_reg, tmp_path):
    pages, info = pages_of(print_pdf(render_sheets(roster_reg, "a4"), tmp_path))
    assert len(pages) == len(roster_reg.players) == 22
    if info:
        assert re.search(r"Pages:\s+22\b", info) and "A4" in info
    for p, page in zip(roster_reg.players, pages):
        assert p.player.last_name in page, (p.player.name, page[:300])
        assert "DECK REGISTRATION SHEET" in page
        if p.fingerprint is None:
            assert "Deck fingerprint: none" in page
            continue
        assert p.fingerprint.short in page
        counts = p.result.counts
        if p.game == "mtg":
            assert total(page, "Total Number of Cards in Main Deck") == counts.get("main", 0)
            assert total(page, "Total Number of Cards in Sideboard") == \
                counts.get("sideboard", 0)
        else:
            for label, zone in (("Ruler", "ruler"), ("Main Deck", "main"),
                                ("Magic Stone Deck", "stone"), ("Side Deck", "side")):
                assert re.search(rf"^\s*{label}\s+{counts.get(zone, 0)}\b", page, re.M), \
                    (p.player.name, label)


@pytest.mark.slow
def test_printed_five_games_on_letter_paper(five_reg, tmp_path):
    pages, info = pages_of(print_pdf(render_sheets(five_reg, "letter"), tmp_path, "five"))
    assert len(pages) == 9
    if info:
        assert "letter" in info
    expected = {1: [("Main Deck", 60), ("Sideboard", 10), ("Hero", 1)],
                3: [("Spells", 4)],
                5: [("Deed Cards", 24), ("Hero", 1)],
                8: [("Total Number of Cards in Main Deck", 60)],
                9: [("Total Number of Cards in Main Deck", 40)]}
    for number, checks in expected.items():
        page = pages[number - 1]
        assert five_reg.players[number - 1].player.last_name in page
        for label, value in checks:
            assert re.search(rf"{re.escape(label)}\s+{value}\b", page), (number, label, page)
    assert re.search(r"Spellbook Points\s+7 / 120", pages[2])


@pytest.mark.slow
def test_a_long_list_still_fits_one_page(tmp_path):
    """75 different MTG cards (dense three-column layout) stay on one sheet."""
    from deckcheck import carddb
    from deckcheck.games.base import load_game

    game = load_game("mtg")
    db = carddb.load("mtg", game.match_params)
    cards = [c.name for c in db.cards if {"ISD", "DKA"} & set(c.get("sets") or ())
             and "Land" not in (c.get("types") or ())][:90]
    deck = tmp_path / "long.txt"
    deck.write_text("Format: mtg-standard\n" + "".join(f"1 {n}\n" for n in cards[:75])
                    + "\nSideboard\n" + "".join(f"1 {n}\n" for n in cards[75:90]),
                    encoding="utf-8")
    roster = tmp_path / "r.csv"
    roster.write_text(f"# Date: 2012-02-11\nname,deck\nLong List,{deck}\nShort List,"
                      f"{ROOT / 'examples' / 'mtg' / 'delver-dka.txt'}\n", encoding="utf-8")
    reg = register(str(roster), decks_dir=str(ROOT))
    pages, _ = pages_of(print_pdf(render_sheets(reg, "letter"), tmp_path, "long"))
    assert len(pages) == 2
    assert total(pages[0], "Total Number of Cards in Main Deck") == 75
    assert "Short" in pages[1]
