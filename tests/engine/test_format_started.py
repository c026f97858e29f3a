"""A format's ``started:`` fact, for every game: a date before it is refused (a usage error
that names the format, the day and the source), a date from it on but before the first
profile is checked with the first profile (DCK039), and ``extends:`` does not pass it on."""

from __future__ import annotations

import pytest

from deckcheck.errors import FormatNotStarted, carry_phrase, short_source
from deckcheck.formats import Format, FormatError, _compile
from deckcheck.i18n import error_text

SOURCE = "https://example.org/announcement (a quotation); a second source"


def _fmt(started, profiles=()):
    data = {"id": "g-x", "game": "g", "name": "Game — X", "profiles": list(profiles)}
    if started:
        data["started"] = started
    return Format(data)


def test_a_date_before_the_start_is_refused_with_the_day_and_the_source():
    fmt = _fmt({"date": "2011-08-12", "source": SOURCE},
               [{"from": "2011-05-19", "name": "early"}, {"from": "2011-09-30", "name": "B"}])
    with pytest.raises(FormatNotStarted) as err:
        fmt.for_date("2011-08-11")
    text = str(err.value)
    assert text == ("2011-08-11 is before Game — X (g-x) existed: it began on 2011-08-12 "
                    "(https://example.org/announcement); choose a date on or after 2011-08-12.")
    assert isinstance(err.value, FormatError)           # every caller's usage error (exit 2)
    assert fmt.for_date("2011-08-12").profile["name"] == "early"
    assert fmt.for_date(None).profile["name"] == "B"     # no date: today, never refused


def test_between_the_start_and_the_first_profile_the_first_profile_applies():
    fmt = _fmt({"date": "2004-09-01", "source": SOURCE}, [{"from": "2012-02-03", "name": "A"}])
    assert fmt.for_date("2004-09-01").profile["name"] == "A"
    assert fmt.for_date("2008-01-01").date == "2008-01-01"
    with pytest.raises(FormatNotStarted):
        fmt.for_date("2004-08-31")
    # without a start, a date before the first profile has no state: refused as before
    with pytest.raises(FormatError, match="earliest is 2012-02-03"):
        _fmt(None, [{"from": "2012-02-03"}]).for_date("2008-01-01")


def test_a_format_without_profiles_is_refused_before_its_start_too():
    fmt = _fmt({"date": "2011-06-17", "source": SOURCE})
    with pytest.raises(FormatNotStarted, match="began on 2011-06-17"):
        fmt.for_date("1999-01-01")
    assert fmt.for_date("2011-06-17").profile is None


def test_short_source_names_the_first_source():
    assert short_source(SOURCE) == "https://example.org/announcement"
    assert short_source("MTGJSON v3 ISD.json releaseDate 2011-09-30 (Innistrad)") == \
        "MTGJSON v3 ISD.json releaseDate 2011-09-30"
    assert short_source(None) == "source not recorded"


def test_the_refusal_is_translated_and_survives_being_wrapped():
    exc = FormatNotStarted("g-x", "Game — X", "2019-10-21", SOURCE, "2019-10-20")
    hans = error_text(exc, "zh-Hans")
    assert "始于 2019-10-21" in hans and "2019-10-20" in hans and "example.org" in hans
    assert "始於 2019-10-21" in error_text(exc, "zh-Hant")
    assert error_text(exc, "en") == str(exc)
    wrapped = carry_phrase(exc, RuntimeError(str(exc)))
    assert error_text(wrapped, "zh-Hans") == hans
    # an error without a phrase keeps its English text in every language
    assert error_text(FormatError("plain"), "zh-Hans") == "plain"


def _write(tmp_path, fid, text):
    path = tmp_path / "g" / f"{fid}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_started_is_read_checked_and_not_inherited(tmp_path):
    base = _write(tmp_path, "g-base", "id: g-base\nstarted: {date: 2011-06-17, source: s}\n")
    bare = _write(tmp_path, "g-bare", "id: g-bare\nstarted: 2018-03-22\n")
    child = _write(tmp_path, "g-child", "id: g-child\nextends: g-base\n")
    own = _write(tmp_path, "g-own", "id: g-own\nextends: g-base\nstarted: {date: 2023-03-15}\n")
    out = _compile({"g-base": base, "g-bare": bare, "g-child": child, "g-own": own},
                   None)["formats"]
    assert out["g-base"]["started"] == {"date": "2011-06-17", "source": "s", "note": None}
    assert out["g-bare"]["started"]["date"] == "2018-03-22"
    assert "started" not in out["g-child"]            # its own fact, not the parent's
    assert out["g-own"]["started"]["date"] == "2023-03-15"
    bad = _write(tmp_path, "g-bad", "id: g-bad\nstarted: {source: s}\n")
    with pytest.raises(FormatError, match="g-bad.yaml: started: give the day"):
        _compile({"g-bad": bad}, None)
    worse = _write(tmp_path, "g-worse", "id: g-worse\nstarted: {date: soon}\n")
    with pytest.raises(FormatError, match="not a date"):
        _compile({"g-worse": worse}, None)
