"""The ``deckcheck`` console script and ``python -m deckcheck``.

``deckcheck --version`` is answered here, before the command-line framework is imported
(which costs several times Python's own start-up); every other invocation goes to
:mod:`deckcheck.cli`.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        from deckcheck import __version__

        sys.stdout.write(f"deckcheck {__version__}\n")
        sys.exit(0)
    from deckcheck.cli import main as cli_main

    cli_main(args)


if __name__ == "__main__":
    main()
