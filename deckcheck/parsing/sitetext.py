"""Text of a deck's web page pasted with the list: shop and site buttons ("Buy this deck",
"Add to cart", "Export to Arena", "Deck Tools") and price lines ("Price: $123.45",
"TCGplayer Mid: $210.34", "12.50 tix").

Such a line names no card; read as one it would be an unknown card counted toward the deck.
The text reader reports the lines of a list once, as one note (DCK036), and counts none.
The test is conservative: a line is site text only when it is one of a closed set of
button labels, or a money amount with no word but price words; no card name of any game is
either (a test checks every card name of every game).
"""

from __future__ import annotations

import re

from deckcheck.models import Finding

#: the buttons and links of deck sites and shops, folded (lower case, blanks single, no
#: trailing punctuation)
_BUTTONS = frozenset("""
buy this deck|buy deck|buy now|buy it now|buy all|buy the deck|buy this list|buy cards
add to cart|add all to cart|add deck to cart|add to basket|add all to basket|add to wishlist
add to collection|add to wish list|checkout|view cart
export|export deck|export list|export decklist|export to arena|export to mtg arena|export to mtga
export to mtgo|export to magic online|export to text|export to csv|export to cockatrice
export to octgn|export to moxfield|export to archidekt|export to forge|export to xmage
download|download deck|download .dek|download .txt|download dek|download txt|download decklist
download as text|download for mtgo|download for arena|download .cod|download .o8d
copy to clipboard|copy deck|copy list|copy decklist|copy deck list|copy for arena
copy for mtgo|copy to arena|copy to mtga
print|print proxies|print deck|print decklist|print list|print this deck
share|share deck|share this deck|share list|embed|embed deck|tweet|tweet this deck
deck tools|tools|more tools|playtest|playtest deck|playtest this deck|goldfish|sample hand
draw sample hand|draw a sample hand|new hand|test draw|draw hand
visual view|text view|visual spoiler|view as text|view as visual|list view|grid view
stacks view|table view|compact view|full view|show images|hide images
open in arena|open in mtga|open in moxfield|open in archidekt|open in untap|open in tts
like|likes|comments|report deck|report this deck|edit deck|edit this deck|clone deck
copy this deck|save deck|save this deck|bookmark|bookmark deck|follow deck|subscribe
back to top|show more|see more|read more|show less|view all decks|more decks
""".strip().replace("\n", "|").split("|"))

#: an amount of money: "$123.45", "€ 45,00", "45.10 USD", "12.5 tix"
_MONEY = re.compile(r"(?:[$€£¥]\s*+\d[\d,.]*+|\d[\d,.]*+\s*+(?:[$€£¥]|(?:usd|eur|gbp|cad|"
                    r"aud|tix|dollars?|euros?)\b))", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]++")
#: the words a price line has besides its amounts ("TCGplayer Mid: $210.34", "Deck price
#: (paper): $45.10", "Total value 12.5 tix")
_PRICE_WORDS = frozenset("""price prices pricing cost value total deck decks mainboard main
sideboard side board estimated est approx approximately avg average market mid low high tcg
tcgplayer ck cardkingdom card kingdom cardmarket mkm cardhoarder paper online mtgo arena
usd eur gbp cad aud tix dollars dollar euros euro from starting at of the this list""".split())
#: the first words of the button labels and of price lines: a line with another first word
#: (most lines) is told apart by one set look-up
_FIRST_WORDS = frozenset(b.split()[0] for b in _BUTTONS) | _PRICE_WORDS
#: the folding of a line for the button set: blanks single, trailing punctuation gone
_TRAILING = " .:!›»>→"


def is_site_text(line: str) -> bool:
    """Whether a stripped line is a deck site's button or price line (see the module). Most
    lines are told apart by their first character or their first word."""
    c = line[:1]
    if c.isdigit():     # "12.50 tix", "45.10 USD"; "4 Island" fails at its second word
        return _MONEY.match(line) is not None and _price_line(line)
    if c in _CURRENCY:  # "$123.45"
        return _price_line(line)
    if not (c.isalpha() or c in "[("):
        return False    # "- 2 Snapcaster Mage", "《Ponder》"
    first = line.partition(" ")[0].casefold().lstrip("[(").rstrip(":：])")
    if first not in _FIRST_WORDS:
        return False
    folded = " ".join(line.casefold().split()).strip(_TRAILING).lstrip("[(").rstrip("])")
    return folded in _BUTTONS or _price_line(line)


_CURRENCY = frozenset("$€£¥")


def _price_line(line: str) -> bool:
    """An amount of money, and no word but price words: "TCGplayer Mid: $210.34"."""
    if not _MONEY.search(line):
        return False
    return all(w.casefold() in _PRICE_WORDS for w in _WORD.findall(_MONEY.sub(" ", line)))


def site_text_note(lines: list[tuple[int, str]]) -> Finding:
    """DCK036: the site text lines of a list, in one note."""
    from deckcheck.rules.sitetext import SiteText

    shown = [t if len(t) <= 40 else t[:37] + "..." for _, t in lines]
    first = lines[0][0]
    if len(lines) == 1:
        return SiteText().finding(None, line=first, text=shown[0])
    return SiteText().finding(None, line=first, text=", ".join(f"'{t}'" for t in shown[:3]),
                              n=len(lines), more=len(lines) - 3,
                              lines=", ".join(str(n) for n, _ in lines),
                              variant="several" if len(lines) <= 3 else "many")
