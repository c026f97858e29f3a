"""The name index of one game's cards and the matching cascade of design §5.

Cascade, stopping at the first step that hits:

1. **exact** - the input is a card's name (or a face name, alias or foreign name written
   exactly as the data has it);
2. **normalized** - the same after :func:`~deckcheck.matching.normalise.key` folding (case,
   width, punctuation, accents, Æ/ae, Traditional/Simplified Chinese);
3. **split forms** - ``Front // Back``, ``Front/Back`` … whose parts are faces of one card;
4. **too short** - fewer than ``min_length`` letters never resolve beyond this point;
5. **truncation** (games that enable it) - whole leading words of exactly one name; then
   **articles** - exactly one name is the input but for an article ("Ring of the Tides" is
   Ring of Tides), taken with a warning;
6. **fuzzy** - rapidfuzz ``ratio`` on the spaced form, accepted only when the best candidate
   scores at least ``threshold`` and the runner-up scores at least ``margin`` less (both per
   game: ``matching:`` in ``formats/<game>/_game.yaml``); otherwise an ambiguity listing the
   candidates within the margin. Chinese input is never fuzzy-resolved: whole card cycles
   differ by one character.

The result says how the name matched (``exact | normalized | alias | foreign | fuzzy |
ambiguous | unknown``), with the score and the candidates; turning that into findings is
the resolver's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from deckcheck.matching import normalise
from deckcheck.models import Card

# kinds of index keys, in order of preference when one string answers to several
NAME, FACE, ALIAS, FOREIGN = "name", "face", "alias", "foreign"
_KIND_RANK = {NAME: 0, FACE: 1, ALIAS: 2, FOREIGN: 3}
_SPLIT = re.compile(r"\s*(?:///|//|/)\s*")


_ARTICLES = frozenset(("the", "a", "an"))


def _article_free(spaced: str) -> str:
    """A spaced name without its articles ("ring of the tides" -> "ring of tides")."""
    return " ".join(w for w in spaced.split() if w not in _ARTICLES)


@dataclass(slots=True)
class MatchParams:
    threshold: float = 85.0
    margin: float = 13.0
    min_length: int = 6
    truncation: bool = False
    suggestions: int = 3
    suggestion_floor: float = 60.0
    #: a game's ``suggestion_margin`` (``_game.yaml`` matching): floor = threshold - margin
    suggestion_margin: float | None = None

    @classmethod
    def from_dict(cls, data: dict | None) -> "MatchParams":
        data = data or {}
        params = cls(**{k: v for k, v in data.items() if k in cls.__slots__})
        if params.suggestion_margin is not None:
            params.suggestion_floor = params.threshold - params.suggestion_margin
        return params


@dataclass(slots=True)
class Match:
    kind: str                        # exact|normalized|alias|foreign|fuzzy|ambiguous|unknown
    card: Card | None = None
    score: float | None = None
    via: str | None = None           # face|alias|split|truncation|id|…
    label: str | None = None         # the face / alias / foreign name that matched
    candidates: list[Card] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)


class CardIndex:
    """Lookup tables over a list of cards. Built once, then pickled with the card database."""

    def __init__(self, cards: list[Card], params: MatchParams | None = None):
        self.cards = cards
        self.params = params or MatchParams()
        self.exact: dict[str, list[tuple[int, str, str]]] = {}
        self.keys: dict[str, list[tuple[int, str, str]]] = {}
        self.refs: dict[str, int] = {}
        self.choices: list[str] = []       # spaced forms for the fuzzy step
        self.choice_card: list[int] = []
        self.choice_label: list[str] = []
        self.cjk_choices: list[str] = []   # folded Chinese names, for suggestions only
        self.cjk_card: list[int] = []
        for i, card in enumerate(cards):
            self._add_card(i, card)

    # -- building ---------------------------------------------------------------------
    def _add(self, i: int, text: str | None, kind: str) -> None:
        if not text:
            return
        text = text.strip()
        for table, k in ((self.exact, text), (self.keys, normalise.key(text))):
            if not k:
                continue
            bucket = table.setdefault(k, [])
            if not any(j == i for j, _, _ in bucket):
                bucket.append((i, kind, text))
            else:  # keep the better kind for this card
                for n, (j, kd, lbl) in enumerate(bucket):
                    if j == i and _KIND_RANK[kind] < _KIND_RANK[kd]:
                        bucket[n] = (i, kind, text)
        if kind == FOREIGN or normalise.is_cjk_name(text):
            self.cjk_choices.append(normalise.key(text))
            self.cjk_card.append(i)
        else:
            form = normalise.spaced(text)
            if form:
                self.__dict__.pop("_words", None)
                self.choices.append(form)
                self.choice_card.append(i)
                self.choice_label.append(text)

    def _add_card(self, i: int, card: Card) -> None:
        self._add(i, card.name, NAME)
        self.refs.setdefault(card.id.casefold(), i)
        for face in card.faces:
            self._add(i, face.get("name"), FACE)
            if face.get("id"):
                self.refs.setdefault(str(face["id"]).casefold(), i)
            for names in (face.get("names") or {}).values():
                for n in names:
                    self._add(i, n, FOREIGN)
        for alias in card.get("aliases") or ():
            self._add(i, alias, ALIAS)
        for names in (card.get("names") or {}).values():
            for n in names:
                self._add(i, n, FOREIGN)
        for ref in card.get("octgn_ids") or ():
            self.refs.setdefault(str(ref).casefold(), i)
        for ref in card.get("ids") or ():
            self.refs.setdefault(str(ref).casefold(), i)

    def add_alias(self, alias: str, card: Card) -> None:
        i = next(n for n, c in enumerate(self.cards) if c.id == card.id)
        self._add(i, alias, ALIAS)

    def add_alias_at(self, alias: str, i: int) -> None:
        """An alias of the card at position ``i``."""
        self._add(i, alias, ALIAS)

    # -- lookups ----------------------------------------------------------------------
    def by_ref(self, ref: str) -> Card | None:
        i = self.refs.get(str(ref).strip().casefold())
        return None if i is None else self.cards[i]

    def _hit(self, bucket: list[tuple[int, str, str]], step: str) -> Match:
        # a card's own name beats another card's face, alias or foreign name
        best = min(_KIND_RANK[k] for _, k, _ in bucket)
        bucket = [t for t in bucket if _KIND_RANK[t[1]] == best]
        distinct = sorted({i for i, _, _ in bucket})
        if len(distinct) > 1:
            return Match("ambiguous", candidates=[self.cards[i] for i in distinct])
        i, kind, label = min(bucket, key=lambda t: _KIND_RANK[t[1]])
        card = self.cards[i]
        if kind == NAME:
            return Match(step, card, label=label)
        if kind == FOREIGN:
            return Match("foreign", card, via="foreign", label=label)
        return Match("alias", card, via=kind, label=label)

    def lookup_exact(self, text: str) -> Match | None:
        bucket = self.exact.get(text.strip())
        if bucket:
            return self._hit(bucket, "exact")
        bucket = self.keys.get(normalise.key(text))
        if bucket:
            return self._hit(bucket, "normalized")
        return None

    def match(self, text: str) -> Match:
        """Run the cascade on one name."""
        text = text.strip()
        if not text:
            return Match("unknown")
        hit = self.lookup_exact(text)
        if hit is not None:
            return hit
        split = self._split_forms(text)
        if split is not None:
            return split
        key = normalise.key(text)
        if normalise.has_cjk(text):
            return Match("unknown", suggestions=self._cjk_suggestions(key))
        scored = self._fuzzy_candidates(text)
        # names that start with the input's whole words come first ("Jace" -> "Jace, Memory
        # Adept"), then names that are close as a whole, then names sharing longer words
        suggestions = list(dict.fromkeys(self._prefix_suggestions(text) + [
            self.cards[i].name for i, s in scored[: self.params.suggestions]
            if s >= self.params.suggestion_floor]))[: self.params.suggestions] \
            or self._loose_suggestions(text)
        if normalise.alnum_length(key) < self.params.min_length:
            return Match("unknown", suggestions=suggestions)
        if self.params.truncation:
            trunc = self._truncation(text, scored)
            if trunc is not None:
                return trunc
        article = self._article_match(text)
        if article is not None:
            return article
        return self._fuzzy(text, scored, suggestions)

    def _article_match(self, text: str) -> Match | None:
        """The one card whose name is the input's but for an article ("Ring of the Tides" is
        Ring of Tides): taken as a fuzzy match (a warning) when exactly one card's name,
        without its articles, is the input without its articles."""
        from rapidfuzz import fuzz

        spaced = normalise.spaced(text)
        free = _article_free(spaced)
        if not free:
            return None
        table = self.__dict__.get("_articles")
        if table is None:
            table = {}
            for form, ci in zip(self.choices, self.choice_card):
                table.setdefault(_article_free(form), set()).add(ci)
            self.__dict__["_articles"] = table
        hits = table.get(free)
        if not hits or len(hits) != 1:
            return None
        card = self.cards[next(iter(hits))]
        score = round(fuzz.ratio(spaced, normalise.spaced(card.name)), 1)
        return Match("fuzzy", card, score=score, via="article")

    def _split_forms(self, text: str) -> Match | None:
        if "/" not in text:
            return None
        parts = [p for p in _SPLIT.split(text) if p]
        if len(parts) < 2:
            return None
        found = set()
        for part in parts:
            m = self.lookup_exact(part)
            if m is None or m.card is None:
                return None
            found.add(m.card.id)
        if len(found) == 1:
            m = self.lookup_exact(parts[0])
            return Match("normalized", m.card, via="split", label=text)
        return None

    def _fuzzy_candidates(self, text: str) -> list[tuple[int, float]]:
        from rapidfuzz import fuzz, process

        query = normalise.spaced(text)
        if not query or not self.choices:
            return []
        best: dict[int, float] = {}
        for _, score, idx in process.extract(query, self.choices, scorer=fuzz.ratio,
                                             limit=25, score_cutoff=40):
            ci = self.choice_card[idx]
            if score > best.get(ci, -1):
                best[ci] = score
        return sorted(best.items(), key=lambda t: (-t[1], self.cards[t[0]].name))

    def _fuzzy(self, text: str, scored: list[tuple[int, float]], suggestions: list[str]) -> Match:
        """The rule a user can predict: the best candidate is taken when it scores at least
        ``threshold`` and the runner-up at least ``margin`` less; otherwise the names within
        the margin of the best are an ambiguity (a near-twin such as Peace Strider / Pierce
        Strider scores within it)."""
        p = self.params
        if not scored or scored[0][1] < p.threshold:
            return Match("unknown", suggestions=suggestions)
        best_i, best_s = scored[0]
        runner = scored[1][1] if len(scored) > 1 else 0.0
        if best_s - runner < p.margin:
            group = [(best_i, best_s)] + [(i, s) for i, s in scored[1:]
                                          if best_s - s < p.margin][:4]
            return Match("ambiguous", candidates=[self.cards[i] for i, _ in group],
                         scores=[round(s, 1) for _, s in group], suggestions=suggestions)
        return Match("fuzzy", self.cards[best_i], score=round(best_s, 1), via="fuzzy")

    def _word_tables(self) -> tuple[dict, dict]:
        """Whole-word prefixes and suffixes of every name -> cards (built on first use)."""
        tables = getattr(self, "_affixes", None)
        if tables is None:
            prefixes: dict[tuple[str, ...], set[int]] = {}
            suffixes: dict[tuple[str, ...], set[int]] = {}
            for form, ci in zip(self.choices, self.choice_card):
                words = tuple(form.split())
                for k in range(1, len(words)):
                    prefixes.setdefault(words[:k], set()).add(ci)
                    suffixes.setdefault(words[-k:], set()).add(ci)
            tables = self._affixes = (prefixes, suffixes)
        return tables

    def _truncation(self, text: str, scored: list) -> Match | None:
        """The one card whose name starts (or ends) with the input's whole words ("Hellcarver"
        for Hellcarver Demon); when another card's whole name is as close as a fuzzy match
        takes (Hullcarver, one letter off), the input may be either: ambiguous."""
        words = tuple(normalise.spaced(text).split())
        if not words:
            return None
        prefixes, suffixes = self._word_tables()
        starts = sorted(prefixes.get(words, ()))
        ends = sorted(suffixes.get(words, set()) - set(starts))
        if len(starts) == 1 and not ends:
            near = [i for i, sc in scored[:2] if sc >= self.params.threshold and i != starts[0]]
            if near:
                return Match("ambiguous", candidates=[self.cards[starts[0]], self.cards[near[0]]])
            return Match("fuzzy", self.cards[starts[0]], score=None, via="truncation")
        if len(starts) + len(ends) > 1:
            return Match("ambiguous", candidates=[self.cards[i] for i in starts + ends])
        if ends:
            return Match("unknown", suggestions=[self.cards[ends[0]].name])
        return None

    def _prefix_suggestions(self, text: str) -> list[str]:
        """Names whose leading whole words are the input's (suggestions only)."""
        words = tuple(normalise.spaced(text).split())
        if not words or sum(len(w) for w in words) < 3:
            return []
        prefixes, _ = self._word_tables()
        found = sorted({self.cards[i].name for i in prefixes.get(words, ())})
        return found[: self.params.suggestions]

    def _loose_suggestions(self, text: str) -> list[str]:
        """Suggestions only (never a match): names that contain the input's words loosely,
        e.g. "Cheshire Kat" -> "Cheshire Cat, the Grinning Remnant"."""
        from rapidfuzz import fuzz, process

        query = normalise.spaced(text)
        words = {w for w in query.split() if len(w) >= 5}
        if not words or not self.choices:
            return []
        # only names sharing one of those words can qualify: scoring just them keeps an
        # unknown name cheap (WRatio over every name took milliseconds per line)
        table = self._word_choices()
        pool = sorted({i for w in words for i in table.get(w, ())})
        if not pool:
            return []
        out: list[str] = []
        for _, score, idx in process.extract(query, {i: self.choices[i] for i in pool},
                                             scorer=fuzz.WRatio, limit=10, score_cutoff=85):
            name = self.cards[self.choice_card[idx]].name
            if name not in out:
                out.append(name)
        return out[: self.params.suggestions]

    def _word_choices(self) -> dict[str, list[int]]:
        """Words of five or more letters -> indexes of the fuzzy forms containing them
        (built on first use, not pickled)."""
        table = self.__dict__.get("_words")
        if table is None:
            table = {}
            for idx, form in enumerate(self.choices):
                for w in set(form.split()):
                    if len(w) >= 5:
                        table.setdefault(w, []).append(idx)
            self.__dict__["_words"] = table
        return table

    # -- the compiled store (deckcheck.carddb.store) ---------------------------------------
    _HASHED = ("exact", "keys", "refs")
    _FUZZY = ("choices", "choice_card", "choice_label", "cjk_choices", "cjk_card")

    def compiled_tables(self) -> tuple[dict[str, dict], dict[str, list], dict]:
        """The index as the store keeps it: the tables looked up by key (stored in hashed
        buckets), the fuzzy step's lists (one section, read on the first fuzzy lookup)
        and the rest (the match parameters)."""
        state = self.__getstate__()
        hashed = {name: state.pop(name) for name in self._HASHED}
        fuzzy = {name: state.pop(name) for name in self._FUZZY}
        return hashed, fuzzy, state

    @classmethod
    def from_tables(cls, cards, rest: dict, hashed: dict, load_fuzzy) -> "CardIndex":
        """An index over ``cards`` (a lazy sequence) from a store's tables; ``load_fuzzy()``
        returns the fuzzy step's lists when they are first needed."""
        index = cls.__new__(cls)
        index.__dict__.update(rest, cards=cards, _load_fuzzy=load_fuzzy, **hashed)
        return index

    def __getattr__(self, name: str):
        # the fuzzy step's lists of an index opened from a store, read on first use
        if name in CardIndex._FUZZY:
            load = self.__dict__.pop("_load_fuzzy", None)
            if load is not None:
                self.__dict__.update(load())
                return self.__dict__[name]
        raise AttributeError(name)

    def __getstate__(self) -> dict:
        # the tables only: the cards are stored (and loaded) one by one beside the index,
        # and the word tables are rebuilt on first use
        state = dict(self.__dict__)
        for name in ("_words", "_affixes", "_articles", "cards", "_load_fuzzy"):
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.__dict__.setdefault("cards", [])

    def _cjk_suggestions(self, key: str) -> list[str]:
        from rapidfuzz import fuzz, process

        if not self.cjk_choices:
            return []
        out: list[str] = []
        for _, score, idx in process.extract(key, self.cjk_choices, scorer=fuzz.ratio,
                                             limit=10, score_cutoff=50):
            name = self.cards[self.cjk_card[idx]].name
            if name not in out:
                out.append(name)
        return out[: self.params.suggestions]
