"""The human report: per deck a zone-count table, a findings table, game tables, a summary.

Every value is shown with :func:`deckcheck.safetext.log_safe` before the tables are laid out
(so escapes keep the columns aligned), and the finished report passes through
:func:`deckcheck.safetext.guard_lines`: no hidden character and no workflow command, even
where the table wraps a long name onto a line of its own.
"""

from __future__ import annotations

from deckcheck.i18n import t, zone_name
from deckcheck.i18n_tables import section
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import Reporter, summary
from deckcheck.safetext import guard_lines, log_safe


def _cell(value: object) -> object:
    """A table cell: numbers stay numbers (right-aligned), text is shown safely."""
    return value if isinstance(value, (int, float)) else log_safe(value)


def _rows(rows) -> list[list[object]]:
    return [[_cell(v) for v in row] for row in rows]


class TextReporter(Reporter):
    name = "text"

    def render(self, results: list[DeckResult]) -> str:
        from deckcheck.reporting.table import table

        lang = self.options.lang
        out: list[str] = []
        for r in results:
            if r.error is not None:
                out.append(f"{log_safe(r.path)}: {t('unreadable', lang).upper()}: "
                           f"{log_safe(r.error)}")
                out.append("")
                continue
            status = t("legal", lang) if r.legal else t("illegal", lang)
            title = f"{log_safe(r.path)} — {log_safe(r.format)}"
            if r.date:
                title += t(" on {date}", lang, date=log_safe(r.date))
            if r.stats.get("profile"):
                title += t(" (profile {profile})", lang, profile=log_safe(r.stats["profile"]))
            out.append(t("{title}: {status}", lang, title=title, status=status.upper()))
            if r.counts:
                out.append(table([t("zone", lang), t("cards", lang)],
                                 _rows([zone_name(r.game, z, lang), n]
                                       for z, n in r.counts.items()), right=(False, True)))
            for title_, headers, rows in self._game_sections(r):
                title_, headers, rows = section(r.game, title_, headers, rows, lang)
                out.append("")
                out.append(log_safe(title_))
                out.append(table([log_safe(h) for h in headers], _rows(rows)))
            out.append("")
            if r.findings:
                rows = [[f.code, t(f.severity.value, lang), zone_name(r.game, f.zone or "", lang),
                         f.card or "",
                         f.line if f.line is not None else "", f.message] for f in r.findings]
                out.append(table([t(h, lang) for h in ("code", "severity", "zone", "card",
                                                       "line", "message")], _rows(rows)))
            else:
                out.append(t("no findings", lang))
            out.append("")
        out.append(t("summary", lang, **summary(results)))
        unreadable = sum(1 for r in results if r.error is not None)
        if unreadable:
            out.append(t("unreadable summary", lang, n=unreadable) if lang != "en" else
                       f"{unreadable} of them could not be read or checked (counted as illegal).")
        if self.options.strict:    # legal, yet the exit code is 1: say why
            n = sum(1 for r in results if r.legal and r.failed(strict=True))
            if n:
                out.append(t("strict summary", lang, n=n) if lang != "en" else
                           f"With --strict, {n} legal deck(s) fail because of warnings (exit 1).")
        return guard_lines("\n".join(out)) + "\n"

    def _game_sections(self, r: DeckResult):
        if r.game is None:
            return []
        from deckcheck.games.base import load_game

        return load_game(r.game).report_sections(r) or []
