"""The Python API as a developer meets it: `__all__`, `py.typed`, clear errors for the
wrong type, and docs/api.md whose examples run as written."""

from __future__ import annotations

import re

import pytest

import deckcheck.api as api
from conftest import ROOT


def test_all_names_the_documented_api():
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert api.__all__ and len(set(api.__all__)) == len(api.__all__)
    for name in api.__all__:
        assert hasattr(api, name), name
        assert f"`{name}" in doc, f"{name} is not documented in docs/api.md"
    assert (ROOT / "deckcheck" / "py.typed").is_file()


def test_bytes_and_text_are_not_confused():
    with pytest.raises(TypeError, match=r"takes the deck list as str, not bytes.*check_bytes"):
        api.check_text(b"1 Grimm, the Fairy Tale Prince", "fow-classic")
    with pytest.raises(TypeError, match=r"not str; call check_text"):
        api.check_bytes("1 Grimm, the Fairy Tale Prince", "fow-classic")
    with pytest.raises(TypeError, match="not int"):
        api.check_text(42)


def test_the_examples_of_docs_api_md_run(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(
        encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/api.md block {i + 1}", "exec"), {})
    out = capsys.readouterr().out
    assert "takes the deck list as str, not bytes" in out and "FOW109" in out
