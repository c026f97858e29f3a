"""Pydantic models of the format YAML (used once, when the compiled format cache is built).

Only the fields every game shares are typed here; game-specific keys are allowed and left
to the game's rules module.
"""

from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import (BaseModel, ConfigDict, Field, ValidationError, field_validator,
                      model_validator)

from deckcheck.errors import FormatError


class ZoneSpec(BaseModel):
    model_config = ConfigDict(extra="allow")

    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)
    sizes: list[int] | None = None        # allowed exact sizes, e.g. [0, 15]
    counted: bool = True                  # counts toward the deck (the hero does not)
    allow_types: list[str] | None = None  # only these card types may be in the zone
    deny_types: list[str] | None = None   # these card types may not be in the zone


class CopyRule(BaseModel):
    model_config = ConfigDict(extra="allow")

    limit: int = Field(ge=0)
    key: str = "name"
    zones: list[str] | None = None        # None: every counted zone
    exempt: list[Union[str, dict[str, Any]]] = []
    override_field: str | None = None     # per-card limit field ("deck_limit": int | "any")


class MasterHeroLimit(BaseModel):
    """``master_hero:`` of a World of Warcraft TCG format (rule 100.2e, WOW116/WOW117).

    Every limit given applies. ``max_names`` (default 1: "一种主宰英雄", one kind of Master
    Hero) counts different Master Hero names, whose copies the copy rule limits;
    ``max_cards`` counts Master Hero cards, for an event that rules "one card". Because
    ``extends:`` merges mappings key by key, a format that adds ``max_cards: 1`` keeps the
    inherited ``max_names: 1`` (harmless: one card is one name); ``max_names: null`` lifts it.
    """

    model_config = ConfigDict(extra="forbid")

    max_names: int | None = Field(default=1, ge=0)
    max_cards: int | None = Field(default=None, ge=0)
    zone: Literal["main"] = "main"        # WOW116 counts the main deck; WOW117 adds the sideboard

    @model_validator(mode="before")
    @classmethod
    def _known_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(map(str, set(data) - set(cls.model_fields)))
            if unknown:
                raise ValueError(f"unknown key {', '.join(unknown)} (master_hero takes "
                                 "max_names, max_cards and zone)")
        return data

    @model_validator(mode="after")
    def _some_limit(self) -> "MasterHeroLimit":
        if self.max_names is None and self.max_cards is None:
            raise ValueError("give max_names or max_cards (to drop rule 100.2e, write "
                             "rules: {disable: [WOW116, WOW117]})")
        return self


class Profile(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    from_: str = Field(alias="from")
    name: str | None = None
    next_change: str | None = None
    sets: Union[list[str], Literal["any"], None] = None
    banned: list[str] = []
    restricted: list[str] = []
    #: cards legal by name though no set of the profile has them (Forge's Additional:)
    also_legal: list[str] = []
    #: the sources leave this profile's state open in part; ``incomplete_note`` says how
    incomplete: bool = False
    incomplete_note: str | None = None


class Started(BaseModel):
    """``started:``: the day the format began and the source that says so."""

    model_config = ConfigDict(extra="forbid")

    date: str
    source: str | None = None
    #: what the date is (announced, first sanctioned, …) where the source says more
    note: str | None = None


class FormatModel(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    game: str
    name: str | None = None
    abstract: bool = False
    extends: str | None = None
    zones: dict[str, ZoneSpec] = {}
    copies: list[CopyRule] | None = None
    banned: list[str] = []
    restricted: list[str] = []
    sets: Union[list[str], Literal["any"], None] = None
    profiles: list[Profile] = []
    rules: dict[str, list[str]] = {}     # {disable: [...], enable: [...]} by code prefix
    notes: list[str] = []
    master_hero: MasterHeroLimit | None = None   # wowtcg only (dropped from the output if unset)
    #: the day the format began: an earlier date is refused (a usage error)
    started: Started | None = None
    #: the day the format was retired: a later date (or none: today) is refused
    ended: Started | None = None
    #: the last day the format's (dated) data covers: a check on a later date is warned
    data_until: str | None = None
    #: some of the format's data is incomplete (its profiles' ``incomplete_note`` say which)
    incomplete: bool = False

    @field_validator("copies", mode="before")
    @classmethod
    def _copies_list(cls, v: Any) -> Any:
        if isinstance(v, dict):
            return [v]
        return v


def validate_format(data: dict[str, Any], where: str) -> dict[str, Any]:
    """Validate one resolved format; return plain data (defaults filled in)."""
    try:
        model = FormatModel.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                             for e in exc.errors()[:5])
        raise FormatError(f"{where}: invalid format: {problems}") from None
    out = model.model_dump(by_alias=True)
    for key in ("master_hero", "started", "ended"):
        if out.get(key) is None:
            out.pop(key, None)
    out["zones"] = {k: {kk: vv for kk, vv in v.items() if vv is not None}
                    for k, v in out["zones"].items()}
    return out
