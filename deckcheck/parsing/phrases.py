"""Phrases: the parts of a message that readers fill in (DCK001's ``why`` and ``fix``), and
the titles and cells of the games' report tables that are built from parts.

A reader that cannot read a line says why and how to fix it with a :class:`Phrase`, an
English template under an id, filled with its arguments (:meth:`Phrase.say`). The finding
carries the filled-in English text for the message and the id and arguments for the other
languages, whose catalogues translate each phrase by its id (``phrases:``), never by the
wording of the English. The phrases every reader shares are here; a game's own are in its
package, with ids that start with the game's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: every phrase by id (one id, one English template)
PHRASES: dict[str, "Phrase"] = {}


@dataclass(frozen=True, slots=True)
class Phrase:
    id: str
    english: str          # a str.format template; literal braces are doubled

    def __post_init__(self):
        known = PHRASES.setdefault(self.id, self)
        if known.english != self.english:
            raise ValueError(f"phrase id {self.id!r} is declared twice with different text")

    def say(self, **args: Any) -> "Said":
        return Said(self, args)


class Said(str):
    """A phrase filled in: the English text (a ``str``, so readers that only show it need
    nothing else) with the phrase and its arguments, which other languages translate."""

    phrase: Phrase
    args: dict[str, Any]

    def __new__(cls, phrase: Phrase, args: dict[str, Any] | None = None) -> "Said":
        args = dict(args or {})
        self = super().__new__(cls, phrase.english.format(**args))
        self.phrase, self.args = phrase, args
        return self

    def __reduce__(self):
        return Said, (self.phrase, self.args)


class Joined(str):
    """Parts shown joined by ``sep`` (``Alliance · Priest (Holy) · Dwarf``): the joined text
    (a ``str``), and the parts, which other languages show one by one."""

    sep: str
    parts: tuple[str, ...]

    def __new__(cls, sep: str, parts) -> "Joined":
        parts = tuple(parts)
        self = super().__new__(cls, sep.join(parts))
        self.sep, self.parts = sep, parts
        return self

    def __reduce__(self):
        return Joined, (self.sep, self.parts)


def said(value: "Phrase | Said") -> Said:
    """A phrase with no arguments, or one already filled in."""
    if isinstance(value, Phrase):
        return Said(value)
    if isinstance(value, Said):
        return value
    raise TypeError(f"a reader's why and fix are phrases (deckcheck.parsing.phrases), not "
                    f"{type(value).__name__} {value!r}")


# -- why: what is wrong with the line ------------------------------------------------------
LINE_TOO_LONG = Phrase("line-too-long", "the line has {n:,} characters")
TEXT_TOO_LONG = Phrase("text-too-long", "it has {n:,} characters")
CONTROL_CHARACTERS = Phrase("control-characters", "it contains control characters")
SEVERAL_ENTRIES = Phrase("several-entries", "it looks like several entries on one line")
COUNT_NOT_NUMBER = Phrase("count-not-number", "the count is not a number")
COUNT_WRITTEN_NOT_NUMBER = Phrase("count-written-not-number", "the count {n!r} is not a number")
COUNT_NOT_WHOLE = Phrase("count-not-whole", "the count {n} is not a whole number")
COUNT_NEGATIVE = Phrase("count-negative", "the count {n} is negative")
COUNT_TOO_LARGE = Phrase("count-too-large", "the count {n} is not plausible (at most {most})")
COUNT_IMPLAUSIBLE = Phrase("count-implausible", "the count {n} is not plausible")
COUNT_NO_NAME = Phrase("count-no-name", "there is a count but no card name")
NO_CARD_NAME = Phrase("no-card-name", "there is no card name")
NO_NAME = Phrase("no-name", "no card name")
NAME_TOO_LONG = Phrase("name-too-long", "the card name has {n:,} characters")
NAME_CONTROL = Phrase("name-control", "the card name contains control characters, line "
                                      "breaks or invalid characters")
NAME_EMPTY = Phrase("name-empty", "the card name is empty")
CARD_NO_NAME = Phrase("card-no-name", "the card has no {attr}")
CARD_NO_NAME_NOR_ID = Phrase("card-no-name-nor-id", "a card with neither name nor id")
QUANTITY_IMPLAUSIBLE = Phrase("quantity-implausible", "the quantity is not a plausible number")
QUANTITY_WRITTEN_IMPLAUSIBLE = Phrase("quantity-written-implausible",
                                      "the quantity {q!r} is not a plausible number")
FILE_NOT = Phrase("file-not", "the file is not {what}")
NOT_OCTGN = Phrase("not-octgn", "the file is not an OCTGN deck (its root element is not <deck>)")
CSV_INVALID = Phrase("csv-invalid", "it is not valid CSV ({detail})")

# -- fix: what to write instead ---------------------------------------------------------------
WRITE_COUNT_AND_NAME = Phrase("write-count-and-name", "Write a count and a card name.")
WRITE_COUNT_AND_NAME_EG = Phrase("write-count-and-name-eg",
                                 "Write a count and a card name, e.g. '4 Card Name'.")
ONE_CARD_PER_LINE = Phrase("one-card-per-line", "Write one card per line.")
ONE_CARD_COUNT_NAME = Phrase("one-card-count-name", "Write one card per line: a count and a name.")
PLAIN_TEXT = Phrase("plain-text", "Save the list as plain text.")
WRITE_CARD_NAME = Phrase("write-card-name", "Write the card's name.")
EXPORT_OCTGN = Phrase("export-octgn", "Export the deck from OCTGN again.")
EXPORT_PROGRAM = Phrase("export-program", "Export the deck from the program again.")
FIX_ATTRIBUTE = Phrase("fix-attribute", "Fix the {attr} attribute.")
GIVE_ATTRIBUTE = Phrase("give-attribute", "Give the card's {attr} attribute.")
REMOVE_EMPTY_CARD = Phrase("remove-empty-card", "Remove the empty card element.")
FIX_COUNT = Phrase("fix-count", "Fix the count.")

# -- usage errors (deckcheck/errors.py: an error's phrase, shown in the user's language) ---------
FORMAT_NOT_STARTED = Phrase("format-not-started",
                            "{date} is before {format} ({id}) existed: it began on {start} "
                            "({source}); choose a date on or after {start}.")

FORMAT_ENDED = Phrase("format-ended",
                      "{date} is after {format} ({id}) ended: it was retired on {end} "
                      "({source}); choose a date on or before {end}.")
FORMAT_ENDED_NO_DATE = Phrase("format-ended-no-date",
                              "{format} ({id}) was retired on {end} ({source}), so there is no "
                              "such format today; give --date, a day on or before {end}, or a "
                              "Date: line in the list.")

# -- report tables (the titles and cells the catalogues' ``sections`` and ``cells`` translate)
CARDS_BY_TYPE = Phrase("cards-by-type", "Cards by type")
