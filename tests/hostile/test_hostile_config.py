"""Hostile ``.deckcheck.yaml`` files and the folders they name (a pull request can change
the configuration too): Python tags, anchor bombs, deep nesting, size, encoding; and the
files it names (formats and cards folders, ``extends:``, ``include:`` patterns), which must be
regular files under a size cap inside the repository."""

from __future__ import annotations

import os

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


# ---------------------------------------------------------------------------------------
# files a configuration names (issue 13, items 2 and 6): regular files only, under a size
# cap, inside the repository (here ``repo/``, which holds ``.git``); ``outside.yaml`` beside
# it holds a secret that must never reach the output.

SECRET = "ghp_secretTOKEN0123456789"
SPARSE_BYTES = 200 * 1024 * 1024


def _repository(tmp_path):
    """``tmp_path/repo`` (a repository: it holds ``.git``) with a legal deck, and a file
    outside it whose only key is a secret."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "deck.txt").write_text(GRIMM, encoding="utf-8")
    (tmp_path / "outside.yaml").write_text(f"{SECRET}: 1\ncards: [{{id: x, name: {SECRET}}}]\n",
                                           encoding="utf-8")
    return repo


def _check(repo, *args):
    run = run_bounded("check", "-f", "fow-classic", *args, "deck.txt", cwd=repo)
    assert_bounded_and_clean(run)
    assert SECRET not in run.stdout + run.stderr, str(run)
    return run


def _refused(run, *needles):
    """Exit 2 with one message naming the configuration's line and each of ``needles``."""
    assert run.returncode == 2, str(run)
    (line,) = run.stderr.splitlines()
    assert line.startswith("deckcheck: error: ") and ".deckcheck.yaml:1: " in line, line
    for needle in needles:
        assert needle in line, line


def _link_to_dev_zero(path):
    path.symlink_to("/dev/zero")


def _fifo(path):
    os.mkfifo(path)


def _sparse_200mb(path):
    with open(path, "wb") as fh:          # a hole: no disk is used
        fh.truncate(SPARSE_BYTES)


def _link_out_of_repository(path):
    path.symlink_to(path.parents[3] / "outside.yaml")   # repo/<folder>/fow/x.yaml -> ../../..


NAMED_FILES = {
    "dev-zero-link": (_link_to_dev_zero, "outside the repository"),
    "fifo": (_fifo, "is a FIFO (named pipe), not a regular file"),
    "sparse-200mb": (_sparse_200mb, "larger than"),
    "link-out-of-repository": (_link_out_of_repository, "outside the repository"),
}
FOLDERS = {
    "formats-dirs": ("formats-dirs: [myformats]\n", "myformats", "fow-house.yaml"),
    "cards": ("cards: {fow: mycards}\n", "mycards", "extra.yaml"),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links (POSIX)")
@pytest.mark.parametrize("folder", FOLDERS)
@pytest.mark.parametrize("kind", NAMED_FILES)
def test_files_in_named_folders_are_checked_before_reading(kind, folder, tmp_path):
    """A FIFO would block the run for ever, /dev/zero or a 200 MB file would exhaust its
    memory, and a link out of the repository would read (and quote) someone else's file."""
    repo = _repository(tmp_path)
    config, name, filename = FOLDERS[folder]
    (repo / ".deckcheck.yaml").write_text(config, encoding="utf-8")
    (repo / name / "fow").mkdir(parents=True)
    make, message = NAMED_FILES[kind]
    make(repo / name / "fow" / filename)
    run = _check(repo)
    _refused(run, f"{folder}", f"{name}/fow/{filename}", message)


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_named_folder_outside_the_repository_is_refused(folder, tmp_path):
    repo = _repository(tmp_path)
    config, name, filename = FOLDERS[folder]
    (tmp_path / name / "fow").mkdir(parents=True)
    (tmp_path / name / "fow" / filename).write_text(f"{SECRET}: 1\n", encoding="utf-8")
    (repo / ".deckcheck.yaml").write_text(config.replace(name, f"../{name}"), encoding="utf-8")
    _refused(_check(repo), "is outside the repository")


def test_links_and_folders_inside_the_repository_still_work(tmp_path):
    """The rule is the repository, not the folder: a card file linked from elsewhere in the
    repository is read, and the configuration may sit in a subfolder."""
    repo = _repository(tmp_path)
    (repo / "shared").mkdir()
    (repo / "shared" / "extra.yaml").write_text(
        "cards:\n  - {id: zz-house-1, name: Zed the House Card, type: Resonator}\n",
        encoding="utf-8")
    (repo / "mycards" / "fow").mkdir(parents=True)
    (repo / "mycards" / "fow" / "extra.yaml").symlink_to(repo / "shared" / "extra.yaml")
    (repo / "ci").mkdir()
    (repo / "ci" / ".deckcheck.yaml").write_text("cards: {fow: ../mycards}\n", encoding="utf-8")
    run = _check(repo, "--config", "ci/.deckcheck.yaml")
    assert run.returncode == 0, str(run)


@pytest.mark.parametrize("key,pattern,why", [
    ("include", "../*", "climbs out of the folder"),
    ("include", "/etc/*", "is absolute"),
    ("include", "decks/../../*", "climbs out of the folder"),
    ("exclude", "../secrets/**", "climbs out of the folder"),
])
def test_patterns_reaching_outside_the_repository_are_refused(key, pattern, why, tmp_path):
    repo = _repository(tmp_path)
    (repo / ".deckcheck.yaml").write_text(f"{key}: ['{pattern}']\n", encoding="utf-8")
    _refused(_check(repo), f"{key}.0", why)


@pytest.mark.parametrize("target", ["absolute", "../outside.yaml"])
def test_extends_outside_the_repository_is_refused_without_quoting_it(target, tmp_path):
    """``extends: /etc/shadow`` once printed the file's first line as an unknown key."""
    repo = _repository(tmp_path)
    name = str(tmp_path / "outside.yaml") if target == "absolute" else target
    (repo / ".deckcheck.yaml").write_text(f"extends: {name}\n", encoding="utf-8")
    _refused(_check(repo), "extends", "outside the repository",
             "presets (default, casual, registration)")


def test_a_found_configuration_linked_out_of_the_repository_is_refused(tmp_path):
    repo = _repository(tmp_path)
    (repo / ".deckcheck.yaml").symlink_to(tmp_path / "outside.yaml")
    run = _check(repo)
    assert run.returncode == 2, str(run)
    (line,) = run.stderr.splitlines()
    assert ".deckcheck.yaml: the configuration is outside the repository" in line, line


def test_unknown_key_of_an_extended_file_is_named_by_line_and_shortened(tmp_path):
    repo = _repository(tmp_path)
    long_key = "k" * 30 + "TAIL_OF_A_VERY_LONG_KEY_" + "z" * 200
    (repo / "base.yaml").write_text(f"lang: en\n{long_key}: 1\n", encoding="utf-8")
    (repo / ".deckcheck.yaml").write_text("extends: base.yaml\n", encoding="utf-8")
    run = _check(repo)
    assert run.returncode == 2, str(run)
    (line,) = run.stderr.splitlines()
    assert "base.yaml:2: " in line and "unknown key" in line, line
    assert "k" * 30 in line and "TAIL_OF_A_VERY_LONG" not in line, line


def test_a_long_extends_chain_is_capped_with_a_message(tmp_path):
    """1,500 files extending one another once ended in ``internal error: RecursionError``."""
    repo = _repository(tmp_path)
    for i in range(1500):
        (repo / f"c{i}.yaml").write_text(f"extends: c{i + 1}.yaml\n" if i < 1499 else "{}\n",
                                         encoding="utf-8")
    (repo / ".deckcheck.yaml").write_text("extends: c0.yaml\n", encoding="utf-8")
    run = _check(repo)
    assert run.returncode == 2, str(run)
    (line,) = run.stderr.splitlines()
    assert "longer than 20 files" in line and "c18.yaml:1: extends 'c19.yaml'" in line, line


def test_an_extends_loop_is_still_reported(tmp_path):
    repo = _repository(tmp_path)
    (repo / "a.yaml").write_text("extends: b.yaml\n", encoding="utf-8")
    (repo / "b.yaml").write_text("extends: a.yaml\n", encoding="utf-8")
    (repo / ".deckcheck.yaml").write_text("extends: a.yaml\n", encoding="utf-8")
    run = _check(repo)
    assert run.returncode == 2 and "extends loop" in run.stderr, str(run)


def test_a_long_chain_of_formats_is_capped_with_a_message(tmp_path):
    """Formats extend other formats by id (never by file name); 1,500 in a row in a folder
    the configuration names must not end in a RecursionError either."""
    repo = _repository(tmp_path)
    d = repo / "myformats" / "fow"
    d.mkdir(parents=True)
    for i in range(1500):
        parent = f"fx{i + 1}" if i < 1499 else "fow-classic"
        (d / f"fx{i}.yaml").write_text(f"game: fow\nextends: {parent}\n", encoding="utf-8")
    (repo / ".deckcheck.yaml").write_text("formats-dirs: [myformats]\n", encoding="utf-8")
    run = run_bounded("check", "-f", "fx0", "deck.txt", cwd=repo)
    assert_bounded_and_clean(run)
    assert run.returncode == 2, str(run)
    assert "chain of extended formats is longer than 20" in run.stderr, str(run)
