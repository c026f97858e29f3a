"""Organiser checks: what is wrong with the roster rather than with one list.

Each check gives :class:`deckcheck.models.Finding` objects with a ``REG`` code, attached to
the player (roster row) they concern; their ``line`` is the roster line.

| code | name | severity | when |
|---|---|---|---|
| REG001 | duplicate-player-id | error | two rows of the same game have the same player id (for MTG, DCI numbers are compared in their 10-digit form, so ``1234567`` and ``9051234567`` are one player) |
| REG002 | identical-list | info | two players registered the same list (same fingerprint, so same format) |
| REG003 | player-id-check-digit | error | the player id fails its game's check digit (MTG DCI numbers, mtg.md §6.3) |
| REG004 | deck-unreadable | error | no deck file given, the file is missing or cannot be read or checked |
| REG005 | player-id-missing | warning | the roster has a player-id column but this row leaves it empty |
| REG006 | player-id-differs | warning | the list's own ``DCI:`` line names another number than the roster |
| REG007 | deck-path-refused | error | the row's deck path leads outside the roster's folder (and ``--decks-dir``): absolute, ``..``, a link out, or not a regular file; the file is not read |

Duplicate ids are compared within one game: a multi-game roster may list one person for
two games. A game has a check digit when its descriptor declares a ``player_id`` rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from deckcheck.models import Finding, Severity

if TYPE_CHECKING:
    from deckcheck.registration.run import PlayerResult

CHECKS: dict[str, tuple[str, Severity]] = {
    "REG001": ("duplicate-player-id", Severity.ERROR),
    "REG002": ("identical-list", Severity.INFO),
    "REG003": ("player-id-check-digit", Severity.ERROR),
    "REG004": ("deck-unreadable", Severity.ERROR),
    "REG005": ("player-id-missing", Severity.WARNING),
    "REG006": ("player-id-differs", Severity.WARNING),
    "REG007": ("deck-path-refused", Severity.ERROR),
}


def finding(code: str, message: str, line: int | None, **kw) -> Finding:
    name, severity = CHECKS[code]
    return Finding(code=code, name=name, severity=severity, message=message, line=line, **kw)


# ---------------------------------------------------------------------------------------
# player ids per game


@dataclass(frozen=True, slots=True)
class PlayerIdRule:
    label: str                                  # what the id is called on the sheet
    word: str                                   # … and in messages
    valid: Callable[[str], bool] | None         # the check-digit test, if the game has one
    canonical: Callable[[str], str]             # the form two ids are compared in
    metadata_key: str | None = None             # the list's own line giving the id


def plain_id(value: str) -> str:
    return "".join(value.split()).replace("-", "").casefold()


DEFAULT_ID = PlayerIdRule(label="Player ID", word="player id", valid=None, canonical=plain_id)


def id_rule(game: str | None) -> PlayerIdRule:
    """The game's player-id rule (its descriptor's ``player_id``), else a plain id."""
    from deckcheck.games.registry import piece

    return piece(game, "player_id") or DEFAULT_ID


# ---------------------------------------------------------------------------------------
# the checks


def run_checks(players: list["PlayerResult"], has_id_column: bool) -> None:
    """Add the organiser findings to each player's ``organiser`` list."""
    for p in players:
        if p.player.deck_refused:
            # the message names the roster row and the path as written, nothing read
            p.organiser.append(finding("REG007", p.player.deck_refused, p.player.line))
        elif p.status == "unreadable":
            where = f"{p.player.deck}: " if p.player.deck else ""
            p.organiser.append(finding("REG004", f"{p.player.name}: {where}{p.error_text}",
                                       p.player.line))
        _player_id(p, has_id_column)
    _duplicates(players)
    _identical(players)
    for p in players:
        p.organiser.sort(key=lambda f: (-f.severity.rank, f.code))


def _player_id(p: "PlayerResult", has_id_column: bool) -> None:
    rule = id_rule(p.game)
    pid = p.player.player_id
    if not pid:
        if has_id_column:
            p.organiser.append(finding("REG005", f"{p.player.name} has no {rule.word} in the "
                                                 "roster.", p.player.line))
        return
    if rule.valid is not None and not rule.valid(pid):
        p.organiser.append(finding(
            "REG003", f"{rule.word[0].upper() + rule.word[1:]} {pid} of {p.player.name} "
                      "appears invalid (check digit).", p.player.line, actual=pid))
    deck = p.result.deck if p.result is not None else None
    if rule.metadata_key and deck is not None:
        written = deck.metadata.get(rule.metadata_key)
        if written and rule.canonical(written) != rule.canonical(pid):
            p.organiser.append(finding(
                "REG006", f"The list of {p.player.name} says {rule.metadata_key.upper()}: "
                          f"{written.strip()}, the roster says {pid}.", p.player.line,
                expected=pid, actual=written.strip()))


def _duplicates(players: list["PlayerResult"]) -> None:
    groups: dict[tuple[str, str], list["PlayerResult"]] = {}
    for p in players:
        if p.player.player_id:
            key = (p.game or "", id_rule(p.game).canonical(p.player.player_id))
            groups.setdefault(key, []).append(p)
    for same in groups.values():
        if len(same) < 2:
            continue
        for p in same:
            others = "; ".join(
                f"{o.player.name} (line {o.player.line}"
                + (f", written {o.player.player_id})" if o.player.player_id != p.player.player_id
                   else ")") for o in same if o is not p)
            p.organiser.append(finding(
                "REG001", f"Player id {p.player.player_id} of {p.player.name} is also given to "
                          f"{others}.", p.player.line))


def _identical(players: list["PlayerResult"]) -> None:
    groups: dict[str, list["PlayerResult"]] = {}
    for p in players:
        if p.fingerprint is not None:
            groups.setdefault(p.fingerprint.digest, []).append(p)
    for same in groups.values():
        if len(same) < 2:
            continue
        for p in same:
            others = "; ".join(f"{o.player.name} (line {o.player.line})"
                               for o in same if o is not p)
            p.organiser.append(finding(
                "REG002", f"{p.player.name} registered the same list as {others}; "
                          f"fingerprint {p.fingerprint.short}.", p.player.line))
