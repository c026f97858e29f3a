"""The human report: per deck a zone-count table, a findings table, game tables, a summary."""

from __future__ import annotations

from deckcheck.i18n import section, t, zone_name
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import Reporter, summary


class TextReporter(Reporter):
    name = "text"

    def render(self, results: list[DeckResult]) -> str:
        from tabulate import tabulate

        lang = self.options.lang
        out: list[str] = []
        for r in results:
            if r.error is not None:
                out.append(f"{r.path}: {t('unreadable', lang).upper()}: {r.error}")
                out.append("")
                continue
            status = t("legal", lang) if r.legal else t("illegal", lang)
            title = f"{r.path} — {r.format}"
            if r.date:
                title += t(" on {date}", lang, date=r.date)
            if r.stats.get("profile"):
                title += t(" (profile {profile})", lang, profile=r.stats["profile"])
            out.append(t("{title}: {status}", lang, title=title, status=status.upper()))
            if r.counts:
                out.append(tabulate([[zone_name(r.game, z, lang), n]
                                     for z, n in r.counts.items()],
                                    headers=[t("zone", lang), t("cards", lang)],
                                    tablefmt="simple", colalign=("left", "right")))
            for title_, headers, rows in self._game_sections(r):
                title_, headers, rows = section(r.game, title_, headers, rows, lang)
                out.append("")
                out.append(title_)
                out.append(tabulate(rows, headers=headers, tablefmt="simple"))
            out.append("")
            if r.findings:
                rows = [[f.code, t(f.severity.value, lang), zone_name(r.game, f.zone or "", lang),
                         f.card or "",
                         f.line if f.line is not None else "", f.message] for f in r.findings]
                out.append(tabulate(rows, headers=[t(h, lang) for h in
                                                   ("code", "severity", "zone", "card", "line",
                                                    "message")],
                                    tablefmt="simple", maxcolwidths=[None, None, None, 28, None, 70]))
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
        return "\n".join(out) + "\n"

    def _game_sections(self, r: DeckResult):
        if r.game is None:
            return []
        from deckcheck.games.base import load_game

        return load_game(r.game).report_sections(r) or []
