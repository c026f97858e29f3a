"""Tournament registration: check every registered list before the event (issue 8).

``deckcheck register ROSTER`` reads a roster (:mod:`.roster`), checks each player's list on
the event date through the normal pipeline (:func:`deckcheck.api.check_file`), gives every
list a fingerprint (:mod:`.fingerprint`), runs the organiser checks (:mod:`.checks`: duplicate
player ids, identical lists, player-id check digits, unreadable lists) and reports the result
as text, JSON, CSV or HTML (:mod:`.output`). :mod:`.sheets` prints one registration sheet
per player in the layout of the player's game (:mod:`.layouts`).

The run itself is :func:`.run.register`; the command line lives in :mod:`deckcheck.cli`.
"""
