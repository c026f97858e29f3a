"""What every reporter gets: the results, the options, and summary figures."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckcheck.models import DeckResult, Severity


@dataclass(slots=True)
class ReportOptions:
    lang: str = "en"
    strict: bool = False
    color: bool = False
    root: str | None = None          # paths are shown relative to this directory
    extra: dict[str, Any] = field(default_factory=dict)


def summary(results: list[DeckResult]) -> dict[str, int]:
    legal = sum(1 for r in results if r.legal)
    return {
        "decks": len(results),
        "legal": legal,
        "illegal": len(results) - legal,
        "errors": sum(r.count(Severity.ERROR) for r in results),
        "warnings": sum(r.count(Severity.WARNING) for r in results),
    }


class Reporter:
    name = ""

    def __init__(self, options: ReportOptions | None = None):
        self.options = options or ReportOptions()

    def render(self, results: list[DeckResult]) -> str:
        raise NotImplementedError
