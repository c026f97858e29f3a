"""Reading the OCTGN module: the ``set.xml`` files (current and older), their cards and the
``.o8d`` decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from defusedxml import ElementTree as ET

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.magewars.importing.records import split_list
from deckcheck.games.magewars.importing.tables import (FINAL_RELEASE, OCTGN_GAME_ID,
                                                       PLAYTEST_PREFIX, PROMO, SET_DISPLAY_NAMES,
                                                       SKIPPED_TYPES)

def set_tier(set_name: str) -> int:
    """Printing precedence of a set: 1 Final Release, 2 other official, 3 Promo, 4 playtest."""
    if set_name == FINAL_RELEASE:
        return 1
    if set_name.startswith(PLAYTEST_PREFIX):
        return 4
    if set_name == PROMO:
        return 3
    return 2


def is_academy_code(code: str) -> bool:
    return code.startswith("MWA") and not code.startswith("MWAPROMO")


@dataclass
class OctgnSet:
    name: str            # display name (Lost Grimoire corrected)
    octgn_name: str
    octgn_id: str
    path: Path
    cards: list["OctgnCard"] = field(default_factory=list)

    @property
    def tier(self) -> int:
        return set_tier(self.octgn_name)

    @property
    def playtest(self) -> bool:
        return self.octgn_name.startswith(PLAYTEST_PREFIX)


@dataclass
class OctgnCard:
    guid: str
    name: str
    props: dict[str, str]
    set: OctgnSet

    @property
    def type(self) -> str:
        return self.props.get("Type", "")

    @property
    def is_mage_card(self) -> bool:
        return self.type == "Creature" and "Mage" in split_list(self.props.get("Subtype")) \
            and not self.props.get("School")

    @property
    def is_stats_card(self) -> bool:
        return self.type == "Magestats" or (self.is_mage_card and "StatSpellBookPoints" in self.props)

    @property
    def is_spell(self) -> bool:
        return bool(self.props.get("School")) and self.type not in SKIPPED_TYPES


def read_set(path: Path) -> OctgnSet:
    """One ``set.xml``: its name, id and cards (direct ``property`` children only)."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise DataError(f"{path}: not well-formed XML: {exc}") from None
    octgn_name = (root.get("name") or "").strip()
    if not octgn_name or not root.get("id"):
        raise DataError(f"{path}: <set> without name or id")
    oset = OctgnSet(SET_DISPLAY_NAMES.get(octgn_name, octgn_name), octgn_name, root.get("id"), path)
    for el in root.iter("card"):
        guid, name = el.get("id"), (el.get("name") or "").strip()
        if not guid or not name:
            raise DataError(f"{path}: <card> without id or name near {el.get('name')!r}")
        props = {p.get("name"): (p.get("value") or "").strip() for p in el.findall("property")}
        oset.cards.append(OctgnCard(guid, name, props, oset))
    return oset


def read_sets(gdb: Path) -> list[OctgnSet]:
    files = sorted((gdb / "Sets").glob("*/set.xml"))
    if not files:
        raise DataError(f"{gdb / 'Sets'}: no set.xml files")
    return [read_set(f) for f in files]


def read_history_stats(mw_root: Path, current_guids: set[str]) -> list[OctgnCard]:
    """Stats cards of the older Core set.xml that the current data no longer has."""
    out = []
    for path in sorted((mw_root / "_history").glob(f"*/GameDatabase/{OCTGN_GAME_ID}/Sets/*/set.xml")):
        oset = read_set(path)
        commit = path.relative_to(mw_root / "_history").parts[0]
        oset.name = f"{oset.name} (older OCTGN data, {commit[:8]})"
        out += [c for c in oset.cards if c.type == "Magestats" and c.guid not in current_guids]
    return out


def read_o8d(path: Path) -> list[tuple[str, str, int, str]]:
    """``(section, name, qty, guid)`` for every card line of an OCTGN deck."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise DataError(f"{path}: not well-formed XML: {exc}") from None
    out = []
    for section in root.iter("section"):
        for card in section.iter("card"):
            try:
                qty = int(card.get("qty", "1"))
            except ValueError:
                raise DataError(f"{path}: bad qty on {card.text!r}") from None
            out.append((section.get("name", ""), (card.text or "").strip(), qty, card.get("id", "")))
    return out
