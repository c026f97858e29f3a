"""Golden outputs: the JSON report of every example, test fixture and case deck, in English,
Simplified and Traditional Chinese, recorded once and compared later (not a test).

    python bench/golden.py record DIR     # write DIR/<lang>.json
    python bench/golden.py compare DIR    # run again; list every deck whose output differs

A refactoring that must not change behaviour records before its first move and compares
after its last: the outputs must be byte-identical except where a change is intended.
Every deck goes through the real command line (``deckcheck check … --output-format json``),
in this process so the run takes a minute, not ten. Temporary paths are replaced by
``<tmp>`` so two runs compare.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

LANGS = ("en", "zh-Hans", "zh-Hant")
#: the format a fixture without one is checked in, by the game prefix of its file name
DEFAULT_FORMAT = {"fow": "fow-wanderer", "mtg": "mtg-standard", "magewars": "magewars-arena",
                  "wowtcg": "wowtcg-constructed", "mageknight": "mageknight-deed"}


def _cases(tmp: Path) -> list[tuple[str, list[str]]]:
    """Each case deck of tests/cases as a file in ``tmp`` and the arguments that check it."""
    from test_rule_cases import _deck_text  # the case files' own template logic

    out = []
    for path in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data.get("cases") or []:
            cid = f"case/{path.stem}/{case['name']}"
            folder = tmp / "cases" / path.stem / case["name"]
            folder.mkdir(parents=True)
            if "file" in case:
                target = ROOT / case["file"]
                if not target.exists():
                    continue
                deck = folder / target.name
                shutil.copyfile(target, deck)
            else:
                deck = folder / case.get("path", f"{case['name']}.txt")
                deck.write_text(_deck_text(data, case), encoding="utf-8")
            args = [str(deck)]
            config: dict = {}
            if case.get("formats"):
                for fid, fdata in case["formats"].items():
                    game = fdata.get("game") or fid.split("-")[0]
                    f = folder / "formats" / game / f"{fid}.yaml"
                    f.parent.mkdir(parents=True, exist_ok=True)
                    f.write_text(yaml.safe_dump(dict(fdata, id=fid, game=game),
                                                allow_unicode=True), encoding="utf-8")
                config["formats-dirs"] = ["formats"]
            if case.get("cards"):
                config["cards"] = {}
                for game, src in case["cards"].items():
                    shutil.copytree(ROOT / src, folder / "cards" / game)
                    config["cards"][game] = f"cards/{game}"
            if config:
                (folder / ".git").mkdir()  # the case folder is its own repository root
                cfg = folder / ".deckcheck.yaml"
                cfg.write_text(yaml.safe_dump(config), encoding="utf-8")
                args += ["--config", str(cfg)]
            if case.get("format"):
                args += ["-f", case["format"]]
            if case.get("date"):
                args += ["--date", str(case["date"])]
            out.append((cid, args))
    return out


def _fixtures() -> list[tuple[str, list[str]]]:
    out = []
    for f in sorted((ROOT / "examples").rglob("*")):
        if f.is_file() and f.suffix.lower() not in (".md", ".yml", ".yaml", ".csv"):
            out.append((f"example/{f.relative_to(ROOT / 'examples')}", [str(f)]))
    for folder in ("tests/data/real-lists", "tests/cases/_decks", "tests/data/register/decks"):
        for f in sorted((ROOT / folder).rglob("*")):
            if not f.is_file() or f.suffix.lower() in (".md", ".yaml", ".csv"):
                continue
            rel = f.relative_to(ROOT / folder)
            game = rel.parts[0] if len(rel.parts) > 1 else f.name.split("-")[0]
            args = [str(f)]
            if game in DEFAULT_FORMAT:
                args += ["-f", DEFAULT_FORMAT[game]]
            out.append((f"{folder}/{rel}", args))
    return out


def run_all() -> dict[str, dict[str, str]]:
    from deckcheck.cli import _run

    results: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        items = _fixtures() + _cases(tmp)
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            for lang in LANGS:
                for cid, args in items:
                    out, err = io.StringIO(), io.StringIO()
                    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                        code = _run(["check", *args, "--lang", lang, "--output-format", "json"])
                    text = f"exit {code}\n{out.getvalue()}\n--- stderr\n{err.getvalue()}"
                    results[lang][cid] = text.replace(tmp_name, "<tmp>").replace(str(ROOT), "<root>")
        finally:
            os.chdir(cwd)
    return results


def canonical(output: str) -> str:
    """A recorded output with its JSON report in one fixed layout: the report's content is
    compared, not how it is laid out (the report's layout became compact when it started
    being streamed)."""
    head, sep, rest = output.partition("\n")
    body, sep2, tail = rest.rpartition("\n--- stderr\n")
    if not (sep and sep2):
        return output
    try:
        doc = json.loads(body)
    except ValueError:
        return output
    return f"{head}\n{json.dumps(doc, ensure_ascii=False, indent=2)}\n--- stderr\n{tail}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("record", "compare"))
    ap.add_argument("dir", type=Path)
    a = ap.parse_args()
    results = run_all()
    if a.mode == "record":
        a.dir.mkdir(parents=True, exist_ok=True)
        for lang, outputs in results.items():
            (a.dir / f"{lang}.json").write_text(json.dumps(outputs, ensure_ascii=False, indent=1,
                                                           sort_keys=True), encoding="utf-8")
        print(f"recorded {sum(len(v) for v in results.values())} outputs in {a.dir}")
        return 0
    differ = 0
    for lang, outputs in results.items():
        before = json.loads((a.dir / f"{lang}.json").read_text(encoding="utf-8"))
        for cid in sorted(set(before) | set(outputs)):
            old = canonical(before.get(cid, "<absent>\n"))
            new = canonical(outputs.get(cid, "<absent>\n"))
            if old != new:
                differ += 1
                print(f"== {lang} {cid}")
                sys.stdout.writelines(list(difflib.unified_diff(
                    old.splitlines(True), new.splitlines(True), n=1))[:40])
    print(f"{differ} of {sum(len(v) for v in results.values())} outputs differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
