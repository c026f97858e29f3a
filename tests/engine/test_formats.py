"""Format files: extends, abstract bases, dated profiles, validation errors."""

from __future__ import annotations

import pytest

from deckcheck import formats
from deckcheck.formats import Format, FormatError, _compile


def test_extends_merges_zones_and_keeps_own_keys():
    fmt = formats.load("fow-new-frontiers")
    assert fmt.game == "fow" and fmt.for_date("2018-06-01").get("clusters") == ["Lapis", "Reiya"]
    assert fmt.zone("main")["max"] == 60 and fmt.zone("stone") == {"min": 10, "max": 20,
                                                                    "allow_types": ["magic_stone"],
                                                                    "counted": True}


def test_abstract_and_unknown_formats_are_usage_errors():
    with pytest.raises(FormatError, match="abstract"):
        formats.load("fow-cr127")
    with pytest.raises(FormatError) as err:
        formats.load("no-such-format")
    assert "fow-classic" in str(err.value)


def _fmt(profiles):
    return Format({"id": "x", "game": "g", "profiles": profiles})


def test_profile_selection_by_date():
    fmt = _fmt([{"from": "2011-09-30", "name": "A", "sets": ["ISD"]},
                {"from": "2012-02-03", "name": "B", "sets": ["DKA"]}])
    assert fmt.for_date(None).profile["name"] == "B"
    assert fmt.for_date("2012-02-02").get("sets") == ["ISD"]
    assert fmt.for_date("2012-02-03").get("sets") == ["DKA"]
    assert fmt.for_date("2030-01-01").profile["name"] == "B"
    with pytest.raises(FormatError, match="earliest is 2011-09-30"):
        fmt.for_date("2011-09-29")


def _write(tmp_path, game, fid, text):
    path = tmp_path / game / f"{fid}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_format_files_name_the_file(tmp_path):
    a = _write(tmp_path, "g", "g-a", "id: g-a\nextends: g-b\n")
    b = _write(tmp_path, "g", "g-b", "id: g-b\nextends: g-a\n")
    with pytest.raises(FormatError, match="extends loop"):
        _compile({"g-a": a, "g-b": b}, None)
    c = _write(tmp_path, "g", "g-c", "id: g-c\nzones: {main: {min: -3}}\n")
    with pytest.raises(FormatError) as err:
        _compile({"g-c": c}, None)
    assert "g-c.yaml" in str(err.value) and "zones.main.min" in str(err.value)
    d = _write(tmp_path, "g", "g-d", "id: other\n")
    with pytest.raises(FormatError, match="differs from the file name"):
        _compile({"g-d": d}, None)


def test_every_shipped_format_loads():
    for fmt in formats.all_formats():
        assert fmt.game and fmt.zones, fmt.id
