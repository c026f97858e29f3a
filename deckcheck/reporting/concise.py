"""One line per finding, ``path:line: CODE message``, and nothing else (for CI logs and
editors' problem matchers). Decks in input order, findings in file order."""

from __future__ import annotations

from deckcheck.models import DeckResult
from deckcheck.reporting.base import Reporter, error_text, one_line, ordered_findings


class ConciseReporter(Reporter):
    name = "concise"

    def render(self, results: list[DeckResult]) -> str:
        out: list[str] = []
        for r in results:
            if r.error is not None:
                out.append(f"{r.path}: error: {one_line(error_text(r))}")
                continue
            for f in ordered_findings(r):
                where = f"{r.path}:{f.line}" if f.line is not None else r.path
                out.append(f"{where}: {f.code} {one_line(f.message)}")
        return "".join(line + "\n" for line in out)
