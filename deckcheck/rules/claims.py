"""What a rule takes over from the generic ``DCK`` rules: its claims.

A game's rule that checks the same thing as a generic rule under its own code and wording
lists a claim in ``Rule.claims``; the generic rule asks :meth:`Context.claimed` and stands
aside. The claims are the values of this module, never strings spelt at each use.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union


class Check(Enum):
    """A whole-deck check of the generic rules."""

    POOL = "pool"                              # DCK017: cards outside the format's pool
    COPIES = "copies"                          # DCK014: copies over the limit
    BANNED = "banned"                          # DCK015: banned cards
    RESTRICTED = "restricted"                  # DCK016: restricted cards
    ZONE_TYPES = "zone-types"                  # DCK018: card types a zone does not take
    ZONE_NOT_IN_FORMAT = "zone-not-in-format"  # DCK019: a zone the format does not have


class Bound(str, Enum):
    """A bound of a zone in the format file (``zones.<zone>.<bound>``)."""

    MIN = "min"       # DCK011 (and DCK010 for an empty zone)
    MAX = "max"       # DCK012
    SIZES = "sizes"   # DCK013


@dataclass(frozen=True, slots=True)
class SizeClaim:
    """One bound of one zone's size (DCK010–DCK013)."""

    zone: str
    bound: Bound


@dataclass(frozen=True, slots=True)
class MissingClaim:
    """A required zone with no cards at all (DCK010)."""

    zone: str


Claim = Union[Check, SizeClaim, MissingClaim]
