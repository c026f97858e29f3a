"""Errors that cross the stages: raised in one module, caught and reported in another.

Each is a user-facing problem (exit 2 with one message), never a bug. Modules that raise
them re-export them under their old names, so ``deckcheck.formats.FormatError`` stays.

An error may carry a ``phrase`` (the id of a :class:`~deckcheck.parsing.phrases.Phrase`,
which the catalogues' ``phrases:`` translate) and its
``phrase_args``: :func:`deckcheck.i18n.error_text` then shows it in the user's language;
without them, or without a translation, its English text is shown.
"""

from __future__ import annotations

from typing import Any


class FormatError(Exception):
    """An unknown format id, a bad format file or a date with no profile (exit 2)."""

    phrase: str | None = None
    phrase_args: dict[str, Any] = {}


class FormatNotInForce(FormatError):
    """The date checked is outside the format's life: before it began or after it ended."""


class FormatNotStarted(FormatNotInForce):
    """The date checked is before the day the format began (its ``started:`` fact)."""

    phrase = "format-not-started"

    def __init__(self, fid: str, title: str, start: str, source: str | None, date: str):
        from deckcheck.parsing.phrases import FORMAT_NOT_STARTED

        self.phrase_args = {"id": fid, "format": title, "start": start, "date": date,
                            "source": short_source(source)}
        super().__init__(FORMAT_NOT_STARTED.say(**self.phrase_args))


class FormatEnded(FormatNotInForce):
    """The date checked (or today, when none is given) is after the day the format was
    retired (its ``ended:`` fact)."""

    phrase = "format-ended"

    def __init__(self, fid: str, title: str, end: str, source: str | None, date: str | None):
        from deckcheck.parsing.phrases import FORMAT_ENDED, FORMAT_ENDED_NO_DATE

        self.phrase_args = {"id": fid, "format": title, "end": end, "date": date,
                            "source": short_source(source)}
        if date is None:
            self.phrase = "format-ended-no-date"
        said = FORMAT_ENDED if date is not None else FORMAT_ENDED_NO_DATE
        super().__init__(said.say(**self.phrase_args))


def short_source(source: str | None) -> str:
    """A source as one line names it: its first part (a URL or a file with the fact), before
    any quotation or second source (``formats show`` gives the whole text)."""
    if not source:
        return "source not recorded"
    head = source.split(";")[0].split(" (")[0].strip()
    return head or source.strip()


def carry_phrase(source: BaseException, target: BaseException) -> BaseException:
    """``target`` (an error raised for ``source``) with ``source``'s phrase and arguments,
    so the user's language still reaches it; returns ``target``."""
    phrase = getattr(source, "phrase", None)
    if phrase:
        target.phrase = phrase                       # type: ignore[attr-defined]
        target.phrase_args = dict(getattr(source, "phrase_args", None) or {})  # type: ignore[attr-defined]
    return target
