"""Start-up stays light: the CLI module imports no heavy library until a command runs."""

from __future__ import annotations

import subprocess
import sys


def test_cli_import_does_not_load_heavy_modules():
    code = ("import sys, deckcheck.cli; "
            "heavy = [m for m in ('yaml', 'rapidfuzz', 'pydantic', 'tabulate', 'opencc') "
            "if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
