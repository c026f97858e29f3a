"""Is one card legal in a format on a date? (``deckcheck cards show NAME -f FORMAT``)

Answered by the check machinery itself, never by a second reading of the format: a
one-card list is checked in each zone of the format, and what the rules say about that
card's line (banned, restricted, not in the card pool, the zone's type limits, the game's
own card rules: the findings on the card's line that name it) is the answer. What a
one-card list says about the deck as a whole (too few cards, no ruler, no mage) names no
card and is left out. The card is legal when it
may stand in at least one zone; the findings shown are those of the zone that suits it
best (no error, else the fewest).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.models import Card, Finding, Severity

#: how a name was matched: the probe writes the canonical name, so these say nothing of it
_MATCH_CODES = frozenset({"DCK002", "DCK003", "DCK004", "DCK005", "DCK006", "DCK007",
                          "DCK008"})
_LINE = 2   # the probe's card line (the zone heading is line 1)


@dataclass(slots=True)
class Verdict:
    format: str
    date: str | None
    legal: bool
    zone: str | None                 # the zone the findings are of
    zones: list[str] = field(default_factory=list)   # every zone the card may stand in
    findings: list[Finding] = field(default_factory=list)
    profile: str | None = None       # the dated profile that applied


def probe(card: Card, format_id: str, date: str | None, opts) -> Verdict:
    """The verdict on ``card`` in ``format_id`` on ``date`` (``opts``: the run's
    :class:`deckcheck.api.Options`, for its configuration's formats and cards)."""
    from dataclasses import replace

    from deckcheck import formats
    from deckcheck.api import UsageError, check_source, formats_dirs, validate_date
    from deckcheck.reading import SourceText

    date = validate_date(date)
    try:
        fmt = formats.load(format_id.lower(), formats_dirs(opts.config))
    except formats.FormatError as exc:
        raise UsageError(str(exc)) from None
    opts = replace(opts, format_id=fmt.id, date=date, configs=None, select=[], ignore=[])
    tried: list[tuple[str, int, list[Finding]]] = []
    profile = None
    for zone in fmt.zones:
        src = SourceText(path="<probe>", text=f"{zone}\n1 {card.name}\n", encoding="utf-8")
        result = check_source(src, opts)
        profile = profile or result.stats.get("profile")
        entry = next((e for e in result.deck.entries if e.line == _LINE), None)
        if entry is None or entry.card != card or entry.zone != zone:
            continue   # the heading did not open this zone, or the name found another card
        # what the rules say of the card: its line, the card named (a zone's size is
        # said on its first line too, but names no card)
        about = [f for f in result.findings if f.line == _LINE and f.card
                 and f.code not in _MATCH_CODES]
        tried.append((zone, sum(f.severity is Severity.ERROR for f in about), about))
    if not tried:
        return Verdict(fmt.id, date, False, None, [], [], profile)
    fits = [zone for zone, errors, _ in tried if not errors]
    zone, _errors, about = min(tried, key=lambda t: (t[1], len(t[2])))
    if fits:
        zone, _errors, about = next(t for t in tried if t[0] == fits[0])
    return Verdict(fmt.id, date, bool(fits), zone, fits, about, profile)
