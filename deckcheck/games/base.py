"""The game definition: zones, headers, metadata keys and matching settings of one game.

The data comes from ``formats/<game>/_game.yaml``; a game's package
(``deckcheck/games/<game>/hooks.py``) may subclass :class:`Game` to add what data cannot say:
extra file parsers, special resolution (J-rulers, checklist cards), report statistics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from deckcheck.matching import normalise
from deckcheck.matching.index import MatchParams
from deckcheck.parsing.headings import COMMON_HEADINGS, role_zones, type_heading_words
from deckcheck.parsing.phrases import CARDS_BY_TYPE

if TYPE_CHECKING:
    from deckcheck.carddb import CardDB
    from deckcheck.models import Card, DeckList, Entry, Finding
    from deckcheck.releases import Release
    from deckcheck.rules.base import Context

# Metadata keys every game accepts (design §4), with Chinese aliases.
COMMON_METADATA: dict[str, list[str]] = {
    "name": ["Name", "Deck Name", "Title", "名称", "名稱", "套牌名称", "套牌名稱"],
    "format": ["Format", "赛制", "賽制"],
    "player": ["Player", "玩家"],
    "event": ["Event", "赛事", "賽事"],
    "date": ["Date", "日期"],
    "location": ["Location", "地点", "地點"],
    "designer": ["Designer", "Author", "Creator", "设计者", "設計者", "作者"],
    "description": ["Description", "Comment", "Comments", "Notes", "说明", "說明"],
}


class Game:
    """A game: built from its ``_game.yaml`` data; subclasses add behaviour."""

    #: extra parsers of this game: name -> (detect(path, text) -> bool, parse(source, game))
    parsers: dict[str, tuple[Callable, Callable]] = {}

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.id: str = data["id"]
        self.name: str = data.get("name", self.id)
        self.zones: list[str] = list(data.get("zones") or [])
        self.default_zone: str = data.get("default_zone") or (self.zones[0] if self.zones else "main")
        self.non_deck_zones: set[str] = set(data.get("non_deck_zones") or ())
        self.header_map: dict[str, str] = {}
        for zone, aliases in (data.get("headers") or {}).items():
            for a in [zone] + list(aliases or ()):
                self.header_map[normalise.key(a)] = zone
        self.hint_map: dict[str, str] = {}
        for zone, aliases in (data.get("hints") or {}).items():
            for a in aliases or ():  # "_keep": decorations that leave the zone unchanged
                self.hint_map[normalise.key(a)] = "" if zone == "_keep" else zone
        # the card types as headings ("Creature (12)", "Legendary planeswalker (5)", "传奇生物"):
        # they keep the zone, unless a one-card zone is open (below, ``hints_leave``)
        for word in type_heading_words(data.get("type_headings")):
            self.hint_map.setdefault(normalise.key(word), "")
        # the headings every game shares (main deck, side deck, ruler …) for the zones this
        # game has; the game's own headers and hints keep their reading
        #: shared role -> this game's zone (the text reader asks for it on every list)
        self.role_zones: dict[str, str] = role_zones(data, self.zones, self.default_zone)
        for role, zone in self.role_zones.items():
            for a in COMMON_HEADINGS[role]:
                k = normalise.key(a)
                if k not in self.hint_map:
                    self.header_map.setdefault(k, zone)
        # the hint words, longest first (a heading pasted onto a card: "CreaturesTimber Wolf")
        self.hint_words: list[str] = sorted(
            {str(a) for aliases in (data.get("hints") or {}).values() for a in aliases or ()},
            key=len, reverse=True)
        self.metadata_map: dict[str, str] = {}
        meta = {k: list(v) for k, v in COMMON_METADATA.items()}
        for k, v in (data.get("metadata") or {}).items():
            meta.setdefault(k, []).extend(v or ())
        for canonical, aliases in meta.items():
            for a in [canonical] + aliases:
                self.metadata_map[normalise.key(a)] = canonical
        self.match_params = MatchParams.from_dict(data.get("matching"))
        self.blank_line_zone: str | None = data.get("blank_line_sideboard")
        self.octgn: dict[str, Any] = data.get("octgn") or {}
        self.implicit_count_info: bool = bool(data.get("implicit_count_info", True))
        # whether any rule or format of the game depends on the date checked on (DCK026)
        self.dated: bool = bool(data.get("dated", True))
        # whether the card data holds every card of the game (Magic's covers six sets: an
        # unknown name is more likely a Magic card outside them than another game's card)
        self.complete_card_data: bool = bool(data.get("complete_card_data", True))

    # -- parsing helpers ----------------------------------------------------------------
    def header_zone(self, text: str) -> str | None:
        return self.header_map.get(normalise.key(text))

    def hint_zone(self, text: str) -> str | None:
        return self.hint_map.get(normalise.key(text))

    def metadata_key(self, text: str) -> str | None:
        return self.metadata_map.get(normalise.key(text))

    def zone_order(self, zone: str) -> int:
        try:
            return self.zones.index(zone)
        except ValueError:
            return len(self.zones)

    # -- hooks (override in game modules) ----------------------------------------------
    def prepare_entry(self, entry: "Entry", deck: "DeckList") -> Iterable["Finding"]:
        """Adjust an entry before name resolution (strip game-specific suffixes …)."""
        return ()

    def resolve_entry(self, entry: "Entry", db: "CardDB") -> bool:
        """Resolve an entry in a game-specific way; return True when done."""
        return False

    def after_resolve(self, entry: "Entry", db: "CardDB") -> Iterable["Finding"]:
        """Game findings about how an entry resolved (e.g. a back-face name)."""
        return ()

    def after_parse(self, deck: "DeckList", db: "CardDB") -> Iterable["Finding"]:
        """Deck-level adjustments once every entry is resolved."""
        return ()

    def for_format(self, deck: "DeckList", fmt: Any, db: "CardDB | None" = None) -> "DeckList":
        """The resolved deck as the format reads it, before the rules run: a new deck when
        the format changes where a line belongs (Magic: an XMage Commander file keeps the
        commander on an ``SB:`` line) or what a finding of the reading means for it (Magic:
        an unknown card where the profile names sets the card data ``db`` lacks), else
        ``deck`` itself."""
        return deck

    def format_label(self, fmt: Any) -> str:
        """How messages name the format ``fmt`` (``{format}``): its id unless the game says
        it as players do (Magic: "Standard", from the format's display name)."""
        return fmt.id

    def set_releases(self, db: "CardDB") -> Mapping[str, "Release"]:
        """Set code -> :class:`~deckcheck.releases.Release` of the card data, for the generic
        not-yet-released check (DCK037). Empty by default: a game offers its dates when its
        own rules do not already report a card checked before its release."""
        return {}

    def card_sets(self, card: "Card") -> list[str]:
        """The set codes a card name was printed in (the card record's ``sets``)."""
        return [str(s) for s in card.get("sets") or ()]

    def written_name(self, entry: "Entry", name: str) -> str:
        """What ``convert`` writes for an entry whose card is called ``name``; a game adds
        what its lines carry besides the card (a Mage Wars Wizard's element)."""
        return name

    def written_notes(self, deck: "DeckList") -> list[str]:
        """Extra ``Key: value`` lines ``convert --to o8d`` writes into ``<notes>``."""
        return []

    def written_octgn_id(self, entry: "Entry") -> str | None:
        """The OCTGN card id ``convert --to o8d`` writes for an entry."""
        ids = (entry.card.get("octgn_ids") or []) if entry.card is not None else []
        return str(ids[0]) if ids else None

    def sample(self, format_id: str, who: str | None, lang: str = "en") -> str:
        """A ready-made list for ``deckcheck sample FORMAT WHO`` (e.g. an apprentice book)."""
        raise LookupError(f"the {self.name} formats have no sample lists")

    def stats(self, ctx: "Context") -> dict[str, Any]:
        """Game figures for the report's ``stats``."""
        return {}

    def report_sections(self, result: Any) -> list[tuple[str, list[str], list[list[Any]]]]:
        """Extra text-report tables: ``(title, headers, rows)``."""
        return []

    def chart(self, result: Any) -> tuple[str, list[tuple[str, float]]] | None:
        """The one picture of a deck for the HTML report: ``(title, [(label, value), …])``.

        By default: cards per card type over the deck's counted zones. Games override it
        (mana curve, spell points by school …).
        """
        deck = result.deck
        if deck is None:
            return None
        counts: dict[str, float] = {}
        for e in deck.entries:
            if e.card is None or e.zone in self.non_deck_zones:
                continue
            types = e.card.get("types") or [e.card.get("type") or e.card.get("kind") or "other"]
            label = str(types[0]).replace("_", " ")
            counts[label] = counts.get(label, 0) + e.count
        if not counts:
            return None
        return (CARDS_BY_TYPE.say(), sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


_GAMES: dict[str, Game] = {}

def load_game(game_id: str) -> Game:
    """The game ``game_id``: its ``_game.yaml`` data with its package's hooks (a game that
    has only data gets the plain :class:`Game`)."""
    game = _GAMES.get(game_id)
    if game is None:
        from deckcheck.formats import game_definition
        from deckcheck.games.registry import piece

        data = dict(game_definition(game_id), id=game_id)
        cls: type[Game] = piece(game_id, "hooks") or Game
        game = _GAMES[game_id] = cls(data)
    return game
