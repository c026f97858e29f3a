"""Names and printings as the list writes them (parse stage): back faces, ``Front // Back``,
Chinese names, truncated names, split-card halves, and printing hints the card data does
not have. The findings are made by :mod:`deckcheck.games.mtg.hooks` while names are read.
"""

from __future__ import annotations

from deckcheck.games.mtg.rules.common import MtgParseRule
from deckcheck.models import Severity
from deckcheck.rules.base import register

@register
class PrintingMismatch(MtgParseRule):
    """A line names a set and collector number the card was not printed with; the printing
    is ignored and the card is checked by name.

    Set codes are taken only from explicit syntax (``(SET) num``, ``[SET]``, ``[SET:num]``,
    ``|SET``, XML and CSV fields: mtg.md §5). Collector numbers with a face letter (``51a``)
    and without (``51``, Arena and Scryfall) are both accepted.
    """

    code = "MTG204"
    name = "printing-mismatch"
    severity = Severity.WARNING
    message = "{card} has no printing {set}{number}; set/number ignored."


@register
class SetNotInData(MtgParseRule):
    """A line names a set code the card data does not have; the code is ignored.

    Typical causes: a set newer than the card data (import it with
    ``deckcheck cards import mtgjson``), or a program's own code (MTG Arena's ``DAR`` is read
    as ``DOM``). Legality goes by name (MTG-R11), so when the name itself is a known card the
    printing changes nothing: the finding is information (variants ``named``,
    ``written-named``) and a legal list stays legal under ``--strict``. It is a warning only
    when the name is not known either (then the unknown name is the error).
    """

    code = "MTG205"
    name = "set-not-in-data"
    severity = Severity.WARNING
    message = 'Set code "{set}" is not in the card data; ignored.'
    messages = {"written": 'Set code "{set}" (written "{written}") is not in the '
                           "card data; ignored.",
                "named": 'Set code "{set}" is not in the card data; ignored: '
                         "{card} is checked by its name.",
                "written-named": 'Set code "{set}" (written "{written}") is not in '
                                 "the card data; ignored: {card} is checked by its name."}


@register
class BackFaceName(MtgParseRule):
    """A line names the back face of a double-faced card; it counts as the card.

    A double-faced card is one card named by its front face (MTG-R13: seed FAQ L5, "they
    have two faces: front and back"; every seed entry is headed by the front name). Decklists
    use that name (MTG-R17), so register the front face. Chinese back-face names count too.
    """

    code = "MTG401"
    name = "back-face-name"
    severity = Severity.WARNING
    message = ('"{input}" is the back face of {card}; counted as {card}. Register '
               "double-faced cards by their front face.")


@register
class DfcFullName(MtgParseRule):
    """A line names a double-faced card as ``Front // Back`` or ``Front/Back``; it is read
    as the card (front face), information only (MTG-R13; mtg.md §3.3)."""

    code = "MTG402"
    name = "dfc-full-name"
    severity = Severity.INFO
    message = '"{input}" read as {card} (front face).'
    #: a split card (``Fire // Ice``) has no front face
    messages = {"split": '"{input}" read as {card}.'}


@register
class NonEnglishName(MtgParseRule):
    """A line names a card in Chinese; it was read as the English card.

    Decklists use English names: the registration sheet says "PRINT CLEARLY USING ENGLISH
    CARD NAMES" (MTG-R17). Information on ordinary lists, a warning on registration lists
    (lists with ``Player:``, ``DCI:`` or ``Event:``; mtg.md §6.2).
    """

    code = "MTG403"
    name = "non-english-name"
    severity = Severity.INFO
    message = ('"{input}" is the {language} name of {card}; registration sheets '
               "use English names.")


@register
class TruncatedName(MtgParseRule):
    """A line gives only the first words of a card name, and exactly one card starts so.

    A name that is unclear is a Deck/Decklist Problem (IPG 2011–2012, MTG-R17), so the
    reading is a warning: write the full name. Prefixes of several cards, endings of names
    and inputs under 6 letters never resolve (mtg.md §3.2).
    """

    code = "MTG404"
    name = "truncated-name"
    severity = Severity.WARNING
    message = ('"{input}" is not a full card name; read as {card}, the only card '
               "whose name starts this way.")


@register
class SplitHalfName(MtgParseRule):
    """A line names one half of a split card; it counts as the whole card (mtg.md §3.5).

    Split cards are named ``Left // Right``; a half name resolves only when it is unique.
    """

    code = "MTG409"
    name = "split-half-name"
    severity = Severity.WARNING
    message = '"{input}" is half of {card}; counted as {card}.'
