"""Rules: small classes with a stable code, a kebab-case name, a severity and a docstring.

A rule's docstring is its documentation: ``deckcheck rules CODE`` prints it and SARIF rule
descriptors use it. ``message`` is a ``str.format`` template filled from the finding's
arguments; translations of it live in :mod:`deckcheck.i18n` under the same code.

Rules are registered with :func:`register`. ``game = None`` rules (the ``DCK`` codes) apply
to every game; game rules live in their game's package (``deckcheck/games/<game>/rules/``).
A rule that handles a check the generic ``DCK`` rules would also make lists a *claim* (e.g.
``"size:main:min"``), and the generic rule stands aside for that case.
"""

from __future__ import annotations

import importlib
import inspect
import string
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from deckcheck.models import Card, DeckList, Entry, Finding, Severity
from deckcheck.rules.claims import Claim

if TYPE_CHECKING:
    from deckcheck.carddb import CardDB
    from deckcheck.formats import Format
    from deckcheck.games.base import Game


class Context:
    """Everything a rule may look at for one deck."""

    def __init__(self, deck: DeckList, fmt: "Format", game: "Game", db: "CardDB",
                 date: str | None = None, lang: str = "en", claims: set[Claim] | None = None):
        self.deck = deck
        self.fmt = fmt
        self.game = game
        self.db = db
        self.date = date
        self.lang = lang
        self.claims = claims or set()
        self.memo: dict[str, Any] = {}
        self._counts: dict[str, int] | None = None

    # -- zones ----------------------------------------------------------------------------
    @property
    def counts(self) -> dict[str, int]:
        if self._counts is None:
            counts: dict[str, int] = {}
            for e in self.deck.entries:
                counts[e.zone] = counts.get(e.zone, 0) + e.count
            self._counts = counts
        return self._counts

    def count(self, zone: str) -> int:
        return self.counts.get(zone, 0)

    def entries(self, *zones: str) -> list[Entry]:
        """Every line of the zones as written (unknown names and the count 0 included)."""
        return [e for e in self.deck.entries if not zones or e.zone in zones]

    def resolved(self, *zones: str) -> list[Entry]:
        """The lines of the zones that put cards in the deck: a known card, at least one copy.

        A line with the count 0 holds no card (DCK009 notes it), so no rule sees it: a rule
        that names "the first ruler" or "the second master rune" never names a card the
        deck does not hold.
        """
        return [e for e in self.deck.entries
                if e.card is not None and e.count > 0 and (not zones or e.zone in zones)]

    def counted_zones(self) -> list[str]:
        return [z for z, spec in self.fmt.zones.items() if spec.get("counted", True)]

    def first_line(self, zone: str) -> int | None:
        """Where a zone's findings point: its first line holding a card, else its header,
        else its first line (a zone of lines with the count 0 and no header of its own)."""
        held = [e.line for e in self.deck.entries
                if e.zone == zone and e.line is not None and e.count > 0]
        if held:
            return min(held)
        if self.deck.headers.get(zone) is not None:
            return self.deck.headers[zone]
        lines = [e.line for e in self.deck.entries if e.zone == zone and e.line is not None]
        return min(lines) if lines else None

    def claimed(self, claim: Claim) -> bool:
        return claim in self.claims

    # -- display --------------------------------------------------------------------------
    def label(self, card: Card | str | None) -> str | None:
        """A card's name for messages, with its Chinese name under --lang zh-*."""
        if card is None:
            return None
        if isinstance(card, str):
            return card
        if self.lang.startswith("zh"):
            from deckcheck.i18n import card_name_in

            local = card_name_in(card, self.lang)
            if local and local != card.name:
                return f"{card.name} [{local}]"
        return card.name

    def once(self, key: str, fn):
        if key not in self.memo:
            self.memo[key] = fn()
        return self.memo[key]


class Rule:
    """Base class; subclasses set the class attributes and implement :meth:`check`."""

    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    severity: ClassVar[Severity] = Severity.ERROR
    game: ClassVar[str | None] = None
    message: ClassVar[str] = ""
    #: the rule's other wordings by variant id, chosen with ``finding(…, variant="…")``; each
    #: language's catalogue translates the rule under the same ids (``default`` is
    #: :attr:`message`). A finding's text is always one of these templates filled in, never
    #: a sentence built elsewhere, so every message can be translated by its id.
    messages: ClassVar[dict[str, str]] = {}
    #: what the rule takes over from the generic rules (:mod:`deckcheck.rules.claims`)
    claims: ClassVar[tuple[Claim, ...]] = ()
    #: "parse" rules document findings made while reading and resolving the list
    stage: ClassVar[str] = "check"
    #: format ids (or ids they extend from) this rule is limited to; None = all
    formats: ClassVar[tuple[str, ...] | None] = None
    #: rules off unless a format or config enables them
    default_enabled: ClassVar[bool] = True
    #: the rule speaks of the format's data, not of the list: its finding is the same for
    #: every deck checked in that format on that day, so the text report shows it once in
    #: the batch summary (``shared`` in the finding's arguments; the machine formats and the
    #: concise report keep it per deck)
    shared: ClassVar[bool] = False

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.__doc__ or "")

    @property
    def summary(self) -> str:
        return self.doc.split("\n\n")[0].replace("\n", " ")

    def applies(self, ctx: Context) -> bool:
        return True

    def check(self, ctx: Context) -> Iterable[Finding]:
        return ()

    def template(self, variant: str | None = None) -> str:
        """The English template of ``variant``: :attr:`message` for ``None``, ``default`` or a
        variant that only the translations word differently."""
        return self.messages.get(variant, self.message) if variant else self.message

    def finding(self, ctx: Context | None = None, *, zone: str | None = None,
                card: Card | str | None = None, line: int | None = None,
                expected: Any = None, actual: Any = None, suggestion: str | None = None,
                severity: Severity | None = None, message: str | None = None,
                **args: Any) -> Finding:
        card_name = card.name if isinstance(card, Card) else card
        fmt = ctx.fmt if ctx is not None else None
        fields = {"zone": zone, "card": ctx.label(card) if ctx is not None else card_name,
                  "line": line, "expected": expected, "actual": actual,
                  "format": (ctx.game.format_label(fmt) if ctx.game is not None else fmt.id)
                  if fmt is not None else None}
        if fmt is not None:
            # the id, and the key of the format's name in a language's terms (``format``)
            fields.update(format_id=fmt.id, format_key=fmt.id)
        if self.shared:
            fields["shared"] = True
        fields.update(args)
        template = message or self.template(args.get("variant"))
        try:
            text = (_WORDING.vformat(template, (), fields) if "|" in template
                    else template.format(**fields))
        except (KeyError, IndexError, ValueError) as exc:  # a template bug must not crash
            text = f"{template} [{exc}]"
        return Finding(code=self.code, name=self.name, severity=severity or self.severity,
                       message=text, zone=zone, card=card_name, line=line, expected=expected,
                       actual=actual, suggestion=suggestion, args=fields)


class _Wording(string.Formatter):
    """``str.format`` and one more spec for English counts: ``{n:line|lines}`` is the word
    before the bar for 1 and the one after it otherwise, so a message says "1 card line
    was" and "2 card lines were" rather than "card line(s)"."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:     # any value but the number 1 takes the plural
            one, many = format_spec.split("|", 1)
            return one if str(value) == "1" else many
        return super().format_field(value, format_spec)


_WORDING = _Wording()

_REGISTRY: dict[str, Rule] = {}
_LOADED_GAMES: set[str] = set()


#: the prefix of the rules every game shares (parse and core checks)
CORE_PREFIX = "DCK"
#: codes the core rules used once and retired; a game's retired codes are in its descriptor
RETIRED_CODES: frozenset[str] = frozenset()


def register(cls: type[Rule]) -> type[Rule]:
    """Register a rule class (a decorator). The code must carry its game's prefix (the
    descriptor's ``prefix``; ``DCK`` for rules of every game), be unique and never be a
    retired code: codes are never reused."""
    from deckcheck.games.registry import descriptor

    if not cls.code or not cls.name or not cls.__doc__:
        raise TypeError(f"rule {cls.__name__} needs a code, a name and a docstring")
    if cls.code in _REGISTRY and type(_REGISTRY[cls.code]) is not cls:
        raise TypeError(f"rule code {cls.code} registered twice")
    d = descriptor(cls.game) if cls.game else None
    prefix = d.prefix if d is not None else CORE_PREFIX
    if not cls.code.startswith(prefix):
        raise TypeError(f"rule {cls.code} of {cls.game or 'every game'} must start with {prefix}")
    if cls.code in RETIRED_CODES or (d is not None and cls.code in d.retired_codes):
        raise TypeError(f"rule code {cls.code} is retired and may not be reused")
    _REGISTRY[cls.code] = cls()
    return cls


def load_rules(game: str | None = None) -> None:
    """Import the rule modules (which register their rules): the core ones, then those of
    ``game`` (every game's when ``None``), as their descriptors list them."""
    from deckcheck.games.registry import descriptor, game_ids

    importlib.import_module("deckcheck.rules.core")
    importlib.import_module("deckcheck.rules.dated")
    importlib.import_module("deckcheck.rules.subtotals")
    importlib.import_module("deckcheck.rules.sitetext")
    for g in [game] if game else game_ids():
        if g in _LOADED_GAMES:
            continue
        d = descriptor(g)
        for module in d.rules if d is not None else ():
            importlib.import_module(module)
        _LOADED_GAMES.add(g)


def all_rules(game: str | None = None) -> list[Rule]:
    load_rules(game)
    return sorted((r for r in _REGISTRY.values() if game is None or r.game in (None, game)),
                  key=lambda r: r.code)


def get_rule(code: str) -> Rule | None:
    load_rules()
    return _REGISTRY.get(code.upper())


def matches_prefix(code: str, prefixes: Iterable[str]) -> bool:
    return any(code.startswith(p.upper()) for p in prefixes)


def format_lineage(fmt: "Format") -> set[str]:
    """The format id and the ids it extends (read from the compiled data)."""
    from deckcheck.formats import compiled_game

    out = {fmt.id}
    formats = compiled_game(fmt.game)["formats"]
    parent = fmt.data.get("extends")
    while parent and parent not in out:
        out.add(parent)
        parent = (formats.get(parent) or {}).get("extends")
    return out


def active_rules(ctx: Context) -> list[Rule]:
    """The rules that run for this deck's game and format (before user selection)."""
    rules = [r for r in all_rules(ctx.game.id) if r.stage == "check"]
    cfg = ctx.fmt.get("rules") or {}
    disabled, enabled = cfg.get("disable") or [], cfg.get("enable") or []
    lineage = format_lineage(ctx.fmt)
    out = []
    for r in rules:
        if r.formats is not None and not (lineage & set(r.formats)):
            continue
        if matches_prefix(r.code, disabled):
            continue
        if not r.default_enabled and not matches_prefix(r.code, enabled):
            continue
        out.append(r)
    return out


def card_matches(card: Card, predicate: str | dict[str, Any]) -> bool:
    """Evaluate a format-file predicate on a card.

    A string is a fact that must be truthy (``is_basic``) or a value of ``types``/``tags``;
    a mapping requires each field to equal the value (or, for list fields, contain it; a list
    value means any of).
    """
    if isinstance(predicate, str):
        if card.get(predicate):
            return True
        return predicate in (card.get("types") or ()) or predicate in (card.get("tags") or ())
    for field, want in predicate.items():
        have = card.get(field)
        wants = want if isinstance(want, list) else [want]
        if isinstance(have, (list, tuple)):
            if not any(w in have for w in wants):
                return False
        elif have not in wants:
            return False
    return True
