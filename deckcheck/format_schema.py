"""Pydantic models of the format YAML (used once, when the compiled format cache is built).

Only the fields every game shares are typed here; game-specific keys are allowed and left
to the game's rules module.
"""

from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


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


class Profile(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    from_: str = Field(alias="from")
    name: str | None = None
    next_change: str | None = None
    sets: Union[list[str], Literal["any"], None] = None
    banned: list[str] = []
    restricted: list[str] = []


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

    @field_validator("copies", mode="before")
    @classmethod
    def _copies_list(cls, v: Any) -> Any:
        if isinstance(v, dict):
            return [v]
        return v


def validate_format(data: dict[str, Any], where: str) -> dict[str, Any]:
    """Validate one resolved format; return plain data (defaults filled in)."""
    from deckcheck.formats import FormatError

    try:
        model = FormatModel.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                             for e in exc.errors()[:5])
        raise FormatError(f"{where}: invalid format: {problems}") from None
    out = model.model_dump(by_alias=True)
    out["zones"] = {k: {kk: vv for kk, vv in v.items() if vv is not None}
                    for k, v in out["zones"].items()}
    return out
