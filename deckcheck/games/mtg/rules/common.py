"""What every MTG rule shares: the base classes and the check that the card data supports
the format's profile (mtg.md §1.4).
"""

from __future__ import annotations

from deckcheck.errors import FormatError
from deckcheck.games.mtg.model import listed_names, set_table
from deckcheck.rules.base import Context, Rule

ZONE_WORDS = {"main": "main deck", "sideboard": "sideboard", "commander": "command zone",
              "companion": "companion"}


class MtgRule(Rule):
    game = "mtg"

    def applies(self, ctx: Context) -> bool:
        check_format_data(ctx)        # a format the card data cannot support stops here
        return True


class MtgParseRule(MtgRule):
    stage = "parse"


# ---------------------------------------------------------------------------------------
# the card data a profile needs


_CHECKED: dict[tuple, str | None] = {}


def check_format_data(ctx: Context) -> None:
    """Stop (exit 2) when the format's profile needs sets or cards the card data lacks.

    mtg.md §1.4: a profile naming a set missing from the card data, or a banned / restricted
    name that does not resolve (exact and normalised steps only), is a load error that names
    the profile and what is missing.
    """
    if ctx.db is None or ctx.deck is None:
        return
    fmt = ctx.fmt
    key = (fmt.id, (fmt.profile or {}).get("from"), id(ctx.db))
    if key not in _CHECKED:
        _CHECKED[key] = _data_problem(ctx)
    problem = _CHECKED[key]
    if problem:
        raise FormatError(problem)


def _data_problem(ctx: Context) -> str | None:
    fmt = ctx.fmt
    sets = set_table(ctx.db)
    prof = fmt.profile or {}
    who = fmt.id + (f" (profile {prof['from']}" + (f", {prof['name']}" if prof.get("name")
                                                      else "") + ")" if prof else "")
    problems = []
    wanted = fmt.get("sets")
    if isinstance(wanted, list):
        missing = [str(s) for s in wanted if str(s).upper() not in sets.codes]
        if missing:
            problems.append(f"needs card data for {len(missing)} set(s) that the card data "
                            f"lacks: {' '.join(missing)}")
    unresolved = [n for n in listed_names(fmt, "banned") + listed_names(fmt, "restricted")
                  if ctx.db.find(n) is None]
    if unresolved:
        shown = ", ".join(unresolved)
        problems.append(f"names {len(unresolved)} banned or restricted card(s) that are not "
                        f"in the card data: {shown}")
    if not problems:
        return None
    return (f"{who} " + "; it ".join(problems) + f". The card data covers {sets.coverage()}. "
            "Import newer data with `deckcheck cards import mtgjson AllPrintings.json` "
            "(MTGJSON v5), then check again.")
