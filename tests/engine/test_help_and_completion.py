"""What a new user meets first: help with real metavars and examples, shell completion
that works offline (the script is printed, never written to the user's files), and
descriptions without Python syntax."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

BIN = Path(sys.executable).parent


def test_check_help_shows_metavars_and_examples(cli):
    out = cli("check", "--help", env={"COLUMNS": "80"}).stdout.decode()
    assert "Examples:" in out and "deckcheck check mydeck.txt -f fow-wanderer" in out
    for metavar in ("-f, --format FORMAT", "--date YYYY-MM-DD", "PATH...", "-o, --output FILE"):
        assert metavar in out
    assert "<str>" not in out and "TEXT" not in out


def complete_in_bash(words: list[str]) -> list[str]:
    """The words bash offers after sourcing `deckcheck completion bash` for a command line
    being typed (the last word is the one being completed)."""
    words_sh = " ".join(f"'{w}'" for w in words)
    script = (f'source <(deckcheck completion bash) && COMP_WORDS=({words_sh}) && '
              f'COMP_CWORD={len(words) - 1} && _deckcheck_completion deckcheck && '
              'printf "%s\\n" "${COMPREPLY[@]}"')
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], capture_output=True,
                       env=env, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout.decode().split()


@pytest.mark.skipif(shutil.which("bash") is None or not (BIN / "deckcheck").exists(),
                    reason="needs bash and the installed deckcheck command")
def test_bash_completion_offers_commands_options_and_format_ids():
    assert complete_in_bash(["deckcheck", "ch"]) == ["check"]
    assert {"cards", "check", "completion", "convert"} <= set(complete_in_bash(["deckcheck", "c"]))
    assert "--strict" in complete_in_bash(["deckcheck", "check", "--st"])
    assert complete_in_bash(["deckcheck", "check", "-f", "fow-w"]) == ["fow-wanderer"]


def test_zsh_completion_script_and_answers(cli):
    r = cli("completion", "zsh")
    assert r.returncode == 0 and "#compdef deckcheck" in r.stdout.decode()
    answer = cli(env={"_DECKCHECK_COMPLETE": "complete_zsh",
                      "_TYPER_COMPLETE_ARGS": "deckcheck conv"}).stdout.decode()
    assert '"convert"' in answer
    if shutil.which("zsh"):   # the script itself loads in zsh
        env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
        z = subprocess.run(["zsh", "-f", "-c", "autoload -Uz compinit && compinit -u && "
                            "source <(deckcheck completion zsh)"], capture_output=True,
                           env=env, timeout=60)
        assert z.returncode == 0, z.stderr.decode()
    assert cli("completion", "fish").returncode == 2


def test_formats_show_has_no_python_syntax():
    from deckcheck import formats
    from deckcheck.describe import describe_format

    for fmt in formats.all_formats([]):
        text = describe_format(formats.load(fmt.id, []))
        assert not re.search(r": (True|False|None)\b|\['|\{'|'\]", text), fmt.id


HELP = [[], ["check"], ["fix"], ["convert"], ["register"], ["fingerprint"], ["verify"],
        ["formats"], ["sample"], ["rules"], ["completion"], ["cards"], ["cards", "search"],
        ["cards", "show"], ["cards", "import"]]
#: the commands whose help shows how they are used
WITH_EXAMPLES = {"check", "fix", "convert", "register", "fingerprint", "verify", "formats",
                 "sample", "rules", "completion", "cards search", "cards show"}


@pytest.mark.parametrize("command", HELP, ids=lambda c: " ".join(c) or "deckcheck")
def test_every_help_fits_80_columns_with_examples_where_a_command_takes_arguments(cli, command):
    r = cli(*command, "--help", env={"COLUMNS": "80", "NO_COLOR": "1"})
    out = r.stdout.decode()
    assert r.returncode == 0 and out.startswith("Usage: deckcheck")
    assert max(len(line) for line in out.splitlines()) <= 80
    if " ".join(command) in WITH_EXAMPLES:
        examples = out.split("Examples:", 1)[1].split("Arguments:", 1)[0]
        assert f"deckcheck {' '.join(command)} " in examples
