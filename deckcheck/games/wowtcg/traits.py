"""World of Warcraft TCG: what a card and a hero are for the construction rules (rule 100).

Pure functions over the card records of ``cards/wowtcg/`` (see the header of
``cards/wowtcg/cards.yaml`` for their shape):

* :func:`printings` - the rule facts of each distinct printing of a name (``variants``);
* :class:`Hero` - the six hero traits of rule 206 plus Monster/Scourge and the hero's
  structured Deckbuilding;
* :func:`requirement_met` - one alternative of "[Trait] Hero Required" (rule 100.2b);
* :func:`clause_holds` / :func:`describe_clause` - the Deckbuilding predicate atoms
  (rule 100.2d, wowtcg.md §4.5);
* :func:`judge` - every hero-dependent check of one printing (rules 100.2a, 100.2b, 100.2d)
  with the precedence of wowtcg.md §6: a Deckbuilding finding replaces the icon and
  Hero Required findings of the same card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from deckcheck.models import Card
from deckcheck.parsing.phrases import Joined, Phrase

FACTIONS = ("Alliance", "Horde")


#: a hero's class and talent in the report's Hero table (the catalogue translates it by id)
CLASS_TALENT = Phrase("wowtcg-class-talent", "{classes} ({talent})")

class UnknownAtom(Exception):
    """A Deckbuilding clause uses an atom deckcheck cannot evaluate (never guessed)."""


# ---------------------------------------------------------------------------------------
# printings


@dataclass(slots=True)
class Facts:
    """The rule facts of one printing (or of every printing, when they agree)."""

    sets: tuple[str, ...]
    type: str
    types: tuple[str, ...]
    faction_icons: tuple[str, ...]
    class_icons: tuple[str, ...]
    ally_class: tuple[str, ...]
    race: str | None
    talents: tuple[str, ...]
    atk_type: str | None
    tags: tuple[str, ...]
    hero_required: tuple[dict, ...]
    reputation: str | None
    talent_card: dict | None
    deals_damage: tuple[str, ...]


def types_of(type_: str | None) -> tuple[str, ...]:
    """``Ability Ally`` (the totems) counts as an Ability and as an Ally."""
    if not type_:
        return ()
    return ("Ability", "Ally") if type_ == "Ability Ally" else (type_,)


def _facts(data: dict[str, Any], sets: Iterable[str]) -> Facts:
    return Facts(
        sets=tuple(sets), type=data.get("type") or "", types=types_of(data.get("type")),
        faction_icons=tuple(data.get("faction_icons") or ()),
        class_icons=tuple(data.get("class_icons") or ()),
        ally_class=tuple(data.get("ally_class") or ()), race=data.get("race"),
        talents=tuple(data.get("talents") or ()), atk_type=data.get("atk_type"),
        tags=tuple(data.get("tags") or ()),
        hero_required=tuple(data.get("hero_required") or ()),
        reputation=data.get("reputation"), talent_card=data.get("talent_card"),
        deals_damage=tuple(data.get("deals_damage") or ()))


def printings(card: Card) -> list[Facts]:
    """One :class:`Facts` per distinct constructed printing; the first is the record's own.

    Printings of one name that disagree on a rule fact (Death Coil: a Warlock and a Death
    Knight ability) are ``variants`` in the data; a card is legal if any of them is
    (wowtcg.md §4.3, WOW122).
    """
    variants = card.get("variants") or []
    if not variants:
        return [_facts(card.data, card.get("sets") or ())]
    return [_facts(v, v.get("sets") or ()) for v in variants]


def talent_trees(f: Facts) -> set[str]:
    """The trees this card is a "[Tree] Talent" of (WOW-R17): the bold "[Tree] Talent"
    keyword, and older cards tagged ``Talent`` whose talent is [Tree] (shipped reading of
    the open question 3)."""
    trees = set()
    if f.talent_card and f.talent_card.get("tree"):
        trees.add(f.talent_card["tree"])
    if "Talent" in f.tags:
        trees.update(f.talents)
    return trees


# ---------------------------------------------------------------------------------------
# the hero


@dataclass(slots=True)
class Hero:
    """A starting hero's traits (rule 206) and its Deckbuilding predicates (rule 100.2d)."""

    card: Card
    classes: tuple[str, ...] = ()
    faction: str = "Neutral"
    race: str | None = None
    talent: str | None = None
    traitor: bool = False
    monster: bool = False
    scourge: bool = False
    professions: tuple[str, ...] = ()
    deckbuilding: dict | None = None

    @classmethod
    def of(cls, card: Card) -> "Hero":
        h = card.get("hero") or {}
        return cls(card=card, classes=tuple(h.get("classes") or ()),
                   faction=h.get("faction") or "Neutral", race=h.get("race"),
                   talent=h.get("talent"), traitor=bool(h.get("traitor")),
                   monster=bool(h.get("monster")), scourge=bool(h.get("scourge")),
                   professions=tuple(h.get("professions") or ()),
                   deckbuilding=card.get("deckbuilding"))

    @property
    def name(self) -> str:
        return self.card.name

    def classes_text(self) -> str:
        return "/".join(self.classes) if self.classes else "classless"

    def traits_text(self) -> str:
        """E.g. ``Alliance · Priest (Holy) · Dwarf · Enchanting/Tailoring``."""
        talent = self.talent or ("Traitor" if self.traitor else "no talent")
        parts = [self.faction, CLASS_TALENT.say(classes=self.classes_text(), talent=talent)]
        if self.race:
            parts.append(self.race)
        flags = [n for n, on in (("Monster", self.monster), ("Scourge", self.scourge)) if on]
        parts += flags
        if self.professions:
            parts.append(Joined("/", self.professions))
        return Joined(" · ", parts)

    @property
    def deckbuilding_parsed(self) -> bool:
        return bool(self.deckbuilding) and not self.deckbuilding.get("unparsed")


def _race_matches(race: str | None, wanted: str) -> bool:
    """Races compare case-insensitively; a compound race counts by its last word (R16)."""
    if not race:
        return False
    race, wanted = race.casefold(), wanted.casefold()
    return race == wanted or race.split()[-1] == wanted


def requirement_met(hero: Hero, alt: dict) -> bool:
    """One alternative ``{kind, value}`` of "[Trait] Hero Required" (rule 100.2b)."""
    kind, value = alt.get("kind"), alt.get("value")
    if kind == "class":
        return value in hero.classes
    if kind == "race":
        return _race_matches(hero.race, value)
    if kind == "talent":
        return hero.talent is not None and hero.talent == value
    if kind == "profession":
        return value in hero.professions
    if kind == "faction":
        return hero.faction == value
    if kind == "flag":
        return {"Traitor": hero.traitor, "Loyal": not hero.traitor,
                "Scourge": hero.scourge, "Monster": hero.monster}.get(value, False)
    return False


def requirement_text(alts: Iterable[dict]) -> str:
    """``Tauren`` / ``Hunter, Mage or Gnome`` / ``Loyal (not Traitor)``."""
    words = []
    for a in alts:
        v = a.get("value")
        words.append("Loyal (not Traitor)" if v == "Loyal" else str(v))
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


# ---------------------------------------------------------------------------------------
# Deckbuilding predicates (wowtcg.md §4.5)


def _excused(f: Facts, excused: list[dict]) -> tuple[bool, bool]:
    """(reputation excused, text restrictions excused) by a clause's ``except`` list."""
    pairs = {(e.get("kind"), e.get("value")) for e in excused or ()}
    rep_ok = f.reputation is None or ("reputation", f.reputation) in pairs
    req_ok = not f.hero_required or any((a.get("kind"), a.get("value")) in pairs
                                        for a in f.hero_required)
    tc_ok = not f.talent_card or ("talent", f.talent_card.get("tree")) in pairs
    return rep_ok, req_ok and tc_ok


def _atom(name: str, want: Any, f: Facts, clause: dict) -> bool:
    if name == "type":
        wants = want if isinstance(want, list) else [want]
        return any(w in f.types for w in wants)
    if name == "neutral":
        return (not f.faction_icons and not f.class_icons) == bool(want)
    if name == "faction_icon":
        return bool(f.faction_icons) if want == "any" else want in f.faction_icons
    if name == "class_icon":
        return bool(f.class_icons) if want == "any" else want in f.class_icons
    if name == "ally_class":
        return "Ally" in f.types and want in f.ally_class
    if name == "ally_race":
        return "Ally" in f.types and f.race is not None and \
            f.race.split()[-1].casefold() == str(want).casefold()
    if name == "tag":
        if want == "Pet":
            return any(t == "Pet" or t.startswith("Pet (") for t in f.tags)
        return want in f.tags
    if name == "weapon":
        return "Equipment" in f.types and any(t == want or t.startswith(f"{want} (")
                                              for t in f.tags)
    if name == "atk_type":
        return "Ally" in f.types and (f.atk_type or "").casefold() == str(want).casefold()
    if name == "deals_damage":
        return "Ability" in f.types and str(want).casefold() in f.deals_damage
    if name == "talent_card":
        if want == "any":
            return bool(talent_trees(f))
        if isinstance(want, dict):
            return want.get("tree") in talent_trees(f) and want.get("class") in f.class_icons
        raise UnknownAtom(f"talent_card: {want!r}")
    if name == "reputation":
        return f.reputation == want
    if name == "has_reputation":
        rep_ok, _ = _excused(f, clause.get("except") or [])
        return (f.reputation is not None and not rep_ok) == bool(want)
    if name == "text_restriction":
        _, text_ok = _excused(f, clause.get("except") or [])
        has = bool(f.hero_required) or bool(f.talent_card)
        return (has and not text_ok) == bool(want)
    raise UnknownAtom(name)


def clause_holds(clause: dict, f: Facts) -> bool:
    """All atoms of the clause hold (``except`` modifies has_reputation/text_restriction)."""
    if not isinstance(clause, dict) or not clause:
        raise UnknownAtom(repr(clause))
    return all(_atom(k, v, f, clause) for k, v in clause.items() if k != "except")


def check_clauses(deckbuilding: dict) -> None:
    """Raise :class:`UnknownAtom` if any clause uses an atom this module does not know."""
    probe = Facts((), "", (), (), (), (), None, (), None, (), (), None, None, ())
    for clause in (deckbuilding.get("allow_only") or []) + (deckbuilding.get("forbid") or []):
        clause_holds(clause, probe)


def clause_traits(clause: dict) -> set[tuple[str, str]]:
    """The hero traits an allow clause names ("any Traitor cards" names Traitor): a card it
    allows is exempt from "[Trait] Hero Required" for those traits (WOW-R10 step 3)."""
    out: set[tuple[str, str]] = set()
    tag = clause.get("tag")
    if tag in ("Traitor", "Scourge", "Monster"):
        out.add(("flag", tag))
    tc = clause.get("talent_card")
    if isinstance(tc, dict) and tc.get("tree"):
        out.add(("talent", tc["tree"]))
    ci = clause.get("class_icon")
    if ci and ci != "any":
        out.add(("class", ci))
    fi = clause.get("faction_icon")
    if fi == "any":
        out |= {("faction", x) for x in FACTIONS}
    elif fi:
        out.add(("faction", fi))
    return out


_TYPE_PLURAL = {"Ability": "abilities", "Ally": "allies", "Equipment": "equipment",
                "Quest": "quests", "Location": "locations"}


def describe_clause(clause: dict) -> str:
    """A clause in words, e.g. ``neutral quests``, ``[Warlock] abilities``."""
    parts: list[str] = []
    noun = "cards"
    t = clause.get("type")
    if t:
        ts = t if isinstance(t, list) else [t]
        noun = " and ".join(_TYPE_PLURAL.get(x, x.lower()) for x in ts)
    if clause.get("neutral"):
        parts.append("neutral")
    fi = clause.get("faction_icon")
    if fi:
        parts.append("[Alliance] or [Horde]" if fi == "any" else f"[{fi}]")
    ci = clause.get("class_icon")
    if ci:
        parts.append("class" if ci == "any" else f"[{ci}]")
    if clause.get("reputation"):
        parts.append(str(clause["reputation"]))
    if clause.get("atk_type"):
        parts.append(f"[{clause['atk_type']}]")
    if clause.get("ally_race"):
        parts.append(str(clause["ally_race"]))
    tag = clause.get("tag")
    if tag == "Pet":
        noun = "Pets" if noun == "cards" else noun + " Pets"
    elif tag:
        parts.append(str(tag))
    if clause.get("weapon"):
        noun = f"{clause['weapon']} weapons"
    tc = clause.get("talent_card")
    if tc == "any":
        noun = "Talent cards"
    elif isinstance(tc, dict):
        parts.append(f"[{tc.get('class')}]")
        noun = f"{tc.get('tree')} Talents"
    text = " ".join(parts + [noun])
    if clause.get("ally_class"):
        text += f" with ally type {clause['ally_class']}"
    if clause.get("deals_damage"):
        text += f" that deal {clause['deals_damage']} damage"
    if clause.get("has_reputation"):
        text = "cards with a reputation"
    if clause.get("text_restriction"):
        text = "cards with text restrictions (Hero Required or Talent)"
    ex = clause.get("except") or []
    if ex:
        text += " other than " + ", ".join(
            f"{e.get('value')}" + (" Hero Required" if e.get("kind") in ("flag", "talent",
                                                                        "class", "race")
                                   else "") for e in ex)
    return text


def summary(clauses: list[dict]) -> str:
    return "; ".join(describe_clause(c) for c in clauses)


# ---------------------------------------------------------------------------------------
# judging one printing against the hero


@dataclass(slots=True)
class Verdict:
    """The hero-dependent findings of one printing: code -> template arguments."""

    facts: Facts
    failures: dict[str, dict[str, Any]] = field(default_factory=dict)
    allowed_by: list[dict] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.failures


def judge(hero: Hero, f: Facts, use_deckbuilding: bool = True) -> Verdict:
    """Rules 100.2a (icons), 100.2b (Hero Required) and 100.2d (Deckbuilding) for one
    printing; raises :class:`UnknownAtom` for a Deckbuilding clause it cannot read."""
    v = Verdict(f)
    db = hero.deckbuilding if use_deckbuilding and hero.deckbuilding_parsed else None
    exempt_icons, excused = False, set()
    if db:
        forbid = next((c for c in db.get("forbid") or () if clause_holds(c, f)), None)
        if forbid is not None:
            v.failures["WOW114"] = {"clause": forbid}
            return v                       # forbid wins; nothing else is reported
        allow = db.get("allow_only") or []
        if allow:
            v.allowed_by = [c for c in allow if clause_holds(c, f)]
            if not v.allowed_by:
                v.failures["WOW113"] = {}
                return v
            exempt_icons = True            # "some of them are exceptions to the rules"
            for c in v.allowed_by:
                excused |= clause_traits(c)
    if not exempt_icons:
        if f.class_icons and not set(f.class_icons) & set(hero.classes):
            v.failures["WOW108"] = {}
        if f.faction_icons and hero.faction not in f.faction_icons:
            v.failures["WOW109"] = {}
    if f.hero_required and not any(
            requirement_met(hero, a) or (a.get("kind"), a.get("value")) in excused
            for a in f.hero_required):
        v.failures["WOW110"] = {}
    return v


def judge_card(hero: Hero, card: Card, use_deckbuilding: bool = True) -> tuple[Verdict, Verdict]:
    """(chosen, first) verdicts over a card's printings: the first legal printing, else the
    one with the fewest findings (ties: the record's own)."""
    verdicts = [judge(hero, f, use_deckbuilding) for f in printings(card)]
    first = verdicts[0]
    legal = [v for v in verdicts if v.legal]
    chosen = legal[0] if legal else min(verdicts, key=lambda v: len(v.failures))
    return chosen, first


def differing_fields(a: Facts, b: Facts) -> list[str]:
    names = ("type", "faction_icons", "class_icons", "ally_class", "race", "atk_type",
             "hero_required", "reputation", "talent_card")
    return [n.replace("_", " ") for n in names if getattr(a, n) != getattr(b, n)]
