"""Mage Wars spellbook construction rules (MWR codes; game page ``magewars.md`` §2, §7).

The numbers come from the format files (``formats/magewars/``: copy limits, fixed costs,
the Academy settings) and from the mage table in ``cards/magewars/mages.yaml`` (each
mage's spellbook points and training). Costing is :mod:`deckcheck.games.magewars.book`;
the declared mage and the costed book come from :mod:`deckcheck.games.magewars.model`.
Every message ends with the rule it applies (MW-R1 … MW-R23).

Importing the package registers every rule. The modules go by theme: :mod:`.points`
(the spellbook limit), :mod:`.copies`, :mod:`.restrictions` (Class / School Only, the
Academy pool), :mod:`.mage` (the declared mage and its element), :mod:`.apprentice`
(Apprentice Mode) and :mod:`.pool` (card pool and data notes); :mod:`.common` holds what
they share.
"""

from deckcheck.games.magewars.rules import apprentice, copies, mage, points, pool, restrictions
from deckcheck.games.magewars.rules.apprentice import ApprenticeMismatch, EditionUnknown
from deckcheck.games.magewars.rules.common import MwRule
from deckcheck.games.magewars.rules.copies import (AcademyCopiesAboveBooks, EpicDuplicate,
                                                   TooManyCopies)
from deckcheck.games.magewars.rules.mage import (CommunityMage, ElementNotWizard,
                                                 MageFormatMismatch, MageMissing, MultipleMages,
                                                 WizardElementInvalid, WizardElementMissing)
from deckcheck.games.magewars.rules.points import (ListedCostDiffers, PointsUnused,
                                                   SpellbookOverLimit)
from deckcheck.games.magewars.rules.pool import (NotASpell, PlaytestCard, PrintingDiffers,
                                                 PromoOnly, TypeHeaderMismatch)
from deckcheck.games.magewars.rules.restrictions import AcademyPool, ClassOnly, SchoolOnly

__all__ = ["apprentice", "copies", "mage", "points", "pool", "restrictions", "MwRule",
           "SpellbookOverLimit", "TooManyCopies", "EpicDuplicate", "ClassOnly", "SchoolOnly",
           "MageMissing", "ApprenticeMismatch", "WizardElementMissing", "WizardElementInvalid",
           "ElementNotWizard", "MultipleMages", "PlaytestCard", "CommunityMage", "PromoOnly",
           "NotASpell", "AcademyPool", "MageFormatMismatch", "PointsUnused", "PrintingDiffers",
           "TypeHeaderMismatch", "AcademyCopiesAboveBooks", "ListedCostDiffers", "EditionUnknown"]
