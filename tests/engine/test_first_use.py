"""What a first-time user meets: the spellings of --date, --lang and other everyday inputs
are read or refused with the fix spelt out, and big runs stay within their bounds."""

from __future__ import annotations

import pytest

from conftest import ROOT

from deckcheck.api import UsageError, validate_date

GRIMM = ROOT / "examples" / "fow" / "legal" / "grimm.txt"


@pytest.mark.parametrize("written, iso", [
    ("2012-02-25", "2012-02-25"), ("2012/2/25", "2012-02-25"), ("2012.02.25", "2012-02-25"),
    ("2012年2月25日", "2012-02-25"), (" 2012/02/05 ", "2012-02-05"),
])
def test_date_takes_the_spellings_of_a_lists_date_line(written, iso):
    assert validate_date(written) == iso


@pytest.mark.parametrize("written, hint", [
    ("25/02/2012", "write YYYY-MM-DD: --date 2012-02-25"),     # only day first is a date
    ("02/25/2012", "write YYYY-MM-DD: --date 2012-02-25"),     # only month first is
    ("03/02/2012", "--date 2012-02-03 or --date 2012-03-02, whichever is meant"),
    ("2012-02-30", "e.g. --date 2012-02-03"),
    ("tomorrow", "e.g. --date 2012-02-03"),
])
def test_an_unreadable_date_says_how_to_write_the_one_meant(written, hint):
    with pytest.raises(UsageError) as err:
        validate_date(written)
    assert str(err.value).startswith(f"--date {written!r} is not a date; write YYYY-MM-DD: ")
    assert str(err.value).endswith(hint)


def test_cli_date_in_slashes_checks_as_the_iso_date(cli):
    slashes = cli("check", str(GRIMM), "--date", "2019/1/1", "--output-format", "json")
    iso = cli("check", str(GRIMM), "--date", "2019-01-01", "--output-format", "json")
    assert slashes.returncode == iso.returncode == 0
    assert slashes.stdout == iso.stdout and b'"date": "2019-01-01"' in iso.stdout
    bad = cli("check", str(GRIMM), "--date", "31.12.2018")
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr
    assert "--date 2018-12-31" in bad.stderr.decode()
