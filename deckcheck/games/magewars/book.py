"""Mage Wars spellbook points: the mage's training and the cost of each spell (§2.3).

A :class:`Mage` is one row of ``cards/magewars/mages.yaml`` (one mage in one variant:
arena, academy or apprentice) with the Wizard's element applied. :func:`spell_cost` costs
one copy of a card for a mage, taking the first step that applies:

1. not a spell (mage, stats card, Paladin aura) -> not costed (MW-R10);
2. a fixed cost from the format (Talos 0, MW-R9);
3. Novice: the format's Novice cost (1), or triple in Academy when a school is opposed or
   a whole-card opposition applies (MW-R8, MW-R18);
4. combo training (Paladin: Holy creatures) -> level x 1;
5. subtype training (Siren: Song, Pirate; Monk: Martial, Monk; Dsjer-Tet) -> level x 1;
6. type opposition (Forcemaster / Monk creatures, Elementalist Living objects) -> level x 3;
7. per school component: x1 trained (or within a level cap), x3 opposed, x2 otherwise;
   an "and" card adds its components, an "or" card takes the cheapest school (MW-R4 … R6).

:func:`cost_book` adds the lines of a list up into totals per card, school, type and level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from deckcheck.parsing.phrases import Joined, Phrase

SPELL_TYPES = ("Attack", "Conjuration", "Creature", "Enchantment", "Equipment", "Incantation")


@dataclass(slots=True)
class Mage:
    row_id: str
    name: str                      # the mage's name ("Johktari Beastmaster")
    variant: str                   # arena | academy | apprentice
    cls: str                       # class key of "<Class> Only" traits
    limit: int | None
    trained: frozenset[str]
    capped: dict[str, int]
    opposed: frozenset[str]
    subtype_trained: frozenset[str]
    type_opposed: dict[str, Any] | None
    combo: dict[str, str] | None
    element: str | None = None
    element_choice: tuple[str, ...] = ()
    playtest: bool = False
    row: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row_id: str, row: dict[str, Any], element: str | None = None) -> "Mage":
        choice = tuple(row.get("element_choice") or ())
        trained = set(row.get("trained") or ())
        if element and element in choice:
            trained.add(element)
        else:
            element = None
        return cls(row_id=row_id, name=row.get("name") or row_id, variant=row.get("variant") or "arena",
                   cls=row.get("class") or row.get("name") or row_id,
                   limit=row.get("spellbook_points"), trained=frozenset(trained),
                   capped=dict(row.get("capped") or {}), opposed=frozenset(row.get("opposed") or ()),
                   subtype_trained=frozenset(row.get("subtype_trained") or ()),
                   type_opposed=row.get("type_opposed") or None, combo=row.get("combo") or None,
                   element=element, element_choice=choice, playtest=bool(row.get("playtest")),
                   row=row)

    @property
    def needs_element(self) -> bool:
        return bool(self.element_choice) and self.element is None

    def with_element(self, element: str | None) -> "Mage":
        return Mage.from_row(self.row_id, self.row, element)

    @property
    def title(self) -> str:
        return f"{self.name} ({self.element})" if self.element else self.name

    # -- training ------------------------------------------------------------------------
    def multiplier(self, school: str, level: int) -> int:
        """×1 trained (or within a level cap), ×3 opposed, ×2 otherwise (MW-R3, R6)."""
        if school in self.trained:
            return 1
        cap = self.capped.get(school)
        if cap is not None and level <= cap:
            return 1
        if school in self.opposed:
            return 3
        return 2

    def trained_for_only(self, school: str, level: int) -> bool:
        """Trained in ``school`` for a "<School> Mage Only" card of that level (MW-R14)."""
        if school in self.trained:
            return True
        cap = self.capped.get(school)
        return cap is not None and level <= cap

    def type_opposes(self, card) -> bool:
        """Whole-card opposition (Forcemaster / Monk creatures, Elementalist Living objects)."""
        rule = self.type_opposed
        if not rule:
            return False
        kind = rule.get("kind")
        types = set(card.get("types") or ())
        if kind == "creatures_not_trained":
            if not types & set(rule.get("types") or ["Creature"]):
                return False
            if set(schools_of(card)) & set(rule.get("except_schools") or ()):
                return False
            if set(card.get("subtypes") or ()) & set(rule.get("except_subtypes") or ()):
                return False
            return True
        if kind == "living_objects":
            if "Creature" in types:
                return not card.get("nonliving")
            return bool(card.get("living"))
        return False


# ---------------------------------------------------------------------------------------
# card facts


def card_kind(card) -> str:
    """spell | aura | mage | mage_stats (only spells are costed and copy-counted)."""
    return card.get("kind") or "spell"


def is_spell(card) -> bool:
    return card_kind(card) == "spell"


def parts_of(card) -> list[tuple[str, int]]:
    schools = card.get("schools") or {}
    return [(p["school"], int(p["level"])) for p in schools.get("parts") or ()]


def schools_of(card) -> list[str]:
    return [s for s, _ in parts_of(card)]


def school_kind(card) -> str:
    return (card.get("schools") or {}).get("kind") or "single"


def level_total(card) -> int:
    lt = card.get("level_total")
    if lt is not None:
        return int(lt)
    parts = parts_of(card)
    if school_kind(card) == "and":
        return sum(lv for _, lv in parts)
    return parts[0][1] if parts else 0


def school_text(card) -> str:
    sep = {"and": "+", "or": "/"}.get(school_kind(card), "")
    return sep.join(schools_of(card)) if sep else "".join(schools_of(card)[:1])


def level_text(card) -> str:
    sep = {"and": "+", "or": "/"}.get(school_kind(card), "")
    levels = [str(lv) for _, lv in parts_of(card)]
    return sep.join(levels) if sep else "".join(levels[:1])


# ---------------------------------------------------------------------------------------
# the cost of one copy


# how one copy was costed (the report's Basis column; the catalogue's ``cells`` translates
# each by its id)
SCHOOL_LEVEL = Phrase("magewars-school-level", "{school} {level}")
COST_FIXED = Phrase("magewars-cost-fixed", "fixed: {n}")
COST_TALOS = Phrase("magewars-cost-talos", "talos: {n}")
COST_NOVICE = Phrase("magewars-cost-novice", "novice: {n}")
COST_NOVICE_OPPOSED = Phrase("magewars-cost-novice-opposed", "novice, opposed: {n}")
COST_COMBO = Phrase("magewars-cost-combo", "combo: {rest}")
COST_SUBTYPE = Phrase("magewars-cost-subtype", "subtype: {rest}")
COST_TYPE_OPPOSED = Phrase("magewars-cost-type-opposed", "type-opposed: {rest}")
COST_AND = Phrase("magewars-cost-and", "and: {rest}")
COST_OR = Phrase("magewars-cost-or", "or: {rest}")

@dataclass(slots=True)
class Cost:
    each: int
    basis: str                          # single|and|or|novice|novice-opposed|subtype|combo|type-opposed|talos|fixed
    detail: str                         # "and: War 1x2 + Fire 1x1"
    booked: list[tuple[str, int]]       # points of one copy per school (for by_school)
    chosen: str | None = None           # the school an "or" card is booked under
    multiplier: str = ""                # "x2", "x1+x2", "fixed"


def spell_cost(card, mage: Mage, *, academy_novice: bool = False,
               fixed: dict[str, int] | None = None, novice_cost: int = 1) -> Cost | None:
    """The spellbook points of one copy of ``card`` for ``mage`` (None: not a spell)."""
    if not is_spell(card):
        return None
    parts = parts_of(card)
    schools = [s for s, _ in parts]
    total = level_total(card)
    first = schools[0] if schools else "?"
    if fixed and card.name in fixed:
        each = int(fixed[card.name])
        basis = "talos" if card.name == "Talos" else "fixed"
        return Cost(each, basis, (COST_TALOS if basis == "talos" else COST_FIXED).say(n=each),
                    [(first, each)], multiplier="fixed")
    if card.get("novice"):
        # MW-R18: Academy stats cards say opposed spells cost triple "even if Novice"; the
        # Academy Elementalist's card says the same of Living objects, so a Novice card
        # caught by a whole-card opposition is tripled too [uncertain].
        if academy_novice and (any(s in mage.opposed for s in schools) or mage.type_opposes(card)):
            return Cost(3 * total, "novice-opposed", COST_NOVICE_OPPOSED.say(n=f"{total}x3"),
                        [(first, 3 * total)], multiplier="x3")
        each = novice_cost * max(total, 1)
        return Cost(each, "novice", COST_NOVICE.say(n=each), [(first, each)],
                    multiplier="novice")
    types = set(card.get("types") or ())
    combo = mage.combo
    if combo and combo.get("type") in types and combo.get("school") in schools:
        return _whole(parts, card, 1, "combo", COST_COMBO, f"{combo['school']} {combo['type']}")
    subs = set(card.get("subtypes") or ()) & mage.subtype_trained
    if subs:
        return _whole(parts, card, 1, "subtype", COST_SUBTYPE, "/".join(sorted(subs)))
    if mage.type_opposes(card):
        what = "Living object" if (mage.type_opposed or {}).get("kind") == "living_objects" \
            else "creature not trained"
        return _whole(parts, card, 3, "type-opposed", COST_TYPE_OPPOSED, what)
    kind = school_kind(card)
    if kind == "and":
        mults = [(s, lv, mage.multiplier(s, lv)) for s, lv in parts]
        each = sum(lv * m for _, lv, m in mults)
        detail = COST_AND.say(rest=Joined(" + ", [SCHOOL_LEVEL.say(school=s, level=f"{lv}x{m}")
                                                  for s, lv, m in mults]))
        return Cost(each, "and", detail, [(s, lv * m) for s, lv, m in mults],
                    multiplier="+".join(f"x{m}" for _, _, m in mults))
    if kind == "or":
        options = [(s, mage.multiplier(s, total)) for s in schools]
        best = min(m for _, m in options)
        chosen = next(s for s, m in options if m == best)
        each = total * best
        return Cost(each, "or", COST_OR.say(rest=SCHOOL_LEVEL.say(school=chosen,
                                                                  level=f"{total}x{best}")),
                    [(chosen, each)], chosen=chosen,
                    multiplier=f"x{best}")
    m = mage.multiplier(first, total)
    return Cost(total * m, "single", SCHOOL_LEVEL.say(school=first, level=f"{total}x{m}"),
                [(first, total * m)],
                multiplier=f"x{m}")


def _whole(parts: list[tuple[str, int]], card, mult: int, basis: str, phrase: Phrase,
           what: str) -> Cost:
    """A whole-card rule: every component at one multiplier ("or": the single level)."""
    if school_kind(card) == "or":
        total = parts[0][1] if parts else 0
        booked = [(parts[0][0] if parts else "?", total * mult)]
    else:
        booked = [(s, lv * mult) for s, lv in parts]
    each = sum(p for _, p in booked)
    return Cost(each, basis, phrase.say(rest=f"{what} x{mult}"), booked,
                chosen=booked[0][0] if booked else None,
                multiplier=f"x{mult}")


# ---------------------------------------------------------------------------------------
# a whole spellbook


@dataclass(slots=True)
class Line:
    card: Any
    count: int
    cost: Cost
    entries: list[Any] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.count * self.cost.each


@dataclass(slots=True)
class BookCost:
    mage: Mage
    lines: list[Line] = field(default_factory=list)     # one per card name, list order

    @property
    def total(self) -> int:
        return sum(line.total for line in self.lines)

    @property
    def spells(self) -> int:
        return sum(line.count for line in self.lines)

    def top(self, n: int = 3) -> list[Line]:
        return sorted(self.lines, key=lambda ln: (-ln.total, ln.card.name))[:n]

    def by_school(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for line in self.lines:
            for school, pts in line.cost.booked:
                row = out.setdefault(school, {"points": 0, "cards": 0})
                row["points"] += pts * line.count
                row["cards"] += line.count
        return dict(sorted(out.items()))

    def by_type(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for line in self.lines:
            row = out.setdefault(line.card.get("type") or "?", {"points": 0, "cards": 0})
            row["points"] += line.total
            row["cards"] += line.count
        return {t: out[t] for t in sorted(out, key=_type_order)}

    def by_level(self) -> dict[str, int]:
        out: dict[int, int] = {}
        for line in self.lines:
            lv = level_total(line.card)
            out[lv] = out.get(lv, 0) + line.count
        return {str(k): out[k] for k in sorted(out)}


def _type_order(t: str) -> tuple[int, str]:
    return (SPELL_TYPES.index(t) if t in SPELL_TYPES else len(SPELL_TYPES), t)


def cost_book(items: Iterable[tuple[Any, int, Any]], mage: Mage, **kw: Any) -> BookCost:
    """Cost ``(card, count, entry)`` items (spells only; others are skipped), merged by name."""
    book = BookCost(mage)
    by_name: dict[str, Line] = {}
    for card, count, entry in items:
        cost = spell_cost(card, mage, **kw)
        if cost is None:
            continue
        line = by_name.get(card.name)
        if line is None:
            line = by_name[card.name] = Line(card, 0, cost)
            book.lines.append(line)
        line.count += count
        if entry is not None:
            line.entries.append(entry)
    return book
