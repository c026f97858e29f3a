"""One line per finding, ``path:line: severity: CODE message`` (for CI logs and editors'
problem matchers). Decks in input order, findings in file order.

Info notes are not listed one by one unless ``show_info``: a deck that has some gets one
``path: info: N notes not shown (CODES)`` line after its problems.

Paths and messages are shown with :func:`deckcheck.safetext.one_line`: hidden characters as
escapes and no workflow-command sequence, so each finding is exactly one harmless line."""

from __future__ import annotations

from typing import Iterable, Iterator

from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import (Reporter, codes_counted, counted, error_text,
                                      ordered_findings)
from deckcheck.safetext import one_line


class ConciseReporter(Reporter):
    name = "concise"

    def render(self, results: list[DeckResult]) -> str:
        return "".join(self.chunks(results))

    def chunks(self, results: Iterable[DeckResult]) -> Iterator[str]:
        """Each deck's lines as soon as its result comes (the report has no summary)."""
        for r in results:
            yield "".join(line + "\n" for line in self._deck(r))

    def _deck(self, r: DeckResult) -> list[str]:
        out: list[str] = []
        path = one_line(r.path)
        if r.error is not None:
            out.append(f"{path}: error: {one_line(error_text(r))}")
        else:
            hidden = []
            for f in ordered_findings(r):
                if f.severity is Severity.INFO and not self.options.show_info:
                    hidden.append(f)
                    continue
                where = f"{path}:{f.line}" if f.line is not None else path
                out.append(f"{where}: {f.severity.value}: {one_line(f.code)} "
                           f"{one_line(f.message)}")
            if hidden:
                out.append(f"{path}: info: {counted(len(hidden), 'note')} not shown "
                           f"({codes_counted(hidden)}); --show-info lists them")
        return out
