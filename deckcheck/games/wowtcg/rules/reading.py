"""Findings made while reading the list, documented here (the hooks make them):
WOW121, WOW125."""

from __future__ import annotations

from deckcheck.games.wowtcg.rules.common import WowRule
from deckcheck.models import Severity
from deckcheck.rules.base import register


@register
class HeroBackFace(WowRule):
    """The back of the hero card is listed as a card; in the hero zone it is ignored.

    The OCTGN and Magic Workstation exporters write it as "Fama'sin the Lifeseer Back".
    Anywhere else it is an error (WOW119). A real card whose name ends in "Back" (Fall Back)
    is never read as a back face.
    """

    code = "WOW121"
    name = "hero-back-face"
    severity = Severity.INFO
    stage = "parse"
    message = '"{input}" is the back of hero {hero}; ignored.'


@register
class BlockHintMismatch(WowRule):
    """A file's block or set hint names a block or set the card was never printed in.

    ``.mwDeck`` ``[block]`` numbers and the set/block columns of CSV files are hints: the card
    names decide, the hint is ignored and never fails the deck.
    """

    code = "WOW125"
    name = "block-hint-mismatch"
    severity = Severity.WARNING
    stage = "parse"
    message = ("{card} was not printed in block {block} (file says [{block}]; "
               "printed in block {blocks}); hint ignored.")
    #: a set hint (``block`` is the set the file names, ``blocks`` the card's sets)
    messages = {"set": ("{card} was not printed in set {block} (printed in "
                        "{blocks}); hint ignored.")}
