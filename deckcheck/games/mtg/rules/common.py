"""What every MTG rule shares: the base classes and what the format's profile names that the
card data lacks (mtg.md §1.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.games.mtg.model import listed_names, set_table
from deckcheck.rules.base import Context, Rule

ZONE_WORDS = {"main": "main deck", "sideboard": "sideboard", "commander": "command zone",
              "companion": "companion"}


def format_label(fmt) -> str:
    """The format as players say it: its display name after the game's ("Magic: The
    Gathering — Standard" -> ``Standard``), else its id."""
    name = str((fmt.data.get("name") if fmt is not None else None) or "")
    _, dash, short = name.partition(" — ")
    return short.strip() if dash and short.strip() else (fmt.id if fmt is not None else "")


class MtgRule(Rule):
    game = "mtg"

    def applies(self, ctx: Context) -> bool:
        return True


class MtgParseRule(MtgRule):
    stage = "parse"


# ---------------------------------------------------------------------------------------
# the card data a profile needs


@dataclass(slots=True)
class DataGaps:
    """What the format's profile in force names that the card data lacks (mtg.md §1.4):
    its listed ``sets`` the data has no file for (``missing``, in the profile's order), the
    ones it has (``present``), and banned or restricted names that resolve to no card
    (``names``). A gap does not stop the check: it runs with what the data has, and MTG212
    says what is missing."""

    missing: list[str] = field(default_factory=list)
    present: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.missing or self.names)


def format_gaps(fmt, db) -> DataGaps:
    """The :class:`DataGaps` of ``fmt`` (narrowed to its profile) in the card data ``db``."""
    out = DataGaps()
    if db is None or fmt is None:
        return out
    sets = set_table(db)
    wanted = fmt.get("sets")
    if isinstance(wanted, list):
        for s in wanted:
            code = str(s).upper()
            (out.present if code in sets.codes else out.missing).append(code)
    out.names = [n for n in listed_names(fmt, "banned") + listed_names(fmt, "restricted")
                 if db.find(n) is None]
    return out


def data_gaps(ctx: Context) -> DataGaps:
    """The :class:`DataGaps` of the format's profile in force (computed once per check)."""
    return ctx.once("mtg.data-gaps", lambda: format_gaps(ctx.fmt, ctx.db))


def card_names(ctx: Context, names) -> set[str]:
    """The card data's names for the listed ``names`` (a format's banned, banned-as-commander
    or legal-by-name list); a name the data lacks adds nothing (MTG212 reports it)."""
    return {c.name for c in (ctx.db.find(n) for n in names) if c is not None}


def codes_text(codes: list[str], most: int = 12) -> str:
    """Set codes for a message, the first ``most`` and a count of the rest when long."""
    if len(codes) <= most:
        return " ".join(codes)
    return " ".join(codes[:most]) + f" and {len(codes) - most} more"
