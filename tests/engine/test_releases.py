"""Set release dates (deckcheck/releases.py): the day or month a source gives, and a card's
first release over its printings, as the not-yet-released check DCK037 reads them."""

from __future__ import annotations

import datetime as dt

from deckcheck.releases import first_day, first_release, release_table


def test_a_day_a_month_and_what_is_no_date():
    assert first_day("2024-08-29") == "2024-08-29"
    assert first_day(dt.date(2024, 8, 29)) == "2024-08-29"
    assert first_day("2012-03") == "2012-03-01"          # CardCarp gives months
    for bad in ("", None, "2012", "2012-13", "2024-02-30", "soon"):
        assert first_day(bad) is None, bad


def test_the_table_keeps_what_the_source_gives():
    table = release_table([{"code": "WOTA", "name": "War of the Ancients", "released": "2012-03"},
                           {"code": "TSR", "released": "2024-08-29"},
                           {"code": "OLD", "name": "Undated"}])
    assert set(table) == {"WOTA", "TSR"}
    wota = table["WOTA"]
    assert (wota.label, wota.first_day, wota.shown, wota.month_only) == \
        ("War of the Ancients (WOTA)", "2012-03-01", "2012-03", True)
    assert table["TSR"].label == "TSR" and not table["TSR"].month_only


def test_the_first_release_is_the_earliest_printing_and_unknown_if_one_is_undated():
    table = release_table([{"code": "A", "released": "2020-05-01"},
                           {"code": "B", "released": "2019-01-10"}])
    assert first_release(["A", "B"], table).code == "B"
    assert first_release(["A"], table).code == "A"
    # a printing in a set with no known day may be the older one: nothing is claimed
    assert first_release(["A", "C"], table) is None
    assert first_release([], table) is None
