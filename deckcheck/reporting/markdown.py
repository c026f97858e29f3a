"""Markdown for CI job summaries (``>> $GITHUB_STEP_SUMMARY``) and pull-request comments.

A table of every deck (format, legal, errors, warnings), then a findings table for each deck
that is illegal or has warnings.

Every piece of text is escaped by :func:`cell`, because a summary is rendered when someone
views it and may be printed to the CI log as well:

* it is first shown with :func:`deckcheck.safetext.log_safe` (hidden characters as escapes,
  no ``::`` or ``##[``), exactly as the text and concise reports show it;
* ``|`` cannot end a cell; ``&``, ``<`` and ``>`` are entities, so no raw HTML (``<img>``,
  ``<a>``) and no ``<https://…>`` autolink; the markup characters are backslash-escaped, so
  ``![…](…)`` and ``[…](…)`` are no image and no link;
* GitHub's bare autolinks are broken where they start: the ``:`` before ``//``
  (``https\\://``) and the dot of ``www.`` are escaped, and ``@`` is followed by a zero-width
  space (``&#8203;``) so that neither an e-mail link nor an ``@mention`` is made. The summary
  shows the same characters, none of them a link or an image fetched from anywhere.
"""

from __future__ import annotations

import re

from deckcheck.i18n import t, zone_name
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import (Reporter, error_text, notes, problems, summary,
                                      summary_text)
from deckcheck.safetext import guard_lines, one_line

_MARKUP = re.compile(r"([\\`*_\[\]#~])")
# where GitHub starts a bare link: a scheme's "://", "www." (after markup escaping)
_AUTOLINK = re.compile(r":(?=/)|(www)\.", re.IGNORECASE)


def _break_autolink(m: re.Match) -> str:
    return "\\:" if m.group() == ":" else m.group(1) + "\\."


def cell(value: object) -> str:
    """Text safe inside a GitHub-flavoured Markdown table cell (or as a line of its own)."""
    text = one_line(value)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKUP.sub(r"\\\1", text)
    text = _AUTOLINK.sub(_break_autolink, text).replace("@", "@&#8203;")
    return text.replace("|", "\\|")


def table(headers: list[str], rows: list[list[object]]) -> list[str]:
    out = ["| " + " | ".join(cell(h) for h in headers) + " |",
           "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return out


class MarkdownReporter(Reporter):
    name = "markdown"
    keeps = "findings"     # never shows the parsed deck: held without it

    def render(self, results: list[DeckResult]) -> str:
        lang = self.options.lang
        totals = summary(results)
        out = ["## deckcheck", "", cell(summary_text(totals, lang)), ""]
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
                    for f in problems(r) + notes(r)]   # errors, warnings, then info
            out += table([t(h, lang) for h in ("code", "severity", "line", "zone", "card",
                                               "message")], rows)
            out.append("")
        return guard_lines("\n".join(out).rstrip("\n")) + "\n"
