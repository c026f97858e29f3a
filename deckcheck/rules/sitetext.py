"""DCK036: text of a deck's web page pasted with the list (deckcheck.parsing.sitetext)."""

from __future__ import annotations

from deckcheck.models import Severity
from deckcheck.rules.base import register
from deckcheck.rules.core import ParseRule


@register
class SiteText(ParseRule):
    """Lines copied from a deck's web page with the list: a shop's or deck site's buttons
    ("Buy this deck", "Add to cart", "Export to Arena", "Deck Tools", "Playtest") and price
    lines ("Price: $123.45", "TCGplayer Mid: $210.34", "12.50 tix"). They name no card and
    are not counted; the list's lines of this kind are shown once, in one note.

    Only a closed set of button labels and lines whose only words besides an amount of
    money are price words are read so: no card of any game has such a name. Delete the
    lines to silence the note.
    """

    code = "DCK036"
    name = "site-text"
    severity = Severity.INFO
    message = "'{text}' is text of the deck's web page, not a card; not counted."
    messages = {"several": "Lines {lines}: {text} are text of the deck's web page (buttons, "
                           "prices), not cards; not counted.",
                "many": "Lines {lines}: {text} and {more} more are text of the deck's web page "
                        "(buttons, prices), not cards; not counted."}
