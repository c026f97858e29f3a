"""Mage Knight: the declared hero, the expansions in play, starting decks and report figures.

* ``Hero:`` / ``英雄:`` names one hero of ``cards/mageknight/heroes.yaml``. Hero names are
  short, so a misspelt one is matched against the hero names alone (a fuzzy match is the
  generic DCK003 warning); a name that is no playable hero is left to MKN102.
* ``Expansions:`` declares the products in play (:func:`parse_expansions`); without it the
  smallest set consistent with the list is inferred (:func:`deck_info`).
* A spell written by its powered name (Firestorm) is the spell (Fireball): info MKN207
  instead of the generic alternate-name finding.
* ``Fame:``, ``Level:``, ``Hand limit:``, ``Keeps:`` and ``Players:`` must be whole numbers;
  anything else is an unparseable-line finding (DCK001) with its line.

The products, heroes, Fame track and per-deck facts are the game's model
(:mod:`deckcheck.games.mageknight.model`), which the rules read too.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterable

from deckcheck import carddb
from deckcheck.games.base import Game
from deckcheck.games.mageknight.model import (DEED_ZONES, KIND_ORDER, NUMERIC_METADATA, covers,
                                              deck_info, deed_entries, expansions_text,
                                              fuzzy_hero, hand_limit_for_level, heroes,
                                              is_playable_hero, is_starting_format, kind_label,
                                              metadata_number, needs_text, parse_expansions,
                                              starting_comparison)
from deckcheck.games.mageknight.rules.deed import PoweredName
from deckcheck.i18n import card_name_in
from deckcheck.matching import normalise
from deckcheck.models import DeckList, Entry, Finding
from deckcheck.parsing.phrases import Phrase
from deckcheck.resolve import apply_match, resolve_entry
from deckcheck.rules.core import UnparseableLine

# ----------------------------------------------------------------------------- the game
# the report table's title and cells built from parts (the catalogue translates them by id)
DEED_BY_KIND = Phrase("mageknight-deed-by-kind", "Deed cards by kind")
DEED_BY_KIND_HERO = Phrase("mageknight-deed-by-kind-hero",
                           "Deed cards by kind ({hero}; {expansions})")
UNDER_UNITS = Phrase("mageknight-under-units", "{kind} (under Units, not counted)")
N_OF_M = Phrase("mageknight-n-of-m", "{n} of {m}")


class MageKnightGame(Game):
    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        #: normalised kind-hint header -> the kinds expected under it (MKN208)
        self.hint_kinds: dict[str, frozenset[str]] = {}
        for kind, spellings in (data.get("kind_hints") or {}).items():
            kinds = {kind, "hero_action"} if kind == "basic_action" else {kind}
            for text in spellings or ():
                k = normalise.key(text)
                self.hint_map[k] = ""              # a hint keeps the current zone
                self.hint_kinds[k] = frozenset(kinds)

    def hint_kinds_of(self, hint: str | None) -> frozenset[str] | None:
        return self.hint_kinds.get(normalise.key(hint)) if hint else None

    def resolve_entry(self, entry: Entry, db) -> bool:
        if entry.zone != "hero":
            return False
        resolve_entry(entry, db)
        if not is_playable_hero(entry.card) and entry.match in ("fuzzy", "ambiguous", "unknown"):
            hit = fuzzy_hero(entry.name, db)   # a misspelt hero, not a near card name
            if hit is not None:
                apply_match(entry, hit)
        return True

    def after_resolve(self, entry: Entry, db) -> Iterable[Finding]:
        card = entry.card
        if entry.zone == "hero":
            if not is_playable_hero(card):
                entry.no_generic = True      # reported by MKN102 with the heroes
            return ()
        if card is not None and card.get("kind") == "spell" and entry.match == "alias" \
                and entry.via == "face":
            entry.no_generic = True
            return [PoweredName().finding(None, card=card, line=entry.line, zone=entry.zone,
                                          input=entry.name)]
        return ()

    def after_parse(self, deck: DeckList, db) -> Iterable[Finding]:
        """DCK001 for a ``Fame:``, ``Level:`` … line that is no usable whole number."""
        out = []
        for key, (label, low, high) in NUMERIC_METADATA.items():
            _, why = metadata_number(deck, key)
            if why:
                text = f"{label}: {deck.metadata[key]}"
                out.append(UnparseableLine().finding(
                    None, variant=why, line=deck.metadata_lines.get(key),
                    text=text if len(text) <= 60 else text[:57] + "...",
                    label=label, low=low, high=high))
        return out

    # -- report ---------------------------------------------------------------------------
    def stats(self, ctx) -> dict[str, Any]:
        info = deck_info(ctx)
        by_kind: Counter = Counter()
        banners = 0
        for e in deed_entries(ctx):
            by_kind[e.card.get("kind") or "?"] += e.count
            if e.card.get("banner"):
                banners += e.count
        order = {k: i for i, k in enumerate(KIND_ORDER)}
        level = info.effective_level
        hand_limit = info.hand_limit
        if hand_limit is None and level is not None:
            hand_limit = hand_limit_for_level(ctx.db, level)
        starting_match = None
        if is_starting_format(ctx) and info.hero is not None:
            comp = starting_comparison(ctx)
            # a base-style deck under lost-legion (MKN113) matches the base game's deck
            if comp is not None and (comp.equal or comp.base_style):
                starting_match = {"hero": info.hero.name,
                                  "expansions": list(info.expansions) if comp.equal else []}
        return {"hero": info.hero.name if info.hero else None,
                "expansions": list(info.expansions),
                "expansions_inferred": info.inferred,
                "deed_cards": sum(ctx.count(z) for z in DEED_ZONES),
                "hand": ctx.count("hand"),
                "by_kind": dict(sorted(by_kind.items(), key=lambda kv: order.get(kv[0], 99))),
                "banners": banners,
                "fame": info.fame, "level": level, "hand_limit": hand_limit,
                "starting_match": starting_match}

    def report_sections(self, result) -> list[tuple[str, list[str], list[list[Any]]]]:
        deck = result.deck
        if deck is None or not any(e.card is not None for e in deck.entries):
            return []
        db = carddb.load(self.id, self.match_params)
        table = heroes(db)
        stats = result.stats or {}
        hero = table.find(stats.get("hero"))
        start = hero.deck_for(covers(stats.get("expansions") or ())) if hero else {}
        order = {n: i for i, n in enumerate(table.order(hero))}
        totals: dict[str, list] = {}
        for e in deck.entries:
            if e.card is None or e.zone not in DEED_ZONES + ("units",):
                continue
            row = totals.setdefault(e.card.name, [e.card, 0, e.zone == "units"])
            row[1] += e.count
        kind_rank = {k: i for i, k in enumerate(KIND_ORDER)}

        def sort_key(item):
            card, _, unit = item[1]
            kind = card.get("kind")
            merged = "basic_action" if kind == "hero_action" else kind
            return (unit, kind_rank.get(merged, 99), order.get(card.name, 999), card.name)

        rows = []
        for name, (card, n, unit) in sorted(totals.items(), key=sort_key):
            kind = card.get("kind")
            label = kind_label(db, kind)
            if unit:
                label = UNDER_UNITS.say(kind=label)
            shown: Any = n
            if kind in ("basic_action", "hero_action") and hero is not None and not unit:
                shown = N_OF_M.say(n=n, m=start.get(name, 0))
            rows.append([label, name, shown])
        title = DEED_BY_KIND.say() if hero is None else \
            DEED_BY_KIND_HERO.say(hero=hero.name,
                                  expansions=expansions_text(stats.get("expansions") or []))
        return [(title, ["kind", "card", "copies"], rows)]

    # -- sample lists -----------------------------------------------------------------------
    def sample(self, format_id: str, who: str | None, lang: str = "en") -> str:
        db = carddb.load(self.id, self.match_params)
        table = heroes(db)
        usage = ("name a hero, optionally with expansions: e.g. `deckcheck sample "
                 f"{format_id} tovak` or `… \"tovak: base\"`; heroes: {', '.join(table.names)}")
        if not who or not who.strip():
            raise LookupError(usage)
        text = who.strip()
        if re.search(r"[:@]", text):
            name, exp_text = re.split(r"\s*[:@]\s*", text, maxsplit=1)
        elif table.find(text) is None and " " in text:
            name, exp_text = text.split(None, 1)
        else:
            name, exp_text = text, ""
        hero = table.find(name)
        if hero is None:
            raise LookupError(f"no playable hero is called {name.strip()!r}; {usage}")
        if exp_text.strip():
            expansions, unknown = parse_expansions(exp_text)
            if unknown:
                raise LookupError(f"unknown expansion {unknown[0]!r} (use lost-legion, krang, "
                                  "shades-of-tezla, ultimate or base)")
            if not hero.available(covers(expansions)):
                raise LookupError(f"{hero.name} needs {needs_text(hero.needs)}")
            declared = ", ".join(expansions) or "base"
        else:
            expansions = [hero.needs[0]] if hero.needs else ["lost-legion"]
            declared = ", ".join(expansions)
        deck = hero.deck_for(covers(expansions))
        order = {n: i for i, n in enumerate(table.order(hero))}
        zh = lang.startswith("zh")
        keys = ({"format": "赛制", "hero": "英雄", "expansions": "扩展", "deck": "执行牌组"}
                if zh else {"format": "Format", "hero": "Hero", "expansions": "Expansions",
                            "deck": "Deck"})
        lines = [f"# {hero.name}'s starting deed deck ({expansions_text(expansions)})",
                 f"{keys['format']}: {format_id}", f"{keys['hero']}: {hero.name}"]
        lines.append(f"{keys['expansions']}: {declared}")
        lines += ["", f"{keys['deck']}:"]
        for card_name in sorted(deck, key=lambda n: order.get(n, 999)):
            shown = card_name
            if zh:
                card = db.find(card_name)
                shown = (card_name_in(card, lang) if card is not None else None) or card_name
            lines.append(f"{deck[card_name]} {shown}")
        return "\n".join(lines) + "\n"


GAME_CLASS = MageKnightGame
