"""Hostile ``.deckcheck.yaml`` files and the folders they name (a pull request can change
the configuration too): Python tags, anchor bombs, deep nesting, size, encoding."""

from __future__ import annotations

import pytest

from corpus import GRIMM
from hostile_support import assert_bounded_and_clean, run_bounded, snapshot


def _laughs(keys: list[str], leaf: str = "DCK001") -> str:
    """Ten-fold aliases, one level per key: the last key names 10^len(keys) values."""
    out = [f"{keys[0]}: &a0 [{', '.join([leaf] * 10)}]"]
    for i, key in enumerate(keys[1:], start=1):
        out.append(f"{key}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]")
    return "\n".join(out) + "\n"


def _mapping_laughs(key: str) -> str:
    """The same with mappings, all inside one allowed key."""
    levels = ["&m0 {" + ", ".join(f"k{j}: x" for j in range(10)) + "}"]
    for i in range(1, 7):
        levels.append(f"&m{i} {{" + ", ".join(f"k{j}: *m{i - 1}" for j in range(10)) + "}")
    return f"{key}: {{" + ", ".join(f"l{i}: {v}" for i, v in enumerate(levels)) + "}\n"


CONFIGS = {
    "python-tag": ("include: !!python/object/apply:os.system ['touch pwned']\n",
                   "invalid YAML"),
    "python-name-tag": ("lang: !!python/name:os.system\n", "invalid YAML"),
    "custom-tag": ("include: !include other.yaml\n", "invalid YAML"),
    "anchor-bomb": (_laughs(["ignore", "include", "exclude", "formats", "select",
                             "formats-dirs"]), "more than 10,000 values"),
    "anchor-bomb-mapping": (_mapping_laughs("severity"), "more than 10,000 values"),
    "nested-deep": ("include: " + "[" * 5000 + "]" * 5000 + "\n", "invalid YAML"),
    "nested-30": ("include: " + "[" * 30 + "]" * 30 + "\n", "nested more than 20 levels"),
    "300kb": ("include: [" + ", ".join(["a"] * 150_000) + "]\n", "larger than 262,144 bytes"),
    "not-utf8": (b"include: [\xff\xfe]\n", "cannot read configuration"),
    "two-documents": ("include: [a]\n---\ninclude: [b]\n", "invalid YAML"),
    "not-a-mapping": ("- a\n- b\n", "must be a mapping"),
}


@pytest.mark.parametrize("name", CONFIGS)
def test_hostile_configuration(name, tmp_path):
    text, message = CONFIGS[name]
    config = tmp_path / ".deckcheck.yaml"
    config.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    (tmp_path / "deck.txt").write_text(GRIMM, encoding="utf-8")
    before = snapshot(tmp_path)
    run = run_bounded("check", "-f", "fow-classic", "--config", ".deckcheck.yaml", "deck.txt",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2, str(run)
    (line,) = run.stderr.splitlines()
    assert line.startswith("deckcheck: error: ") and ".deckcheck.yaml" in line, line
    assert message in line, line
    assert snapshot(tmp_path) == before            # no tag was executed, nothing written


def test_anchors_in_moderation_still_work(tmp_path):
    (tmp_path / ".deckcheck.yaml").write_text(
        "ignore: &common [DCK003]\nper-file-ignores: {'old/**': *common}\n", encoding="utf-8")
    (tmp_path / "deck.txt").write_text(GRIMM, encoding="utf-8")
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0, str(run)


def _format_dir(tmp_path, body: bytes | str) -> None:
    d = tmp_path / "myformats" / "fow"
    d.mkdir(parents=True)
    (d / "fow-house.yaml").write_bytes(body.encode("utf-8") if isinstance(body, str) else body)
    (tmp_path / ".deckcheck.yaml").write_text("formats-dirs: [myformats]\n", encoding="utf-8")
    (tmp_path / "deck.txt").write_text(GRIMM, encoding="utf-8")


@pytest.mark.parametrize("body,message", [
    ("game: fow\nextends: fow-classic\nname: bomb\n" + "".join(
        f"x{i}: &x{i} {{{', '.join(f'k{j}: *x{i - 1}' if i else f'k{j}: lol' for j in range(9))}}}\n"
        for i in range(9)) + "zones: *x8\n", "more than 100,000 values"),
    (b"game: fow\nname: \xff\xfe\n", "cannot read format file"),
    ("game: fow\nname: !!python/object/apply:os.system ['true']\n", "cannot read format file"),
], ids=["anchor-bomb", "not-utf8", "python-tag"])
def test_hostile_format_folder(body, message, tmp_path):
    """A format folder named by the configuration is read with the same limits."""
    _format_dir(tmp_path, body)
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2, str(run)
    assert message in run.stderr and len(run.stderr.splitlines()) == 1, str(run)


@pytest.mark.parametrize("body,message", [
    ("".join(f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 9 if i else ['lol'] * 9)}]\n"
             for i in range(9)) + "cards:\n  - {id: zz1, name: Zed, aliases: *x8}\n",
     "more than 2,000,000 values"),
    ("cards:\n  - {id: zz1, name: [Zed, Card]}\n", "malformed card data"),
    ("cards:\n  - {id: zz1, name: Zed, aliases: [[a, b]]}\n", "malformed card data"),
    (b"cards:\n  - {id: zz1, name: \xff}\n", "cannot load card data"),
], ids=["anchor-bomb", "name-is-a-list", "alias-is-a-list", "not-utf8"])
def test_hostile_card_folder(body, message, tmp_path):
    d = tmp_path / "mycards" / "fow"
    d.mkdir(parents=True)
    (d / "extra.yaml").write_bytes(body.encode("utf-8") if isinstance(body, str) else body)
    (tmp_path / ".deckcheck.yaml").write_text("cards: {fow: mycards}\n", encoding="utf-8")
    (tmp_path / "deck.txt").write_text(GRIMM, encoding="utf-8")
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2, str(run)
    assert message in run.stderr and len(run.stderr.splitlines()) == 1, str(run)
