"""The house the code lives in (docs/architecture.md): an engine that names no game, one
package per game declared in one table, rule codes that carry their game's prefix, no
module over 600 lines, no import cycle."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.games import GAMES
from deckcheck.games.registry import descriptor, descriptors, game_of_code
from deckcheck.models import Severity
from deckcheck.rules.base import CORE_PREFIX, Rule, all_rules, register

from conftest import ROOT, SHARED

PACKAGE = ROOT / "deckcheck"


def _engine_modules() -> list[Path]:
    """Every module but the games' packages and the table of games."""
    out = []
    for f in sorted(PACKAGE.rglob("*.py")):
        rel = f.relative_to(PACKAGE)
        if rel.parts[0] == "games" and (len(rel.parts) > 2 or rel.name == "__init__.py"):
            continue
        out.append(f)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant):
            out.add(id(node.body[0].value))
    return out


def game_names_in(path: Path) -> list[str]:
    """Where a module's code (not its documentation) names a game: a string that is a game
    id, a format id of a game (``fow-…``) or a game's package, or an import of one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs, out = _docstrings(tree), []
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    packages = [re.escape(p) for p in GAMES.values()]
    package = re.compile(r"(?:%s)(?![\w])" % "|".join(packages))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            v = node.value
            if v in GAMES or any(v.startswith(g + "-") for g in GAMES) or package.search(v):
                out.append(f"{shown}:{node.lineno}: {v!r}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(package.match(n) for n in names):
                out.append(f"{shown}:{node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Import):
            if any(package.match(a.name) for a in node.names):
                out.append(f"{shown}:{node.lineno}: import …")
    return out


def test_the_check_finds_a_game_name(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Docs may say fow."""\nfrom deckcheck.games.fow.model import x\n'
                      'KIND = "mtg"\nF = "fow-classic"\n', encoding="utf-8")
    assert len(game_names_in(sample)) == 3


def test_no_engine_module_names_a_game():
    found = [hit for f in _engine_modules() for hit in game_names_in(f)]
    assert not found, "\n".join(found)


def test_every_game_of_the_table_is_a_package_with_its_descriptor():
    for game_id, package in GAMES.items():
        d = descriptor(game_id)
        assert d is not None and d.id == game_id, package
        assert (PACKAGE / "games" / game_id / "__init__.py").is_file()
        assert re.fullmatch(r"[A-Z]{3}", d.prefix)
    prefixes = [d.prefix for d in descriptors()]
    assert len(set(prefixes)) == len(prefixes) and CORE_PREFIX not in prefixes


def test_every_rule_code_carries_its_games_prefix():
    for rule in all_rules():
        if rule.game is None:
            assert rule.code.startswith(CORE_PREFIX), rule.code
            assert game_of_code(rule.code) is None
        else:
            assert rule.code.startswith(descriptor(rule.game).prefix), rule.code
            assert game_of_code(rule.code) == rule.game


def test_the_registry_refuses_a_wrong_prefix_and_a_code_used_twice():
    class WrongPrefix(Rule):
        """A Magic rule with a Force of Will code."""
        code, name, game, severity = "FOW999", "wrong-prefix", "mtg", Severity.ERROR

    with pytest.raises(TypeError, match="must start with MTG"):
        register(WrongPrefix)

    taken = next(r for r in all_rules() if r.game == "fow")

    class Twice(Rule):
        """A second rule with a code already taken."""
        code, name, game, severity = taken.code, "twice", "fow", Severity.ERROR

    with pytest.raises(TypeError, match="registered twice"):
        register(Twice)


def test_no_module_is_over_600_lines():
    long = [f"{f.relative_to(ROOT)}: {n}" for f in sorted(PACKAGE.rglob("*.py"))
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > 600]
    assert not long, "\n".join(long)


@pytest.mark.skipif(SHARED is None or not (SHARED / "tools" / "import_cycles.py").is_file(),
                    reason="needs ../shared/tools/import_cycles.py (not present in this checkout)")
def test_no_import_cycle():
    run = subprocess.run([sys.executable, str(SHARED / "tools" / "import_cycles.py"), "deckcheck"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert re.search(r"^0 cycles", run.stdout, re.MULTILINE), run.stdout
