"""One line per finding, ``path:line: CODE message``, and nothing else (for CI logs and
editors' problem matchers). Decks in input order, findings in file order.

Paths and messages are shown with :func:`deckcheck.safetext.one_line`: hidden characters as
escapes and no workflow-command sequence, so each finding is exactly one harmless line."""

from __future__ import annotations

from deckcheck.models import DeckResult
from deckcheck.reporting.base import Reporter, error_text, ordered_findings
from deckcheck.safetext import one_line


class ConciseReporter(Reporter):
    name = "concise"

    def render(self, results: list[DeckResult]) -> str:
        out: list[str] = []
        for r in results:
            if r.error is not None:
                out.append(f"{one_line(r.path)}: error: {one_line(error_text(r))}")
                continue
            for f in ordered_findings(r):
                path = one_line(r.path)
                where = f"{path}:{f.line}" if f.line is not None else path
                out.append(f"{where}: {one_line(f.code)} {one_line(f.message)}")
        return "".join(line + "\n" for line in out)
