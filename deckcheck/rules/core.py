"""The ``DCK`` rules: reading, name matching and the format-file checks of every game.

``DCK001``–``DCK009`` and a few others are produced while the list is read and its names
resolved (``stage = "parse"``); they are registered here so that they can be documented,
selected and ignored like any rule. The rest check a deck against the zones, copy limits,
bans and card pool its format file declares; a game that reports one of these checks
under its own code claims it, and the generic rule stands aside.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, Rule, card_matches, register
from deckcheck.rules.claims import Bound, Check, MissingClaim, SizeClaim
from deckcheck.rules.generic import count_copies, in_pool, over_limit


class ParseRule(Rule):
    stage = "parse"


@register
class UnparseableLine(ParseRule):
    """A line of the list could not be read as a card entry, a header, metadata or a comment.

    Every line of a deck list becomes something: a card entry (``4 Card``, ``4x Card``,
    ``Card x4``, ``2张 Card`` …), a zone header, a ``Key: value`` metadata line, a comment, or
    this finding with its line number. Typical causes: a negative or absurd count, a count
    with no name, several cards on one line, control characters.
    """

    code = "DCK001"
    name = "unparseable-line"
    message = "Cannot read {text!r}: {why}. {fix}"
    messages = {"columns": "Columns after the 6th were ignored ({text!r}).",
                # a numeric ``Key: value`` line (Mage Knight's Fame:, Level: …)
                "whole-number": "Cannot read {text!r}: {label} must be a whole "
                                "number. Write e.g. '{label}: 3'.",
                "number-between": "Cannot read {text!r}: {label} must be {low} "
                                  "to {high}. Write e.g. '{label}: 3'.",
                "number-at-least": "Cannot read {text!r}: {label} must be at least "
                                   "{low}. Write e.g. '{label}: 3'."}


@register
class UnknownCard(ParseRule):
    """A card name matches no card of the game, even after normalising and fuzzy matching.

    The message lists the closest names when there are any (names that start with the
    input's whole words first), or says which other game has a card of that name (a Magic card
    in a Force of Will list). Unknown lines still count toward their zone's size, so size
    findings describe the list as written.
    """

    code = "DCK002"
    name = "unknown-card"
    message = 'Unknown card "{input}"{hint}'
    messages = {
        # a game's message that says which card data was searched ({coverage}: its sets)
        "not-in-data": 'Unknown card "{input}": it is not in the card data '
                       "({coverage}).",
        "not-in-data-suggest": 'Unknown card "{input}": it is not in the card '
                               "data ({coverage}); did you mean {suggested}?",
        # the format's profile names sets the card data lacks ({missing}): the card may be
        # from one of them (Magic's MTG212)
        "not-in-data-missing": 'Unknown card "{input}": it is not in the card '
                               "data ({coverage}), which lacks {missing} of {format}{on}; a "
                               "card from those sets is unknown until newer card data is "
                               "imported.",
        "not-in-data-missing-suggest": 'Unknown card "{input}": it is not in the '
                                       "card data ({coverage}), which lacks {missing} of "
                                       "{format}{on}; a card from those sets is unknown until "
                                       "newer card data is imported. Did you mean {suggested}?",
        # the name is a card of another game ({other_game}) than the list's ({game})
        "other-game": 'Unknown card "{input}": it is a {other_game} card, and '
                      "this list is checked as {game}.",
    }


@register
class FuzzyMatch(ParseRule):
    """A misspelt name was read as the closest card; check that it is the card you meant.

    One rule, with two numbers per game (``matching:`` in ``formats/<game>/_game.yaml``):
    the closest card is chosen when its similarity (rapidfuzz ``ratio``, 0-100) reaches
    ``threshold`` and the next candidate's is at least ``margin`` lower. For Magic (85, 13):
    "Cemetry Reaper" is Cemetery Reaper (96.6; next 59.3) and "Nihl Spellbomb" Nihil Spellbomb
    (96.6; Panic Spellbomb 82.8). A near-twin (Peace Strider / Pierce Strider) scores within
    the margin, so the name is ambiguous (DCK004); below the threshold it is unknown (DCK002).
    See docs/matching.md.
    """

    code = "DCK003"
    name = "fuzzy-match"
    severity = Severity.WARNING
    message = '"{input}" is not a card name; read as {card} (similarity {score}).'
    #: the name is the start of one card's name only
    messages = {"truncation": '"{input}" is not a full card name; read as {card}, '
                              "the only card whose name starts this way.",
                "article": '"{input}" is not a card name; read as {card}, the only '
                           "card whose name is the same but for an article (the, a, an)."}


@register
class AmbiguousCard(ParseRule):
    """A name could mean more than one card; write the full name of the one you mean.

    The closest card scores at least the game's fuzzy ``threshold`` but another scores
    within its ``margin`` ("Pierce Stider": Pierce Strider 96.3, Peace Strider 84.6, margin
    13); the candidates within the margin are listed. See DCK003 and docs/matching.md.
    """

    code = "DCK004"
    name = "ambiguous-card"
    message = '"{input}" could be {candidates}; write the full card name.'


@register
class NormalizedName(ParseRule):
    """A name matched a card after folding case, width, punctuation, accents or script.

    For example ``rapunzel the long haired princess`` is read as
    ``Rapunzel, the Long-Haired Princess``.
    """

    code = "DCK005"
    name = "normalized-name"
    severity = Severity.INFO
    message = '"{input}" read as {card}.'


@register
class AlternateName(ParseRule):
    """A name is another face, an alias or a known alternate spelling of a card."""

    code = "DCK006"
    name = "alternate-name"
    severity = Severity.INFO
    message = '"{input}" is {what} of {card}; counted as {card}.'


@register
class ForeignName(ParseRule):
    """A name was given in another language (e.g. Chinese) and read as the English card."""

    code = "DCK007"
    name = "foreign-name"
    severity = Severity.INFO
    message = '"{input}" read as {card}.'


@register
class CountAssumed(ParseRule):
    """A card line has no count; it was counted as one copy."""

    code = "DCK008"
    name = "count-assumed"
    severity = Severity.INFO
    message = 'No count given for {card}; counted as 1.'


@register
class ZeroCount(ParseRule):
    """A card line has the count 0; it is kept in the list but adds nothing."""

    code = "DCK009"
    name = "zero-count"
    severity = Severity.INFO
    message = "{card} has the count 0 and adds nothing."


@register
class BlankLineBlocks(ParseRule):
    """Several blank-line separated blocks without headers were all read as the main deck."""

    code = "DCK019"
    name = "blank-line-blocks"
    severity = Severity.INFO
    message = ("The list has {n} blocks separated by blank lines and no section headers; all "
               "were read as the main deck (add a 'Sideboard' header to mark the sideboard).")


@register
class DuplicateMetadata(ParseRule):
    """A metadata line (``Format:``, ``Name:`` …) is given twice; the first one is used."""

    code = "DCK021"
    name = "duplicate-metadata"
    severity = Severity.WARNING
    message = "{key} is given again (first on line {first}); the first is used."


@register
class NotACardLine(ParseRule):
    """A line lists no card and is shown, not counted: a stated total or subtotal
    ("60 Cards", "23 Creatures", "Grand Total: 60", "Total SBP 120"), forum markup
    ("[cardlist]", "[/Creatures]"), or the list's title on its first line (no count, no card
    of that name, before any section header; it becomes the list's name).

    Such lines used to be read as unknown cards and counted toward the deck's size, which
    could hide a deck that is really too small.
    """

    code = "DCK027"
    name = "not-a-card-line"
    severity = Severity.INFO
    message = "'{text}' is a total, not a card; not counted."
    messages = {"markup": "'{text}' is forum markup; not counted.",
                "title": "'{text}' is the list's title (no card has this name); "
                         "not counted.",
                "placing": "'{text}' is the list's heading (a player and a "
                           "placing), not a card; not counted."}


@register
class PlacedInItsZone(ParseRule):
    """A card written among the deck's cards that can only be the card of a one-card zone
    the list leaves empty (a Force of Will ruler on a bare line under the title, a World of
    Warcraft hero, a Commander list's lone legendary creature set apart by a blank line at
    the top or bottom) is read as that zone's card instead of being reported in the wrong
    zone. Which cards a zone takes this way is the game's ``placed_zones`` (``_game.yaml``);
    the zone must be in the format, take at most a few cards (``max``) and have no heading
    or card in the list, and the card must not be under the main deck's heading. Write the
    zone's heading (``Ruler: <name>``) to say so yourself.
    """

    code = "DCK031"
    name = "placed-in-its-zone"
    severity = Severity.INFO
    message = ("{card} can only be the list's {zone} card and the list names "
               "none: read as its {zone}.")
    messages = {"apart": "{card} is set apart from the other cards and the list "
                         "names no {zone}: read as its {zone}."}


@register
class UnknownSection(ParseRule):
    """A section of a deck file (e.g. an OCTGN ``<section>``) is not a zone of the game.

    Its cards are listed in the report but not counted.
    """

    code = "DCK022"
    name = "unknown-section"
    severity = Severity.WARNING
    message = ('Section "{section}" is not a {game} deck zone; its {n} card '
               "{n:line was|lines were} not counted.")
    messages = {
        "octgn-game": "The OCTGN deck is for game {got}, not {game} ({want}); read anyway.",
        "octgn-section": ('OCTGN section "{section}" is not a {game} deck zone; '
                          "its {n} card {n:line was|lines were} not counted."),
        "cockatrice-zone": ('Cockatrice zone "{section}" is not a {game} deck '
                            "zone; its {n} card {n:line was|lines were} not counted."),
        "forge-section": ('Forge section "[{section}]" is not a {game} deck zone; '
                          "its card lines were not counted."),
        "fdk-key": ('Key "{key}" is not a Force of Will deck zone of .fdk files; '
                    "it was not read."),
        "several-decks": ("The file holds {n} decks; only the first (id {id}) was "
                          "checked."),
    }


@register
class IdNameMismatch(ParseRule):
    """A deck file gives a card both by id and by name, and they name different cards."""

    code = "DCK023"
    name = "id-name-mismatch"
    severity = Severity.INFO
    #: ``id_note``: the card the id names, in brackets, when the name's card was used
    message = ('The file gives id {ref}{id_note} and the name "{input}"; they name '
               "different cards ({used} was used).")
    messages = {
        # Mage Wars forum BBCode: a [mwcard=CODE] tag whose code names another card
        "code": 'The code {code} is {named}, but the text says "{input}"; {used} '
                "was used.",
    }


@register
class FormatOverridden(ParseRule):
    """The list names a format (``Format:``) but was checked in the one given by ``-f``."""

    code = "DCK024"
    name = "format-overridden"
    severity = Severity.INFO
    message = "The list says Format: {named}; it was checked as {used} (given with -f)."


@register
class ListDateUnreadable(ParseRule):
    """The list's ``Date:`` line (``日期:``) is not a date deckcheck can read, so the list is
    checked as on the date the next source gives: the config's pattern's ``date:``, else
    today. A list's date picks the dated profile of its format when ``--date`` is not given
    (``--date`` > the list's ``Date:`` > the config > today). Write it as ``YYYY-MM-DD``
    (``2012/2/25``, ``2012.02.25`` and ``2012年2月25日`` are read too)."""

    code = "DCK032"
    name = "list-date-unreadable"
    severity = Severity.WARNING
    message = ("The list's date {written!r} is not a date; write it as "
               "Date: YYYY-MM-DD (e.g. Date: 2012-02-25). The list is checked without it.")


# ---------------------------------------------------------------------------------------
# checks from the format file


@register
class ZoneMissing(Rule):
    """A zone the format requires has no cards at all (for example no main deck)."""

    code = "DCK010"
    name = "zone-missing"
    message = ("The {zone} zone is missing; {format} requires at least {expected} "
               "{expected:card|cards} in it.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone, spec in ctx.fmt.zones.items():
            need = spec.get("min") or 0
            if need > 0 and ctx.count(zone) == 0 and not ctx.claimed(SizeClaim(zone, Bound.MIN)) \
                    and not ctx.claimed(MissingClaim(zone)):
                yield self.finding(ctx, zone=zone, expected=need, actual=0)


@register
class ZoneTooSmall(Rule):
    """A zone has fewer cards than the format's minimum."""

    code = "DCK011"
    name = "zone-too-small"
    message = "The {zone} zone has {actual} {actual:card|cards}; {format} requires at least {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone, spec in ctx.fmt.zones.items():
            need, have = spec.get("min"), ctx.count(zone)
            if need and 0 < have < need and not ctx.claimed(SizeClaim(zone, Bound.MIN)):
                yield self.finding(ctx, zone=zone, expected=need, actual=have)


@register
class ZoneTooLarge(Rule):
    """A zone has more cards than the format's maximum."""

    code = "DCK012"
    name = "zone-too-large"
    message = "The {zone} zone has {actual} {actual:card|cards}; {format} allows at most {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone, spec in ctx.fmt.zones.items():
            most, have = spec.get("max"), ctx.count(zone)
            if most is not None and have > most and not ctx.claimed(SizeClaim(zone, Bound.MAX)):
                yield self.finding(ctx, zone=zone, expected=most, actual=have)


@register
class ZoneSizeNotAllowed(Rule):
    """A zone's size is not one of the exact sizes the format allows (e.g. 0 or 15)."""

    code = "DCK013"
    name = "zone-size-not-allowed"
    message = "The {zone} zone has {actual} {actual:card|cards}; {format} allows exactly {allowed}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone, spec in ctx.fmt.zones.items():
            sizes, have = spec.get("sizes"), ctx.count(zone)
            if sizes and have not in sizes and not ctx.claimed(SizeClaim(zone, Bound.SIZES)):
                allowed = " or ".join(map(str, sizes))
                yield self.finding(ctx, zone=zone, expected=sizes, actual=have, allowed=allowed)


@register
class CardInWrongZone(Rule):
    """A card's type is not allowed in the zone it is listed in (format ``allow_types`` /
    ``deny_types``). A card whose record lists ``types`` under ``unknown`` is not judged
    (its game's rule reports it: MTG501)."""

    code = "DCK014"
    name = "card-in-wrong-zone"
    message = "{card} is a {type} and cannot be in the {zone} zone."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.claimed(Check.ZONE_TYPES):
            return
        for e in ctx.resolved():
            spec = ctx.fmt.zone(e.zone)
            if spec is None:
                continue
            if "types" in (e.card.get("unknown") or ()):
                continue        # the data lacks its types: the game's rule says so
            types = list(e.card.get("types") or ())
            allow, deny = spec.get("allow_types"), spec.get("deny_types")
            bad = (allow is not None and not any(t in allow for t in types)) or \
                  (deny is not None and any(t in deny for t in types))
            if bad:
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   type="/".join(types) or "card")


@register
class ZoneNotInFormat(Rule):
    """The list has a zone that the format does not have (e.g. a commander in Standard)."""

    code = "DCK015"
    name = "zone-not-in-format"
    message = "{format} has no {zone} zone ({actual} {actual:card|cards} listed there)."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.claimed(Check.ZONE_NOT_IN_FORMAT):
            return
        for zone in ctx.deck.zones():
            if zone in ctx.fmt.zones or zone in ctx.game.non_deck_zones:
                continue
            yield self.finding(ctx, zone=zone, line=ctx.first_line(zone), actual=ctx.count(zone))


@register
class TooManyCopies(Rule):
    """More copies of one card than the format's copy limit allows (format ``copies``)."""

    code = "DCK016"
    name = "too-many-copies"
    message = "{card}: {actual} copies in {zones}; at most {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.claimed(Check.COPIES):
            return
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or ctx.counted_zones()
            counts = count_copies(ctx, zones, spec.get("key", "name"), spec.get("exempt") or (),
                                  spec.get("override_field"), spec["limit"])
            for c in over_limit(counts):
                yield self.finding(ctx, zone=next(iter(c.by_zone)), card=c.card,
                                   line=c.first_line, expected=c.limit, actual=c.total,
                                   zones=" + ".join(c.by_zone))


def _names(ctx: Context, names: list[str]) -> set[str]:
    out = set()
    for n in names or ():
        card = ctx.db.find(n)
        out.add(card.name if card is not None else n)
    return out


@register
class Banned(Rule):
    """A card on the format's banned list (``banned:``, or the dated profile's)."""

    code = "DCK017"
    name = "banned"
    message = "{card} is banned in {format}{profile}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.claimed(Check.BANNED):
            return
        banned = _names(ctx, ctx.fmt.get("banned") or [])
        seen = set()
        for e in ctx.resolved():
            if e.card.name in banned and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=_profile_note(ctx))


@register
class Restricted(Rule):
    """A card on the format's restricted list appears more than once."""

    code = "DCK018"
    name = "restricted"
    message = "{card} is restricted in {format}{profile}: {actual} copies, at most 1."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.claimed(Check.RESTRICTED):
            return
        restricted = _names(ctx, ctx.fmt.get("restricted") or [])
        if not restricted:
            return
        totals: dict[str, list] = {}
        for e in ctx.resolved(*ctx.counted_zones()):
            if e.card.name in restricted:
                totals.setdefault(e.card.name, []).append(e)
        for name, entries in totals.items():
            n = sum(e.count for e in entries)
            if n > 1:
                yield self.finding(ctx, zone=entries[0].zone, card=entries[0].card,
                                   line=entries[0].line, expected=1, actual=n,
                                   profile=_profile_note(ctx))


def _profile_note(ctx: Context) -> str:
    p = ctx.fmt.profile
    if not p:
        return ""
    return f" ({p['from']}" + (f", {p['name']})" if p.get("name") else ")")


@register
class NotInFormat(Rule):
    """A card has no printing in the format's card pool (``sets:`` or ``pool_field``)."""

    code = "DCK020"
    name = "not-in-format"
    message = "{card} is not legal in {format}: no printing in {pool}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.claimed(Check.POOL):
            return
        field = ctx.fmt.get("pool_field") or "sets"
        values = ctx.fmt.get(field)
        if not values or values == "any":
            return
        exempt = ctx.fmt.get("pool_exempt") or []
        seen = set()
        for e in ctx.resolved(*ctx.fmt.zones):
            card = e.card
            if card.id in seen or any(card_matches(card, p) for p in exempt):
                continue
            if not in_pool(card, values, field):
                seen.add(card.id)
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   pool=" ".join(values))


@register
class NonDeckZone(Rule):
    """Cards listed in a section that is not part of the deck (maybeboard, tokens, units …)
    are shown but not counted."""

    code = "DCK025"
    name = "non-deck-zone"
    severity = Severity.INFO
    message = ("The {zone} section ({actual} {actual:card|cards}) is not part of the deck and "
               "was not counted.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone in ctx.deck.zones():
            if zone in ctx.game.non_deck_zones and zone not in ctx.fmt.zones:
                yield self.finding(ctx, zone=zone, line=ctx.first_line(zone),
                                   actual=ctx.count(zone))


@register
class DateIgnored(Rule):
    """A date was given (``--date``, or a date in the config) for a game whose rules in
    deckcheck do not change with the date: the list is checked as it is, whatever the date.

    Magic has dated formats (Standard profiles, set release dates; for Magic formats that
    ignore the date, MTG208 says so), and so has Force of Will (Wanderer, New Frontiers); a
    format of such a game that does not change with the date says ``dated: false``. ``deckcheck register`` checks every list on the
    event date and does not report this.
    """

    code = "DCK026"
    name = "date-ignored"
    severity = Severity.INFO
    message = "The date {date} has no effect: deckcheck's {game} rules do not change with the date."
    # a format of a dated game that says ``dated: false`` (it has no dated profiles)
    messages = {"format": "The date {date} has no effect: {format} does not change with the "
                          "date (its game's dated formats do)."}

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.date and not ctx.game.dated:
            yield self.finding(ctx, date=ctx.date, game=ctx.game.name)
        elif ctx.date and ctx.fmt.get("dated") is False:
            yield self.finding(ctx, date=ctx.date, game=ctx.game.name, variant="format")


@register
class StatedTotalDiffers(Rule):
    """A total the list states ("60 Cards", "Total: 75", "共60张") matches neither the main
    deck nor all the counted zones together: a card line may be missing or mistyped.

    Subtotals ("23 Creatures", "Total – 19" under a type heading) are compared with their
    group instead (DCK040).
    """

    code = "DCK028"
    name = "stated-total-differs"
    severity = Severity.WARNING
    message = ("The list says {expected} cards; it has {actual} in the {zone} "
               "and {all_zones} in all.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        main = ctx.game.default_zone
        counted = sum(ctx.count(z) for z in ctx.counted_zones())
        everything = sum(e.count for e in ctx.deck.entries)
        for f in ctx.deck.findings:
            stated = f.args.get("stated") if f.code == "DCK027" else None
            if stated is not None and stated not in (ctx.count(main), counted, everything) \
                    and "group" not in f.args:   # a type group's subtotal: DCK040's
                yield self.finding(ctx, line=f.line, zone=main, expected=stated,
                                   actual=ctx.count(main), all_zones=counted)

