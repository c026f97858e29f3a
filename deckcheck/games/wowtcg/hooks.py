"""World of Warcraft TCG: the hero, its back face, deck files and the deck breakdown.

* The hero is declared with ``Hero:`` / ``英雄:`` (a line or a section), the OCTGN ``Hero``
  section, ``# HERO`` of seriallos ``.deck`` files, the ``Hero`` rows of CSV files, or the
  ``SB:`` line of a ``.mwDeck`` file whose card is a Hero (wowtcg.md §3.1, §5).
* ``<X> Back``, where ``<X>`` is a Hero, is the back of that hero card (§3.4): ignored in the
  hero zone (info WOW121), an error elsewhere (WOW119). A real card named so (Fall Back) is
  never touched.
* Inverted articles of some exporters ("Skybreaker, The") are read as "The Skybreaker" and
  reported like any normalised name.
* Block / set hints of ``.mwDeck`` and CSV files that the card was never printed in are
  warnings (WOW125), never failures.
* ``stats``: the hero and its traits, and the main deck by card type and by icon.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from deckcheck.games.base import Game
from deckcheck.games.wowtcg import rules
from deckcheck.games.wowtcg.model import hero_state, note_of
from deckcheck.games.wowtcg.parsers import PARSERS
from deckcheck.models import Card, DeckList, Entry, Finding
from deckcheck.parsing.phrases import Phrase
from deckcheck.parsing.text import parse_card_text
from deckcheck.releases import Release, release_table
from deckcheck.resolve import apply_match

_BACK = re.compile(r"^(?P<front>.*?\S)\s++Back$", re.IGNORECASE)
_INVERTED = re.compile(r"^(?P<rest>.*?\S)\s*+,\s*+(?P<article>The|A|An)$", re.IGNORECASE)
_HINT_PREFIX = re.compile(r"^(?P<key>[^:：]{1,30}?)\s*[:：]\s*(?P<rest>\S.*)$")

# the report tables' and the chart's titles (the catalogue's ``sections`` translates them)
HERO_TABLE = Phrase("wowtcg-hero-table", "Hero")
MAIN_BY_TYPE = Phrase("wowtcg-main-by-type", "Main deck by card type")
MAIN_BY_ICON_TABLE = Phrase("wowtcg-main-by-icon-table", "Main deck by icon (class / faction / "
                                                         "neutral; a card counts under each of "
                                                         "its icons)")
MAIN_BY_ICON = Phrase("wowtcg-main-by-icon", "Main deck by icon")


class WowGame(Game):
    parsers = PARSERS

    # -- before resolution ---------------------------------------------------------------
    def prepare_entry(self, entry: Entry, deck: DeckList) -> Iterable[Finding]:
        m = _HINT_PREFIX.match(entry.name)
        if m and not entry.inline and self.hint_zone(m.group("key")) == "":
            # "Master Hero: Kalecgos", "Quest: 2 Entrenched": a type hint written inline
            parsed = parse_card_text(m.group("rest"))
            if not isinstance(parsed, str):
                entry.name, entry.raw_name = parsed.name, parsed.raw_name
                entry.set_code, entry.number = parsed.set_code, parsed.number
                if entry.implicit_count:
                    entry.count, entry.implicit_count = parsed.count, parsed.implicit
                entry.hint, entry.inline = m.group("key").strip(), True
        if entry.zone == "hero" and entry.hint and self.hint_zone(entry.hint) == "":
            entry.zone = "main"        # "Hero" section, then "Allies (20)": back to the deck
        return ()

    def resolve_entry(self, entry: Entry, db) -> bool:
        name = entry.name.strip()
        if not name:
            return False
        index = db.index
        if index.lookup_exact(name) is not None:
            return False               # a real card (Fall Back) is never a back face
        m = _BACK.match(name)
        if m:
            front = index.lookup_exact(m.group("front"))
            if front is not None and front.card is not None and \
                    front.card.get("type") == "Hero":
                entry.card, entry.match, entry.via = front.card, "alias", "back"
                note_of(entry).back_face, entry.label, entry.no_generic = True, name, True
                return True
        if entry.ref and index.by_ref(entry.ref) is not None:
            return False
        m = _INVERTED.match(name)
        if m:
            article = m.group("article").capitalize()
            hit = index.lookup_exact(f"{article} {m.group('rest')}")
            if hit is not None and hit.card is not None:
                apply_match(entry, hit)
                if entry.match == "exact":
                    entry.match = "normalized"
                note_of(entry).inverted_article = True
                return True
        return False

    # -- after resolution ----------------------------------------------------------------
    def after_resolve(self, entry: Entry, db) -> Iterable[Finding]:
        card = entry.card
        out: list[Finding] = []
        if card is None:
            return out
        back = bool(note_of(entry).back_face)
        if note_of(entry).sb_line and (back or card.get("type") == "Hero"):
            entry.zone = "hero"        # .mwDeck has no hero marker of its own (§5.3)
        elif note_of(entry).xml_hero_candidate and entry.count == 1 and \
                (back or card.get("type") == "Hero"):
            entry.zone = "hero"        # decks.xml: a Hero with count 1 (§5.6)
        if back and entry.zone == "hero":
            out.append(rules.HeroBackFace().finding(
                None, card=card, zone="hero", line=entry.line, input=entry.name,
                hero=card.name))
        if not back and card.get("pool") == "constructed":
            out.extend(_hint_findings(entry, card, db))
        return out

    def after_parse(self, deck: DeckList, db) -> Iterable[Finding]:
        """Hero back faces in the hero zone are not cards of the deck: set them aside."""
        keep = []
        for e in deck.entries:
            if e.zone == "hero" and note_of(e).back_face:
                deck.non_deck.append((e.line, "hero back face", e.name))
                continue
            keep.append(e)
        deck.entries[:] = keep
        return ()

    # -- report --------------------------------------------------------------------------
    def set_releases(self, db) -> dict[str, Release]:
        """The release months of ``cards/wowtcg/sets.yaml`` (``released``: the date of the
        CardCarp set file named in ``released_source``), for DCK037 in the dated formats."""
        rows = (db.tables.get("sets") or {}).get("sets") or []
        return release_table((r for r in rows if isinstance(r, dict)),
                             source="released_source")

    def stats(self, ctx) -> dict[str, Any]:
        st = hero_state(ctx)
        by_type: dict[str, int] = {}
        by_icon: dict[str, int] = {}
        for e in ctx.resolved("main"):
            if note_of(e).back_face:
                continue
            card = e.card
            t = card.get("type") or "?"
            by_type[t] = by_type.get(t, 0) + e.count
            icons = list(card.get("class_icons") or ()) + list(card.get("faction_icons") or ())
            for icon in icons or ["neutral"]:
                by_icon[icon] = by_icon.get(icon, 0) + e.count
        return {"hero": st.hero.name if st.hero else None,
                "hero_traits": st.hero.traits_text() if st.hero else None,
                "by_type": dict(sorted(by_type.items(), key=lambda kv: (-kv[1], kv[0]))),
                "by_icon": dict(sorted(by_icon.items(), key=lambda kv: (kv[0] == "neutral",
                                                                        -kv[1], kv[0])))}

    def report_sections(self, result) -> list[tuple[str, list[str], list[list[Any]]]]:
        stats = result.stats or {}
        out = []
        if stats.get("hero"):
            out.append((HERO_TABLE.say(), ["hero", "traits"],
                        [[stats["hero"], stats.get("hero_traits")]]))
        if stats.get("by_type"):
            out.append((MAIN_BY_TYPE.say(), ["type", "cards"],
                        [[k, v] for k, v in stats["by_type"].items()]))
        if stats.get("by_icon"):
            out.append((MAIN_BY_ICON_TABLE.say(), ["icon", "cards"],
                        [[k, v] for k, v in stats["by_icon"].items()]))
        return out

    def chart(self, result) -> tuple[str, list[tuple[str, float]]] | None:
        """The main deck by icon: why a card is (or is not) on-class at a glance."""
        by_icon = (result.stats or {}).get("by_icon") or {}
        if not by_icon:
            return None
        return (MAIN_BY_ICON.say(), [(k, float(v)) for k, v in by_icon.items()])


GAME_CLASS = WowGame


def _hint_findings(entry: Entry, card: Card, db) -> list[Finding]:
    """WOW125: a ``[block]`` or set hint of the file that the card was never printed in."""
    out = []
    block = note_of(entry).block_hint
    if block is not None:
        blocks = list(card.get("blocks") or ())
        if blocks and block not in blocks:
            out.append(rules.BlockHintMismatch().finding(
                None, card=card, zone=entry.zone, line=entry.line, block=block,
                blocks=", ".join(map(str, blocks))))
    hint = note_of(entry).set_hint
    if hint:
        sets = list(card.get("sets") or ())
        if sets and hint.casefold() not in {s.casefold() for s in sets}:
            out.append(rules.BlockHintMismatch().finding(
                None, card=card, zone=entry.zone, line=entry.line, block=hint,
                blocks=", ".join(sets), variant="set"))
    return out

