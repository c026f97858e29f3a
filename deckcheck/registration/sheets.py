"""Printable registration sheets: one page per player, in the layout of the player's game.

:func:`render_sheets` writes one self-contained HTML file (inline CSS, no script, no fonts or
images from anywhere, a Content-Security-Policy that forbids every fetch) with one
``<section class="sheet">`` per roster row, each followed by a page break. ``@page`` sets the
paper: ``a4`` (210 × 297 mm) or ``letter`` (8.5 × 11 in); the content fits the smaller of
both in each direction, so either paper works whichever was chosen. Print it from a browser,
or to PDF with headless Chromium (see docs/before-the-event.md).

Each sheet has the event fields (date, event, location, format …) and the player fields (last
name, first name, player id — ten boxes for an MTG DCI number) filled in from the roster,
the list in the game's layout (:mod:`deckcheck.registration.layouts`) with English card
names, the totals, a box for officials, and the list's fingerprint with deckcheck's verdict.
A player whose list could not be read gets the same sheet with empty lines to write on.
Long lists get smaller type (and three columns where a row is only count and name) so that
a sheet stays on one page; a list of more than about 150 different cards (about 90 for a
Mage Wars spellbook, whose rows also carry school, level and points) may still run onto a
second page, and the next player's sheet still starts on a new page.

Every piece of text from the roster or a list is escaped.
"""

from __future__ import annotations

from html import escape

from deckcheck import __version__
from deckcheck.wording import counted
from deckcheck.registration.layouts import Layout, Row, Section, layout_for
from deckcheck.registration.run import PlayerResult, Registration

PAPERS = {"a4": "A4", "letter": "letter"}

CSS = """
@page { size: %(paper)s; margin: 10mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; font: 9pt/1.25 %(sans)s; }
%(lang_rules)s
/* a collapsed table border lies half outside its table: the sheet keeps a hair of room on
   each side, so the right-hand borders are not cut off at the page's printable edge */
.sheet { width: 100%%; max-width: 190mm; margin: 0 auto; padding: 0 0.4mm;
         break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
@media screen { body { background: #e5e7eb; padding: 10mm 0; }
  .sheet { background: #fff; padding: 10mm; max-width: 210mm; margin-bottom: 10mm;
           box-shadow: 0 1px 4px rgba(0,0,0,.25); } }
.head { display: flex; justify-content: space-between; align-items: flex-start; gap: 4mm;
        border-bottom: 0.6mm solid #111; padding-bottom: 1.5mm; }
h1 { font-size: 15pt; margin: 0; letter-spacing: .04em; }
.sub { font-weight: 700; margin: .5mm 0 0; font-size: 9pt; letter-spacing: .03em; }
.game { margin: .5mm 0 0; color: #374151; }
.status { border: 0.4mm solid #111; padding: 1mm 2.5mm; font-weight: 700; font-size: 10pt;
          white-space: nowrap; }
.status.illegal, .status.unreadable { border-color: #b91c1c; color: #b91c1c; }
table.fields { width: 100%%; border-collapse: collapse; margin-top: 1.5mm; table-layout: fixed; }
table.fields td { border: 0.25mm solid #6b7280; padding: .6mm 1.5mm; vertical-align: top;
                  overflow-wrap: anywhere; }
table.fields .label { display: block; font-size: 6.5pt; color: #4b5563;
                      text-transform: uppercase; letter-spacing: .03em; }
table.fields .value { display: block; min-height: 4.2mm; font-size: 10pt; font-weight: 600; }
.boxes { display: flex; flex-wrap: wrap; gap: .6mm; margin-top: .3mm; }
.boxes span { display: inline-block; width: 5mm; height: 5.5mm; border: 0.25mm solid #111;
              text-align: center; font-size: 10pt; font-weight: 700; line-height: 5.3mm; }
.cards { margin-top: 2mm; column-count: 2; column-gap: 6mm; column-rule: 0.2mm solid #d1d5db; }
.cards.c3 { column-count: 3; column-gap: 4mm; }
.zone { break-inside: avoid-column; margin: 1.5mm 0 1mm; padding: .4mm 1mm; background: #111;
        color: #fff; font-weight: 700; font-size: 9pt; break-after: avoid; }
.cards > .zone:first-child { margin-top: 0; }
.group { margin: .8mm 0 .2mm; font-weight: 700; border-bottom: 0.25mm solid #111;
         break-after: avoid; font-size: 8.5pt; }
.colhead, .row { display: flex; gap: 1.5mm; break-inside: avoid; }
.colhead { font-size: 6.5pt; color: #4b5563; text-transform: uppercase; }
.row { border-bottom: 0.15mm solid #d1d5db; min-height: 4mm; align-items: baseline; }
.row .n { width: 6mm; text-align: right; font-weight: 700; flex: none; }
.row .name, .colhead .name { flex: 1; overflow-wrap: anywhere; }
.row .x, .colhead .x { flex: none; width: 21mm; text-align: right; color: #374151;
                      overflow-wrap: anywhere; font-size: .85em; }
.row .x.pts, .colhead .x.pts { width: 9mm; }
.colhead .n { width: 6mm; flex: none; text-align: right; }
.row.unresolved .name { font-style: italic; }
.row.unresolved .name::after { content: "  (not recognised)"; color: #b91c1c;
                               font-size: 7pt; font-style: normal; }
.row.blank { min-height: 5.2mm; }
.dense { font-size: 7.8pt; } .dense .row { min-height: 3.4mm; }
.tiny { font-size: 6.6pt; } .tiny .row { min-height: 3mm; }
/* a grid whose columns may shrink (minmax(0, …)): flex items that are tables keep their
   content's width and pushed the official-use table's right border off the page */
.foot { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 4mm;
        margin-top: 2.5mm; break-inside: avoid; }
table.totals, table.official { border-collapse: collapse; width: 100%%; table-layout: fixed; }
.head > * { min-width: 0; }
table.totals td, table.official td { border: 0.25mm solid #111; padding: .8mm 1.5mm; }
table.totals td.v { width: 24mm; white-space: nowrap; text-align: center; font-size: 11pt; font-weight: 700; }
table.official caption { text-align: left; font-size: 6.5pt; text-transform: uppercase;
                         color: #4b5563; }
table.official td { height: 6mm; width: 50%%; }
.fp { margin-top: 2mm; border: 0.4mm dashed #111; padding: 1mm 2mm; break-inside: avoid; }
.fp b { font-family: %(mono)s; font-size: 12pt;
        letter-spacing: .05em; }
.fp .why { color: #374151; font-size: 7.5pt; margin-top: .5mm; }
"""


def e(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def render_sheets(reg: Registration, paper: str = "a4") -> str:
    """One HTML document with one registration sheet per player, in roster order."""
    from deckcheck.registration.output import event_title, html_page

    size = PAPERS.get(paper)
    if size is None:
        raise ValueError(f"paper {paper!r}: use one of {', '.join(PAPERS)}")
    sheets = "\n".join(render_sheet(reg, p) for p in reg.players)
    return html_page(f"Registration sheets: {event_title(reg)}", sheet_css(size), sheets)


def sheet_css(paper_size: str) -> str:
    """The sheets' style sheet for a paper size (``A4``, ``letter``)."""
    from deckcheck.reporting.fonts import MONO, lang_rules, sans

    latin = '"DejaVu Sans", "Liberation Sans", Arial, "Noto Sans"'
    return CSS % {"paper": paper_size, "sans": sans(latin), "mono": MONO,
                  "lang_rules": lang_rules(latin).strip()}


def render_sheet(reg: Registration, p: PlayerResult) -> str:
    layout = layout_for(p.game)
    readable = p.status != "unreadable" and p.result is not None
    sections = _blank_sections(layout)
    if readable:
        try:
            sections = _sections(layout, p)
        except Exception as exc:  # one odd list must not cost the other players' sheets
            sections = [Section(title=f"The list could not be laid out ({type(exc).__name__}: "
                                      f"{exc}); write it here", blank=30)]
            readable = False
    rows = sum(len(s.rows) + s.blank + (2 if s.level == 1 else 1) for s in sections)
    wide = any(len(s.columns) > 2 for s in sections)     # extra columns: keep two columns
    density, columns = ("", "") if rows <= 66 else ("dense", "" if wide else "c3") \
        if rows <= 120 else ("tiny", "" if wide else "c3")
    out = [f'<section class="sheet game-{e(p.game or "unknown")} {density}" '
           f'data-player="{p.number}">', _head(reg, p, layout), _event_fields(reg, p, layout),
           _player_fields(p, layout),
           f'<div class="cards {columns}">' + "".join(_section(s) for s in sections) + "</div>",
           _foot(p, layout, readable), _fingerprint(reg, p), "</section>"]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------
# parts


def _head(reg: Registration, p: PlayerResult, layout: Layout) -> str:
    from deckcheck.games.base import load_game

    game_name = ""
    if p.game:
        try:
            game_name = load_game(p.game).name
        except Exception:  # the sheet must print even if a game cannot be loaded
            game_name = p.game
    info = reg.event.formats.get(p.format_id or "", {})
    title = info.get("title") or ""
    parts = [title if title.startswith(game_name) else " — ".join(x for x in (game_name, title)
                                                                   if x)]
    if p.format_id:
        parts.append(p.format_id)
    if info.get("profile"):
        parts.append(f"profile {info['profile']}")
    line = " · ".join(x for x in parts if x)
    label = {"legal": "LEGAL", "illegal": "NOT LEGAL", "unreadable": "NO READABLE LIST"}[p.status]
    return (f'<div class="head"><div><h1>{e(layout.title)}</h1>'
            f'<p class="sub">{e(layout.subtitle)}</p><p class="game">{e(line)}</p></div>'
            f'<div class="status {p.status}">deckcheck: {e(label)}</div></div>')


def _field(label: str, value: object, extra: str = "") -> str:
    return (f'<td{extra}><span class="label">{e(label)}</span>'
            f'<span class="value">{e(value)}</span></td>')


def _event_fields(reg: Registration, p: PlayerResult, layout: Layout) -> str:
    ev = reg.event
    deck = p.result.deck if p.result is not None else None
    meta = deck.metadata if deck is not None else {}
    last = p.player.last_name or ""
    values = {"Date": ev.date, "Event": ev.name, "Location": ev.location,
              "Format": p.format_id, "Deck Name": p.player.deck_name or meta.get("name"),
              "Deck Designer": p.player.designer or meta.get("designer"),
              "Table Number": p.player.table, "First Letter of Last Name": last[:1].upper()}
    cells = [_field(f, values.get(f) or "") for f in layout.event_fields]
    half = (len(cells) + 1) // 2 if len(cells) > 4 else len(cells)
    rows = [cells[:half], cells[half:]] if half < len(cells) else [cells]
    return ('<table class="fields event">' + "".join(
        "<tr>" + "".join(r) + "</tr>" for r in rows if r) + "</table>")


def _player_fields(p: PlayerResult, layout: Layout) -> str:
    pid = p.player.player_id or ""
    if layout.id_boxes:
        digits = "".join(pid.split()).replace("-", "")
        boxes = list(digits[:layout.id_boxes]) if len(digits) <= layout.id_boxes else []
        boxes += [""] * (layout.id_boxes - len(boxes))
        box_html = "".join(f"<span>{e(c)}</span>" for c in boxes)
        shown = "" if len(digits) <= layout.id_boxes else pid
        id_cell = (f'<td><span class="label">{e(layout.id_label)}</span>'
                   f'<span class="value">{e(shown)}</span>'
                   f'<div class="boxes">{box_html}</div></td>')
    else:
        id_cell = _field(layout.id_label, pid)
    return ('<table class="fields player"><tr>'
            + _field("Last Name", p.player.last_name or "")
            + _field("First Name", p.player.first_name or "") + id_cell + "</tr></table>")


def _section(s: Section) -> str:
    extra = s.columns[2:]
    head = f'<div class="{"zone" if s.level == 1 else "group"}">{e(s.title)}</div>'
    cols = ""
    if s.level == 1:
        xs = "".join(f'<span class="x{" pts" if c == "Points" else ""}">{e(c)}</span>'
                     for c in extra)
        cols = (f'<div class="colhead"><span class="n">{e(s.columns[0])}</span>'
                f'<span class="name">{e(s.columns[1])}</span>{xs}</div>')
    rows = "".join(_row(r, extra) for r in s.rows)
    rows += "".join('<div class="row blank"><span class="n"></span><span class="name"></span>'
                    + "".join('<span class="x"></span>' for _ in extra) + "</div>"
                    for _ in range(s.blank))
    return head + cols + rows


def _row(r: Row, extra: tuple[str, ...]) -> str:
    cells = "".join(f'<span class="x{" pts" if extra[i] == "Points" else ""}">{e(c)}</span>'
                    for i, c in enumerate(r.cells[:len(extra)]))
    cls = "row unresolved" if r.unresolved else "row"
    return (f'<div class="{cls}"><span class="n">{r.count}</span>'
            f'<span class="name">{e(r.name)}</span>{cells}</div>')


def _foot(p: PlayerResult, layout: Layout, readable: bool) -> str:
    totals = layout.totals(p.result) if readable and layout.totals else \
        [(f"Total: {title}", "") for title, _ in layout.blank]
    rows = "".join(f'<tr><td>{e(k)}</td><td class="v">{e(v)}</td></tr>' for k, v in totals)
    cells = [f"<td>{e(label)}</td>" for label in layout.official]
    pairs = ["".join(cells[i:i + 2]) for i in range(0, len(cells), 2)]
    official = "".join(f"<tr>{pr}</tr>" for pr in pairs)
    return (f'<div class="foot"><table class="totals">{rows}</table>'
            f'<table class="official"><caption>For official use only</caption>{official}'
            "</table></div>")


def _fingerprint(reg: Registration, p: PlayerResult) -> str:
    fp = p.fingerprint
    when = f"checked by deckcheck {__version__} as {p.format_id or '?'} on {reg.event.date}"
    if fp is None:
        why = f"No fingerprint: {p.error_text}. Write the list above; {when}."
        return f'<div class="fp">Deck fingerprint: <b>none</b><div class="why">{e(why)}</div></div>'
    if p.status == "legal":
        verdict = "legal"
    else:
        codes = sorted({f.code for f in p.findings if f.severity.value == "error"})
        verdict = "not legal (" + ", ".join(codes) + ")"
    note = "" if fp.complete else f"; {counted(fp.unresolved, 'line')} not recognised"
    why = (f"{when}: {verdict}{note}. The list shown later must give the same fingerprint: "
           "deckcheck verify DECK " + fp.short)
    return (f'<div class="fp">Deck fingerprint: <b>{e(fp.short)}</b>'
            f'<div class="why">{e(why)}</div></div>')


def _sections(layout: Layout, p: PlayerResult) -> list[Section]:
    return layout.sections(p.result) if layout.sections else []


def _blank_sections(layout: Layout) -> list[Section]:
    return [Section(title=title, blank=n) for title, n in layout.blank]
