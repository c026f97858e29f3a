"""One self-contained HTML page: the summary, then per deck its zone counts, a chart, the
game's tables and the findings.

Nothing is loaded from anywhere: the CSS is inline, the chart is inline SVG drawn here, there
is no script, and a Content-Security-Policy forbids any fetch. Every piece of text from a
deck (paths, card names, messages) is escaped. The chart is whatever the game's
``chart(result)`` hook returns (mana curve, spell points by school, cards by type …).
"""

from __future__ import annotations

from html import escape

from deckcheck import __version__
from deckcheck.i18n import t, zone_name
from deckcheck.i18n_tables import chart as chart_in, section as section_in
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import (Reporter, error_text, ordered_findings, summary,
                                      summary_text)
from deckcheck.safetext import markup_exact, visible

#: the fill of chart bars (used for nothing else on the page; tests look for it)
BAR_COLOUR = "#2563eb"

CSS = """
:root { --ok: #15803d; --bad: #b91c1c; --warn: #b45309; --ink: #1f2937; --muted: #6b7280;
        --line: #d1d5db; --head: #f3f4f6; }
* { box-sizing: border-box; }
body { font: 15px/1.45 %(sans)s; color: var(--ink); margin: 0 auto; padding: 24px;
       max-width: 1100px; }
%(lang_rules)s
h1 { font-size: 1.6em; margin: 0 0 4px; }
h2 { font-size: 1.2em; margin: 0 0 6px; overflow-wrap: anywhere; }
h3 { font-size: 1em; margin: 14px 0 6px; }
.meta, .muted { color: var(--muted); }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--head); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.findings { width: 100%%; }
table.findings td.msg { overflow-wrap: anywhere; }
section.deck { border: 1px solid var(--line); border-left: 6px solid var(--ok);
               border-radius: 6px; padding: 14px 18px; margin: 18px 0; }
section.deck.illegal { border-left-color: var(--bad); }
section.deck.unreadable { border-left-color: var(--warn); }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff;
         font-size: .8em; font-weight: 600; vertical-align: middle; letter-spacing: .03em; }
.badge.legal { background: var(--ok); } .badge.illegal { background: var(--bad); }
.badge.unreadable { background: var(--warn); }
tr.error td.sev { color: var(--bad); font-weight: 600; }
tr.warning td.sev { color: var(--warn); font-weight: 600; }
tr.info td.sev { color: var(--muted); }
.row { display: flex; flex-wrap: wrap; gap: 28px; align-items: flex-start; }
figure.chart { margin: 6px 0 12px; }
figure.chart figcaption { font-weight: 600; margin-bottom: 4px; }
svg.chart text { font: 12px system-ui, sans-serif; fill: var(--ink); }
svg.chart .axis { stroke: var(--muted); stroke-width: 1; }
footer { color: var(--muted); font-size: .85em; margin-top: 24px; }
@media print {
  body { padding: 0; max-width: none; font-size: 10pt; }
  section.deck { break-inside: avoid; page-break-inside: avoid; }
  .badge, th, section.deck { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
"""


def _css() -> str:
    from deckcheck.reporting.fonts import lang_rules, sans

    latin = 'system-ui, -apple-system, "Segoe UI", "Noto Sans"'
    return CSS % {"sans": sans(latin), "lang_rules": lang_rules(latin).strip()}


def e(value: object) -> str:
    """Text for the page: hidden characters shown as escapes (a bidi override cannot reorder
    the page), HTML escaped, and ``::``/``##[`` written with a character reference so that
    the page printed to a CI log carries no workflow command."""
    return markup_exact(escape(visible(value), quote=True))


def _num(value: float) -> str:
    v = float(value)
    return str(int(v)) if v.is_integer() else f"{v:.1f}"


def bar_chart(title: str, data: list[tuple[str, float]]) -> str:
    """An inline SVG bar chart with labels and values; vertical bars for short labels
    (a mana curve), horizontal bars otherwise (types, schools)."""
    data = [(str(label), float(value)) for label, value in data if float(value) >= 0]
    if not data:
        return ""
    top = max(v for _, v in data) or 1.0
    parts: list[str] = []
    vertical = len(data) <= 16 and all(len(label) <= 4 for label, _ in data)
    if vertical:
        slot, bar_h, pad_top, pad_bottom = 40, 180, 20, 24
        width, height = slot * len(data) + 20, bar_h + pad_top + pad_bottom
        for i, (label, value) in enumerate(data):
            h = round(bar_h * value / top, 1)
            x = 10 + i * slot + 6
            y = pad_top + bar_h - h
            parts.append(f'<g><title>{e(label)}: {_num(value)}</title>'
                         f'<rect class="bar" x="{x}" y="{y}" width="{slot - 12}" height="{h}" '
                         f'fill="{BAR_COLOUR}"/>'
                         f'<text x="{x + (slot - 12) / 2}" y="{y - 4}" '
                         f'text-anchor="middle">{_num(value)}</text>'
                         f'<text x="{x + (slot - 12) / 2}" y="{height - 8}" '
                         f'text-anchor="middle">{e(label)}</text></g>')
        parts.append(f'<line class="axis" x1="10" y1="{pad_top + bar_h}" x2="{width - 10}" '
                     f'y2="{pad_top + bar_h}"/>')
    else:
        label_w, bar_w, row = 170, 300, 26
        width, height = label_w + bar_w + 60, row * len(data) + 8
        for i, (label, value) in enumerate(data):
            w = round(bar_w * value / top, 1)
            y = 4 + i * row
            shown = label if len(label) <= 24 else label[:23] + "…"
            parts.append(f'<g><title>{e(label)}: {_num(value)}</title>'
                         f'<text x="{label_w - 8}" y="{y + 17}" text-anchor="end">{e(shown)}</text>'
                         f'<rect class="bar" x="{label_w}" y="{y + 3}" width="{w}" '
                         f'height="{row - 8}" fill="{BAR_COLOUR}"/>'
                         f'<text x="{label_w + w + 6}" y="{y + 17}">{_num(value)}</text></g>')
        parts.append(f'<line class="axis" x1="{label_w}" y1="2" x2="{label_w}" '
                     f'y2="{height - 2}"/>')
    return (f'<figure class="chart"><figcaption>{e(title)}</figcaption>'
            f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
            f'<title>{e(title)}</title>{"".join(parts)}</svg></figure>')


class HtmlReporter(Reporter):
    name = "html"

    def render(self, results: list[DeckResult]) -> str:
        lang = self.options.lang
        totals = summary(results)
        body: list[str] = [f"<header><h1>{e(t('deckcheck report', lang))}</h1>",
                           f'<p class="summary">{e(summary_text(totals, lang))}</p></header>']
        if results:
            body.append(self._overview(results))
        for i, r in enumerate(results, 1):
            body.append(self._deck(i, r))
        body.append(f"<footer>deckcheck {e(__version__)}</footer>")
        return ("<!DOCTYPE html>\n"
                f'<html lang="{e(lang)}"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
                'style-src \'unsafe-inline\'">'
                f"<title>{e(t('deckcheck report', lang))}</title><style>{_css()}</style></head>\n<body>\n"
                + "\n".join(body) + "\n</body></html>\n")

    # -- pieces -----------------------------------------------------------------------------
    def _overview(self, results: list[DeckResult]) -> str:
        lang = self.options.lang
        rows = []
        for i, r in enumerate(results, 1):
            status, label = self._status(r)
            rows.append(f'<tr><td><a href="#deck-{i}">{e(r.path)}</a></td>'
                        f'<td>{e(r.format or "")}</td>'
                        f'<td><span class="badge {status}">{e(label)}</span></td>'
                        f'<td class="num">{r.count(Severity.ERROR)}</td>'
                        f'<td class="num">{r.count(Severity.WARNING)}</td></tr>')
        head = "".join(f'<th{" class=num" if h in ("errors", "warnings") else ""}>'
                       f"{e(t(h, lang))}</th>"
                       for h in ("deck", "format", "legal", "errors", "warnings"))
        return f'<table class="overview"><tr>{head}</tr>{"".join(rows)}</table>'

    def _status(self, r: DeckResult) -> tuple[str, str]:
        lang = self.options.lang
        if r.error is not None:
            return "unreadable", t("unreadable", lang).upper()
        if r.legal:
            return "legal", t("legal", lang).upper()
        return "illegal", t("illegal", lang).upper()

    def _deck(self, i: int, r: DeckResult) -> str:
        lang = self.options.lang
        status, label = self._status(r)
        out = [f'<section class="deck {status}" id="deck-{i}">',
               f'<h2>{e(r.path)} <span class="badge {status}">{e(label)}</span></h2>']
        if r.error is not None:
            out.append(f"<p>{e(error_text(r))}</p></section>")
            return "\n".join(out)
        meta = [r.format or ""]
        if r.date:
            meta.append(t("on {date}", lang, date=r.date))
        if r.stats.get("profile"):
            meta.append(t("profile {profile}", lang, profile=r.stats["profile"]))
        out.append(f'<p class="meta">{e(" · ".join(m for m in meta if m))}</p>')
        row = []
        if r.counts:
            cells = "".join(f'<tr><td>{e(zone_name(r.game, z, lang))}</td>'
                            f'<td class="num">{n}</td></tr>' for z, n in r.counts.items())
            row.append(f'<table class="zones"><tr><th>{e(t("zone", lang))}</th>'
                       f'<th class="num">{e(t("cards", lang))}</th></tr>{cells}</table>')
        chart = self._chart(r)
        if chart:
            row.append(chart)
        if row:
            out.append('<div class="row">' + "".join(row) + "</div>")
        out += self._game_tables(r)
        if r.findings:
            heads = "".join(f"<th>{e(t(h, lang))}</th>" for h in
                            ("code", "severity", "line", "zone", "card", "message"))
            rows = []
            for f in ordered_findings(r):
                message = e(f.message)
                if f.suggestion and f.suggestion not in f.message:
                    message += f'<br><span class="muted">→ {e(f.suggestion)}</span>'
                rows.append(f'<tr class="{f.severity.value}"><td>{e(f.code)}</td>'
                            f'<td class="sev">{e(t(f.severity.value, lang))}</td>'
                            f'<td class="num">{"" if f.line is None else f.line}</td>'
                            f'<td>{e(zone_name(r.game, f.zone or "", lang))}</td>'
                            f'<td>{e(f.card or "")}</td>'
                            f'<td class="msg">{message}</td></tr>')
            out.append(f'<table class="findings"><tr>{heads}</tr>{"".join(rows)}</table>')
        else:
            out.append(f'<p class="muted">{e(t("no findings", lang))}</p>')
        out.append("</section>")
        return "\n".join(out)

    def _chart(self, r: DeckResult) -> str:
        if r.game is None:
            return ""
        from deckcheck.games.base import load_game

        try:
            hook = getattr(load_game(r.game), "chart", None)
            picture = hook(r) if hook is not None else None
        except Exception as exc:  # a game hook must not cost the whole report
            error = t("chart not available: {error}", self.options.lang,
                      error=f"{type(exc).__name__}: {exc}")
            return f'<p class="muted">{e(error)}</p>'
        if not picture:
            return ""
        title, data = chart_in(r.game, picture, self.options.lang)
        return bar_chart(title, list(data))

    def _game_tables(self, r: DeckResult) -> list[str]:
        if r.game is None:
            return []
        from deckcheck.games.base import load_game

        try:
            sections = load_game(r.game).report_sections(r) or []
        except Exception as exc:  # as for the chart
            error = t("game tables not available: {error}", self.options.lang, error=exc)
            return [f'<p class="muted">{e(error)}</p>']
        out = []
        for title, headers, rows in sections:
            title, headers, rows = section_in(r.game, title, headers, rows, self.options.lang)
            head = "".join(f"<th>{e(h)}</th>" for h in headers)
            body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>"
                           for row in rows)
            out.append(f"<h3>{e(title)}</h3><table><tr>{head}</tr>{body}</table>")
        return out
