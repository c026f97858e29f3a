"""Pydantic model of ``.deckcheck.yaml`` (validated once per run, outside the hot path)."""

from __future__ import annotations

import datetime as _dt
import re
from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

_CODE = re.compile(r"^[A-Z]{3}\d{0,3}$")
#: control characters (C0, DEL, C1) and bidirectional overrides, shown escaped in messages
_UNSHOWN = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def shorten(text: str, limit: int = 40) -> str:
    """``text`` (a key or value written in a configuration) as a message may quote it: no
    control or bidirectional-override characters (they are shown as ``\\x1b``,
    ``\\u202e``), and at most ``limit`` characters, the rest cut to "…"."""
    text = _UNSHOWN.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _codes(values: list[str]) -> list[str]:
    out = []
    for v in values:
        v = str(v).strip().upper()
        if not _CODE.match(v):
            raise ValueError(f"{shorten(v)!r} is not a rule code or prefix "
                             "(e.g. DCK, FOW1, MTG102)")
        out.append(v)
    return out


class FormatPattern(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    format: str
    date: Union[_dt.date, str, None] = None

    @field_validator("date")
    @classmethod
    def _iso(cls, v):
        if isinstance(v, str):
            _dt.date.fromisoformat(v)
        return v


class ConfigModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    extends: str | None = None
    include: list[str] | None = None
    exclude: list[str] | None = None
    formats: list[FormatPattern] | None = None
    select: list[str] | None = None
    ignore: list[str] | None = None
    per_file_ignores: dict[str, list[str]] | None = Field(default=None, alias="per-file-ignores")
    severity: dict[str, Literal["error", "warning", "info"]] | None = None
    lang: Literal["en", "zh-Hans", "zh-Hant"] | None = None
    output_format: str | None = Field(default=None, alias="output-format")
    cards: dict[str, str] | None = None
    formats_dirs: list[str] | None = Field(default=None, alias="formats-dirs")

    @field_validator("select", "ignore")
    @classmethod
    def _check_codes(cls, v):
        return None if v is None else _codes(v)

    @field_validator("per_file_ignores")
    @classmethod
    def _check_pfi(cls, v):
        return None if v is None else {k: _codes(c) for k, c in v.items()}

    @field_validator("severity")
    @classmethod
    def _check_sev(cls, v):
        if v is None:
            return None
        _codes(list(v))
        return v
