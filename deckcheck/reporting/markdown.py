"""Markdown for CI job summaries (``>> $GITHUB_STEP_SUMMARY``) and pull-request comments.

A table of every deck (format, legal, errors, warnings), then a findings table for each deck
that is illegal or has warnings. Cell text is escaped: ``|`` cannot end a cell, markup and
HTML in card names stay text, and line breaks are removed.
"""

from __future__ import annotations

import re

from deckcheck.i18n import t, zone_name
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import Reporter, error_text, ordered_findings, summary

_MARKUP = re.compile(r"([\\`*_\[\]#~])")


def cell(value: object) -> str:
    """Text safe inside a GitHub-flavoured Markdown table cell."""
    text = " ".join(str(value).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKUP.sub(r"\\\1", text)
    return text.replace("|", "\\|")


def table(headers: list[str], rows: list[list[object]]) -> list[str]:
    out = ["| " + " | ".join(cell(h) for h in headers) + " |",
           "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return out


class MarkdownReporter(Reporter):
    name = "markdown"

    def render(self, results: list[DeckResult]) -> str:
        lang = self.options.lang
        totals = summary(results)
        out = ["## deckcheck", "", cell(t("summary", lang, **totals)), ""]
        if results:
            rows = []
            for r in results:
                if r.error is not None:
                    legal = "⚠️ " + t("unreadable", lang)
                else:
                    legal = "✅ " + t("legal", lang) if r.legal else "❌ " + t("illegal", lang)
                rows.append([r.path, r.format or "", legal, r.count(Severity.ERROR),
                             r.count(Severity.WARNING)])
            out += table([t(h, lang) for h in ("deck", "format", "legal", "errors", "warnings")],
                         rows)
            out.append("")
        for r in results:
            if r.error is not None:
                out += [f"### {cell(r.path)}", "", cell(error_text(r)), ""]
                continue
            if r.legal and not r.count(Severity.WARNING):
                continue
            out += [f"### {cell(r.path)}", ""]
            rows = [[f.code, t(f.severity.value, lang), f.line if f.line is not None else "",
                     zone_name(r.game, f.zone or "", lang), f.card or "", f.message]
                    for f in ordered_findings(r)]
            out += table([t(h, lang) for h in ("code", "severity", "line", "zone", "card",
                                               "message")], rows)
            out.append("")
        return "\n".join(out).rstrip("\n") + "\n"
