"""Errors that cross the stages: raised in one module, caught and reported in another.

Each is a user-facing problem (exit 2 with one message), never a bug. Modules that raise
them re-export them under their old names, so ``deckcheck.formats.FormatError`` stays.
"""

from __future__ import annotations


class FormatError(Exception):
    """An unknown format id, a bad format file or a date with no profile (exit 2)."""
