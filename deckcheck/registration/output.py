"""The registration report: a per-player status table and totals as text, JSON, CSV or HTML.

JSON (``version`` 1)::

    {"version": 1, "tool": {...},
     "event": {"name", "date", "location", "format", "roster", "formats": {id: {game, title,
               profile, profile_name}}, "notes": [...]},
     "players": [{"number", "line", "name", "first_name", "last_name", "player_id", "deck",
                  "deck_name", "game", "format", "status", "legal", "fingerprint",
                  "fingerprint_sha256", "fingerprint_complete", "counts", "list",
                  "findings": [...], "organiser": [...], "error"}],
     "totals": {"players", "legal", "illegal", "unreadable", "organiser_errors",
                "organiser_warnings", "organiser_notes", "identical_lists"},
     "by_format": {id: {"players", "legal", "illegal", "unreadable"}}}

``findings`` are the list's own findings (design §8); ``organiser`` are the REG findings of
:mod:`deckcheck.registration.checks`, whose ``line`` is the roster line. ``list`` is the
canonical list the fingerprint was computed from: zone -> ``[[count, card], …]``.

CSV is one row per player for a spreadsheet, every cell quoted and guarded by
:func:`deckcheck.safetext.spreadsheet_cell`: no part of a cell that a spreadsheet could split
off (on ``,`` ``;`` tab ``|`` or a line break) starts with ``=``, ``+``, ``-`` or ``@``, so none
runs as a formula (``Sam;=1+1;x`` is written ``Sam;'=1+1;x``).

Text from the roster, the deck files and their paths is shown with
:mod:`deckcheck.safetext`: hidden characters (C1 controls, bidi overrides …) as escapes in
text, CSV and HTML, no ``::`` or ``##[`` in the text table, and the JSON keeps the exact
content with those characters written as ``\\u`` escapes.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from deckcheck import __version__
from deckcheck.i18n import located
from deckcheck.wording import counted, number
from deckcheck.models import Finding
from deckcheck.registration.run import PlayerResult, Registration
from deckcheck.safetext import (guard_lines, json_exact, log_safe, markup_exact, one_line,
                                spreadsheet_cell, visible)

FORMATS = ("text", "json", "csv", "html")
STATUS_LABEL = {"legal": "legal", "illegal": "ILLEGAL", "unreadable": "UNREADABLE"}


def render(reg: Registration, fmt: str) -> str:
    return {"text": render_text, "json": render_json, "csv": render_csv,
            "html": render_html}[fmt](reg)


# ---------------------------------------------------------------------------------------
# pieces shared by the formats


def finding_text(f: Finding) -> str:
    """``CODE Line 12: message``: the code, and the deck line the finding is about."""
    return f"{f.code} {one_line(located(f))}"


def first_findings_text(p: PlayerResult, limit: int = 1) -> str:
    """Unreadable: why; illegal: the first ``limit`` errors; legal: the warnings' codes."""
    if p.status == "unreadable":
        return one_line(p.error_text)
    if p.status == "legal":
        codes = [f.code for f in p.findings if f.severity.value == "warning"]
        if not codes:
            return ""
        return f"{counted(len(codes), 'warning')}: {', '.join(dict.fromkeys(codes))}"
    errors = [f for f in p.findings if f.severity.value == "error"]
    text = " | ".join(finding_text(f) for f in errors[:limit])
    if len(errors) > limit:
        text += f" (+{len(errors) - limit} more)"
    return text


def short_path(path: str | None, width: int = 28) -> str:
    """A deck path for a narrow column: ``…/legal/grimm.txt`` when the whole is too long."""
    if not path or len(path) <= width:
        return path or ""
    parts = path.replace("\\", "/").split("/")
    tail = parts[-1]
    for part in reversed(parts[:-1]):
        if len(part) + len(tail) + 3 > width:
            break
        tail = f"{part}/{tail}"
    return "…/" + tail


def event_title(reg: Registration) -> str:
    ev = reg.event
    parts = [ev.name or "(no event name)", ev.date]
    if ev.location:
        parts.append(ev.location)
    return " · ".join(parts)


def formats_line(reg: Registration) -> str:
    out = []
    for fid, info in reg.event.formats.items():
        text = fid
        if info.get("profile"):
            text += f" (profile {info['profile']}"
            text += f" {info['profile_name']})" if info.get("profile_name") else ")"
        out.append(text)
    return ", ".join(out) or "from each list (Format: lines or .deckcheck.yaml)"


def summary_line(reg: Registration) -> str:
    t = reg.totals()
    text = (f"{counted(t['players'], 'player')}: {number(t['legal'])} legal, "
            f"{number(t['illegal'])} illegal, {number(t['unreadable'])} unreadable; organiser "
            f"checks: {counted(t['organiser_errors'], 'error')}, "
            f"{counted(t['organiser_warnings'], 'warning')}, "
            f"{counted(t['organiser_notes'], 'note')}")
    if t["identical_lists"]:
        n = t["identical_lists"]
        text += (f"; {counted(n, 'list')} registered by more than one player")
    return text + "."


# ---------------------------------------------------------------------------------------
# text


def render_text(reg: Registration) -> str:
    from deckcheck.reporting.table import table

    out = [f"Event: {event_title(reg)}",
           f"Roster: {reg.roster.path} ({len(reg.players)} players)",
           f"Formats: {formats_line(reg)}"]
    for note in reg.event.notes:
        out.append(f"Note: {note}")
    if reg.roster.ignored:
        out.append(f"Ignored roster columns: {', '.join(reg.roster.ignored)}")
    out.append("")
    several = len({p.format_id for p in reg.players}) > 1
    rows = []
    for p in reg.players:
        row = [p.number, p.player.name, p.player.player_id or "", short_path(p.player.deck),
               p.format_id or "", STATUS_LABEL[p.status],
               p.fingerprint.short if p.fingerprint else "", first_findings_text(p)]
        row = [log_safe(v) for v in row]
        rows.append(row if several else row[:4] + row[5:])
    headers = ["#", "player", "player id", "deck", "format", "status", "fingerprint",
               "first findings"]
    if not several:
        headers = headers[:4] + headers[5:]
    out.append(table(headers, rows, whole=[headers.index("player id"),
                                           headers.index("fingerprint")]))
    org = [(p, f) for p in reg.players for f in p.organiser]
    out.append("")
    if org:
        out.append("Organiser checks")
        out.append(table(["#", "line", "player", "code", "severity", "message"],
                         [[log_safe(v) for v in (p.number, f.line, p.player.name, f.code,
                                                 f.severity.value, one_line(f.message))]
                          for p, f in sorted(org, key=lambda pf: (pf[0].number,
                                                                  -pf[1].severity.rank,
                                                                  pf[1].code))]))
    else:
        out.append("Organiser checks: no problems")
    out.append("")
    per = reg.by_format()
    rows = [[log_safe(fid), v["players"], v["legal"], v["illegal"], v["unreadable"]]
            for fid, v in per.items()]
    t = reg.totals()
    rows.append(["all", t["players"], t["legal"], t["illegal"], t["unreadable"]])
    out.append(table(["format", "players", "legal", "illegal", "unreadable"], rows))
    out.append("")
    out.append(summary_line(reg))
    from deckcheck.reporting.table import fit

    return guard_lines(fit("\n".join(out))) + "\n"


# ---------------------------------------------------------------------------------------
# JSON


def player_json(p: PlayerResult) -> dict[str, Any]:
    fp = p.fingerprint
    data: dict[str, Any] = {
        "number": p.number, "line": p.player.line, "name": p.player.name,
        "first_name": p.player.first_name, "last_name": p.player.last_name,
        "player_id": p.player.player_id, "deck": p.player.deck,
        "deck_name": p.player.deck_name or _deck_name(p), "game": p.game,
        "format": p.format_id, "status": p.status, "legal": p.legal,
        "fingerprint": fp.short if fp else None,
        "fingerprint_sha256": fp.digest if fp else None,
        "fingerprint_complete": fp.complete if fp else None,
        "counts": dict(p.result.counts) if p.result is not None and p.status != "unreadable"
        else {},
        "list": {z: [[n, c] for n, c in cards] for z, cards in fp.zones.items()} if fp else {},
        "findings": [f.to_json() for f in p.findings],
        "organiser": [f.to_json() for f in p.organiser],
    }
    if p.status == "unreadable":
        data["error"] = p.error_text
    return data


def _deck_name(p: PlayerResult) -> str | None:
    deck = p.result.deck if p.result is not None else None
    return deck.metadata.get("name") if deck is not None else None


def render_json(reg: Registration) -> str:
    doc = {"version": 1, "tool": {"name": "deckcheck", "version": __version__},
           "event": reg.event.to_json(),
           "players": [player_json(p) for p in reg.players],
           "totals": reg.totals(), "by_format": reg.by_format()}
    return json_exact(json.dumps(doc, ensure_ascii=False, indent=2)) + "\n"


# ---------------------------------------------------------------------------------------
# CSV

CSV_COLUMNS = ("number", "line", "name", "player_id", "deck", "deck_name", "game", "format",
               "status", "legal", "fingerprint", "errors", "warnings", "first_findings",
               "organiser")


def render_csv(reg: Registration) -> str:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)
    w.writerow(CSV_COLUMNS)
    for p in reg.players:
        errors = sum(1 for f in p.findings if f.severity.value == "error")
        warnings = sum(1 for f in p.findings if f.severity.value == "warning")
        row = [p.number, p.player.line, p.player.name, p.player.player_id, p.player.deck,
               p.player.deck_name or _deck_name(p), p.game, p.format_id, p.status,
               "yes" if p.legal else "no", p.fingerprint.short if p.fingerprint else "",
               errors, warnings, first_findings_text(p, 3),
               " | ".join(f"{f.code} {f.severity.value}: {one_line(f.message)}"
                          for f in p.organiser)]
        w.writerow([spreadsheet_cell("" if v is None else v) for v in row])
    return buf.getvalue()


# ---------------------------------------------------------------------------------------
# HTML

CSS = """
:root { --ok: #15803d; --bad: #b91c1c; --warn: #b45309; --ink: #1f2937; --muted: #6b7280;
        --line: #d1d5db; --head: #f3f4f6; }
body { font: 14px/1.4 %(sans)s;
       color: var(--ink); margin: 0 auto; padding: 20px; max-width: 1200px; }
%(lang_rules)s
h1 { font-size: 1.5em; margin: 0 0 4px; } h2 { font-size: 1.15em; margin: 18px 0 6px; }
.meta { color: var(--muted); margin: 2px 0; }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 7px; text-align: left; vertical-align: top; }
th { background: var(--head); }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.fp { font-family: %(mono)s; white-space: nowrap; }
td.msg { overflow-wrap: anywhere; max-width: 520px; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff;
         font-size: .8em; font-weight: 600; }
.badge.legal { background: var(--ok); } .badge.illegal { background: var(--bad); }
.badge.unreadable { background: var(--warn); }
tr.error td.sev { color: var(--bad); font-weight: 600; }
tr.warning td.sev { color: var(--warn); font-weight: 600; }
@media print { body { padding: 0; max-width: none; font-size: 9pt; }
  .badge, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
"""


def _css() -> str:
    from deckcheck.reporting.fonts import MONO, lang_rules, sans

    latin = 'system-ui, "Segoe UI", "Noto Sans", "DejaVu Sans"'
    return CSS % {"sans": sans(latin), "mono": MONO, "lang_rules": lang_rules(latin).strip()}


def e(value: object) -> str:
    """Text for the page: hidden characters as escapes, HTML escaped, no ``::``/``##[``."""
    return markup_exact(escape(visible(value), quote=True))


def html_page(title: str, css: str, body: str) -> str:
    """A self-contained page: inline CSS, no script, and a policy that forbids any fetch."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">"
            f"<title>{e(title)}</title><style>{css}</style></head>\n<body>\n{body}\n"
            "</body></html>\n")


def render_html(reg: Registration) -> str:
    body = [f"<h1>Registration: {e(event_title(reg))}</h1>",
            f'<p class="meta">Roster {e(reg.roster.path)} · {len(reg.players)} players · '
            f"formats: {e(formats_line(reg))}</p>"]
    for note in reg.event.notes:
        body.append(f'<p class="meta">Note: {e(note)}</p>')
    rows = []
    for p in reg.players:
        rows.append(
            f"<tr><td class=num>{p.number}</td><td>{e(p.player.name)}</td>"
            f"<td>{e(p.player.player_id or '')}</td><td>{e(p.player.deck or '')}</td>"
            f"<td>{e(p.format_id or '')}</td>"
            f'<td><span class="badge {p.status}">{e(STATUS_LABEL[p.status])}</span></td>'
            f'<td class="fp">{e(p.fingerprint.short if p.fingerprint else "")}</td>'
            f'<td class="msg">{e(first_findings_text(p, 3))}</td></tr>')
    body.append("<h2>Players</h2><table><tr><th>#</th><th>player</th><th>player id</th>"
                "<th>deck</th><th>format</th><th>status</th><th>fingerprint</th>"
                "<th>first findings</th></tr>" + "".join(rows) + "</table>")
    org = [(p, f) for p in reg.players for f in p.organiser]
    body.append("<h2>Organiser checks</h2>")
    if org:
        body.append("<table><tr><th>line</th><th>player</th><th>code</th><th>severity</th>"
                    "<th>message</th></tr>" + "".join(
                        f'<tr class="{f.severity.value}"><td class=num>{e(f.line)}</td>'
                        f"<td>{e(p.player.name)}</td><td>{e(f.code)}</td>"
                        f'<td class="sev">{e(f.severity.value)}</td>'
                        f'<td class="msg">{e(f.message)}</td></tr>'
                        for p, f in sorted(org, key=lambda pf: (pf[1].line or 0, pf[1].code)))
                    + "</table>")
    else:
        body.append('<p class="meta">No problems.</p>')
    per = reg.by_format()
    t = reg.totals()
    cells = "".join(f"<tr><td>{e(fid)}</td><td class=num>{v['players']}</td>"
                    f"<td class=num>{v['legal']}</td><td class=num>{v['illegal']}</td>"
                    f"<td class=num>{v['unreadable']}</td></tr>" for fid, v in per.items())
    cells += (f"<tr><th>all</th><th>{t['players']}</th><th>{t['legal']}</th>"
              f"<th>{t['illegal']}</th><th>{t['unreadable']}</th></tr>")
    body.append("<h2>Totals</h2><table><tr><th>format</th><th>players</th><th>legal</th>"
                f"<th>illegal</th><th>unreadable</th></tr>{cells}</table>")
    body.append(f'<p class="summary">{e(summary_line(reg))}</p>')
    body.append(f'<p class="meta">deckcheck {e(__version__)}</p>')
    return html_page(f"Registration: {event_title(reg)}", _css(), "\n".join(body))
