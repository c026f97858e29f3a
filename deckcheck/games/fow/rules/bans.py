"""The ban list (FOW128) and cards banned together (FOW129), as in force on the date checked,
and the bans card-search gives with no date (FOW137, a warning).

A format names banned cards by name or by printed id (``banned:``, ``combination_banned:``
in the format file or its dated profile); ``card_ids:`` gives the printed ids of the names
the format uses, so a name the card data spells otherwise is still found by its id. Bans are
by name: a card is banned when its canonical name is, so every printing (a reprint, another
set's id) shares the ban (the Wanderer lists ban by name; fowsim matches by name too).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from deckcheck.games.fow.rules.common import FowRule, placed
from deckcheck.models import Card, Entry, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Check

#: card data -> {printed id (front and back faces) -> record}; built once per card data
_BY_PRINTED_ID: "WeakKeyDictionary[object, dict[str, Card]]" = WeakKeyDictionary()


def _printed_ids(db) -> dict[str, Card]:
    table = _BY_PRINTED_ID.get(db)
    if table is None:
        table = {}
        for card in db.cards:
            for i in card.get("ids") or (card.id,):
                table.setdefault(str(i).upper(), card)
        _BY_PRINTED_ID[db] = table
    return table


def banned_card(ctx: Context, written: str) -> Card | None:
    """The card a ban entry names: by name, else as a printed id, else by one of the ids
    ``card_ids:`` gives for that name (None: the card data does not have it)."""
    card = ctx.db.find(written)
    if card is not None:
        return card
    ids = _printed_ids(ctx.db)
    card = ids.get(written.strip().upper())
    if card is not None:
        return card
    for i in (ctx.fmt.get("card_ids") or {}).get(written) or ():
        card = ids.get(str(i).upper())
        if card is not None:
            return card
    return None


def canonical(ctx: Context, written: str) -> str:
    card = banned_card(ctx, written)
    return card.name if card is not None else written


def profile_note(ctx: Context) -> str:
    """`` (list of <from>, <name>)``, with ``; incomplete data`` when the sources leave the
    profile open in part (DCK030 says how)."""
    p = ctx.fmt.profile
    if not p:
        return ""
    parts = [f"list of {p['from']}"] + ([p["name"]] if p.get("name") else [])
    return " (" + ", ".join(parts) + ("; incomplete data, see DCK030" if p.get("incomplete")
                                      else "") + ")"


@register
class Banned(FowRule):
    """A card on the format's ban list in force on the date checked (``banned:`` in the
    format file or its dated profile; by name or printed id, so every printing of a banned
    name is banned). ``fow-wanderer`` and ``fow-new-frontiers`` carry the dated lists of
    ``../shared/data/fow/bans/banlists.json``; where a list is incomplete the message says so
    and DCK030 gives the reasons."""

    code = "FOW128"
    name = "banned"
    message = "{card} is banned in {format}{profile}."
    claims = (Check.BANNED,)

    def check(self, ctx):
        banned = {canonical(ctx, n) for n in ctx.fmt.get("banned") or ()}
        if not banned:
            return
        seen = set()
        for e in placed(ctx):
            if e.card.name in banned and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=profile_note(ctx))


@register
class CombinationBanned(FowRule):
    """Cards that may not be played together (a combination ban: ``combination_banned:``
    pairs in the format file or its dated profile) are all in the deck, counting the main
    deck, the side deck and every other zone (official format page: "between their decks,
    starting cards, and sideboard"). Each card alone is legal. The finding names every card
    of the combination."""

    code = "FOW129"
    name = "combination-banned"
    message = "{cards} may not be played together in {format}{profile}."

    def check(self, ctx):
        first: dict[str, Entry] = {}
        for e in ctx.resolved():
            first.setdefault(e.card.name, e)
        for combo in ctx.fmt.get("combination_banned") or ():
            names = list(dict.fromkeys(canonical(ctx, n) for n in combo))
            if len(names) > 1 and all(n in first for n in names):
                names.sort(key=lambda n: first[n].line or 0)   # named in the list's order
                last = first[names[-1]]
                yield self.finding(ctx, zone=last.zone, card=last.card, line=last.line,
                                   actual=len(names),
                                   cards=" + ".join(ctx.label(first[n].card) for n in names),
                                   profile=profile_note(ctx))


@register
class PossiblyBanned(FowRule):
    """A card card-search lists as banned in the format, with no date, while no dated
    profile of the format holds that ban (``undated_bans:`` of the format file, written by
    the import from card-search's per-card ``bans`` at its commit; ``formats show`` lists
    them as "banned per card-search, date unknown"). A warning, not an error: the ban's
    start is not sourced. It applies only where the newest data is used: a check without a
    date, or on a day after the format's ``data_until`` (before that the dated lists say
    what was in force). A ban limited to a zone (the rune deck, the side deck) counts only
    there; a combination only when both cards are in the list."""

    code = "FOW137"
    name = "possibly-banned"
    severity = Severity.WARNING
    message = ("{card} may be banned in {format}: {source} lists it as {kind}, with no date, "
               "and no dated list of {format} does.")
    messages = {"combination": ("{cards} may not be allowed together in {format}: {source} "
                                "lists them as a combination ban, with no date, and no dated "
                                "list of {format} does.")}

    def check(self, ctx):
        rows = ctx.fmt.get("undated_bans") or ()
        until = ctx.fmt.get("data_until")
        if not rows or (ctx.date is not None and (not until or ctx.date <= until)):
            return
        first: dict[str, Entry] = {}
        for e in placed(ctx):
            first.setdefault(e.card.name, e)
        for row in rows:
            name = canonical(ctx, str(row.get("card") or ""))
            source = str(row.get("source") or "the card data").split(" at ")[0]
            kind = str(row.get("kind") or "banned")
            if kind == "combination":
                other = canonical(ctx, str(row.get("with") or ""))
                if name in first and other in first and other != name:
                    a, b = sorted((first[name], first[other]), key=lambda e: e.line or 0)
                    yield self.finding(ctx, zone=b.zone, card=b.card, line=b.line,
                                       cards=f"{ctx.label(a.card)} + {ctx.label(b.card)}",
                                       source=source, variant="combination")
                continue
            zone = _KIND_ZONES.get(kind)
            e = next((x for x in placed(ctx, zone) if x.card.name == name), None) if zone \
                else first.get(name)
            if e is None:
                continue
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, kind=kind,
                               source=source)


#: card-search's ban kinds limited to one zone
_KIND_ZONES = {"banned from the rune deck": "rune", "banned from the side deck": "side"}
