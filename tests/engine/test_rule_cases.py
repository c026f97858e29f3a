"""Data-driven rule tests: one YAML file of cases per rule code in ``tests/cases/``.

Case file shape (``tests/cases/<CODE>.yaml``)::

    rule: FOW101
    date: 2012-02-25           # optional: the date of every case that names none
    templates:                 # optional named deck texts for this file
      g: |
        Ruler: …
    cases:
      - name: main-39          # unique within the file
        format: fow-classic
        date: 2012-02-03       # optional
        deck: |                # the list as text …
          Ruler: …
        template: fow/grimm.txt   # … or a template: a name above or a file in cases/_decks/
        file: ../shared/data/fow/fowpro-new/decks/Grimm.fdk   # … or a file (repo-relative)
        replace: [["4 Tell a Fairy Tale", "3 Tell a Fairy Tale"]]   # line edits on a template
        append: |              # lines added at the end of a template
          Side Deck
          2 Law of Silence
        expect:                # findings of `rule` that must be present (fields must match)
          - {zone: main, expected: 40, actual: 39}
        expect: none           # … or: the rule must not fire
        count: 2               # optional: exactly this many findings of `rule`
        legal: false           # optional: overall legality
        also: [FOW112]         # optional: other codes that must be present
        absent: [FOW121]       # optional: codes that must not be present
        message_contains: "39" # optional: text every expected finding's message contains
        needs_shared: true     # skip when ../shared is absent
        strict: true           # optional: with --strict semantics, legal means no warnings
        path: list.fdk         # optional: the file name the inline deck is read as (parser choice)
        formats:               # optional test-only formats: {id: {game:, extends:, zones: …}}
          test-fow-banned: {game: fow, extends: fow-classic, banned: [Absolute Cake Zone]}
        cards:                 # optional extra card data, as the config's `cards:` (records
          wowtcg: tests/cases/_cards/wowtcg   # replace shipped ones with the same id)

Every registered rule code must have a case file with at least one case where it fires.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckcheck.api import Options, check_file, check_source
from deckcheck.config import Config
from deckcheck.reading import SourceText
from deckcheck.rules.base import all_rules

from conftest import ROOT, SHARED

CASES = ROOT / "tests" / "cases"
DECKS = CASES / "_decks"


def _load_files():
    out = []
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out.append((path, data))
    return out


FILES = _load_files()


def _params():
    params = []
    for path, data in FILES:
        for case in data.get("cases") or []:
            params.append(pytest.param(path, data, case, id=f"{path.stem}:{case['name']}"))
    return params


def _deck_text(data: dict, case: dict) -> str:
    if "deck" in case:
        return case["deck"]
    name = case["template"]
    templates = data.get("templates") or {}
    text = templates[name] if name in templates else (DECKS / name).read_text(encoding="utf-8")
    lines = text.splitlines()
    for old, new in case.get("replace") or []:
        hits = [i for i, line in enumerate(lines) if line.strip() == old.strip()]
        assert hits, f"replace: line {old!r} not in template {name}"
        for i in hits:
            lines[i] = new
    for old in case.get("remove") or []:
        before = len(lines)
        lines = [line for line in lines if line.strip() != old.strip()]
        assert len(lines) < before, f"remove: line {old!r} not in template {name}"
    text = "\n".join(lines) + "\n"
    if case.get("prepend"):
        text = case["prepend"] + text
    if case.get("append"):
        text += case["append"]
    return text


def _matches(finding, want: dict) -> bool:
    for key, value in want.items():
        have = getattr(finding, key)
        if key == "severity":
            have = have.value
        if have != value:
            return False
    return True


def _config_with_formats(formats: dict, tmp: Path) -> Config:
    """A configuration whose extra formats folder holds the case's test-only formats."""
    for fid, data in formats.items():
        game = data.get("game") or fid.split("-")[0]
        target = tmp / "formats" / game / f"{fid}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(yaml.safe_dump(dict(data, id=fid, game=game), allow_unicode=True),
                          encoding="utf-8")
    return Config(root=tmp, formats_dirs=[tmp / "formats"])


@pytest.mark.parametrize("path,data,case", _params())
def test_rule_case(path: Path, data: dict, case: dict, tmp_path: Path, monkeypatch) -> None:
    code = data["rule"]
    if case.get("needs_shared") and SHARED is None:
        pytest.skip("needs ../shared (the public data sets), which is not present")
    date = case.get("date", data.get("date"))
    config = _config_with_formats(case["formats"], tmp_path) if case.get("formats") else None
    if case.get("cards"):
        config = config or Config(root=tmp_path)
        config.cards = {game: ROOT / folder for game, folder in case["cards"].items()}
        # a separate compiled-card cache, so the shipped data's cache is not rebuilt
        monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(ROOT / ".deckcheck-cache" / "case-cards"))
    opts = Options(format_id=case.get("format"), date=str(date) if date else None,
                   lang=case.get("lang", "en"), config=config)
    if "file" in case:
        target = (ROOT / case["file"]).resolve()
        if not target.exists():
            pytest.skip(f"fixture {case['file']} not present")
        result = check_file(target, opts)
    else:
        src = SourceText(path=case.get("path", f"{case['name']}.txt"),
                         text=_deck_text(data, case), encoding="utf-8")
        result = check_source(src, opts)
    assert result.error is None, result.error
    found = [f for f in result.findings if f.code == code]
    shown = "\n".join(f"  {f.code} {f.severity.value} {f.zone} {f.card!r} l{f.line} "
                      f"exp={f.expected!r} act={f.actual!r}: {f.message}" for f in result.findings)
    expect = case.get("expect", [{}])
    if expect == "none":
        assert not found, f"{code} fired but should not:\n{shown}"
    else:
        for want in expect:
            assert any(_matches(f, want) for f in found), \
                f"no {code} finding with {want}; findings:\n{shown}"
            if case.get("message_contains"):
                hits = [f for f in found if _matches(f, want)]
                assert any(case["message_contains"] in f.message for f in hits), shown
    if "count" in case:
        assert len(found) == case["count"], f"expected {case['count']} × {code}:\n{shown}"
    codes = {f.code for f in result.findings}
    for other in case.get("also") or []:
        assert other in codes, f"expected {other} too:\n{shown}"
    for other in case.get("absent") or []:
        assert other not in codes, f"{other} must not fire:\n{shown}"
    if "legal" in case:
        legal = not result.failed(strict=bool(case.get("strict")))
        assert legal == case["legal"], f"legal={result.legal}:\n{shown}"


def test_every_rule_has_a_case_file() -> None:
    have = {data["rule"]: data for _, data in FILES}
    missing = []
    for rule in all_rules():
        data = have.get(rule.code)
        if data is None or not any(c.get("expect", [{}]) != "none" for c in data.get("cases") or []):
            missing.append(rule.code)
    assert not missing, f"rules without a case file (with a firing case): {missing}"


def test_case_files_name_their_rule() -> None:
    for path, data in FILES:
        assert data.get("rule") == path.stem, f"{path.name}: rule: must be {path.stem}"
        names = [c["name"] for c in data.get("cases") or []]
        assert len(names) == len(set(names)), f"{path.name}: duplicate case names"
