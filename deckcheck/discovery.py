"""Which files a check reads: directory walks and paths named on the command line, under
one link policy.

A repository checked in CI comes with the pull request, so each of its links may have been
planted to make a report quote a file from elsewhere (``decks/notes.txt -> ../.git/config``,
where actions/checkout keeps the token). The policy:

* **A directory walk** follows no link to a folder, and a link to a file only when the file
  is a regular file inside the folder walked and outside any hidden folder or file
  (``.git``, ``.github`` …). Hidden folders and files are not walked at all. Anything else
  that is not a regular file (a FIFO, a device, a socket) is not opened either. Each link or
  special file passed over is reported once (:class:`Skipped`), by its own name only.
* **A path named on the command line** may go through links when it ends inside the working
  tree (the nearest folder above the working directory that holds ``.git``, else the working
  directory) and outside its hidden folders; a link that leads elsewhere is refused, naming
  the link. A path written without any link is the user's own choice and is read wherever it
  is. ``-`` is standard input.

Nothing here opens a file: only ``lstat``/``stat`` and link resolution are used, so a FIFO
never blocks.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from deckcheck.reading import shown_path
from deckcheck.safeio import repository_root

#: documentation that lives beside deck lists and is never one
DOC_FILES = frozenset({"readme.md", "sources.md"})

NOT_REGULAR = ("is not a regular file (a pipe, device or socket); give the list on standard "
               "input with -")


@dataclass(frozen=True, slots=True)
class Target:
    """A file to check. ``walked``: met while walking ``top`` and not matched by the
    configuration's ``include`` (a file that is not a deck list is then skipped, not an
    error). ``problem``: why it is refused without being opened (exit 2)."""

    path: str
    walked: bool = False
    top: str | None = None
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class Skipped:
    """A directory entry passed over, and why (the reason names no file content)."""

    path: str
    reason: str

    def __str__(self) -> str:
        return f"{shown_path(self.path)}: skipped: {self.reason}"


SkipHandler = Callable[[Skipped], None]


def working_tree(cwd: Path | None = None) -> Path:
    """The repository holding the working directory (:func:`safeio.repository_root`: the
    nearest folder at or above it with ``.git``, else the working directory itself)."""
    return repository_root(Path(cwd or os.getcwd()))


def _hidden_part(path: Path, root: Path) -> bool:
    """Whether ``path`` (resolved, inside ``root``) lies in a hidden folder or is hidden."""
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def _through_links(path: str) -> bool:
    """Whether resolving ``path`` follows at least one symbolic link (below the working
    directory, whose own links do not count)."""
    cwd = os.path.realpath(os.getcwd())
    plain = os.path.normpath(os.path.join(cwd, path))
    return os.path.realpath(plain) != plain


def named_path_problem(path: str, tree: Path | None = None) -> str | None:
    """Why a path named on the command line is refused without being opened, or None.

    A link (anywhere along the path) must end in a regular file or folder inside ``tree``
    (:func:`working_tree` by default), outside its hidden folders. A FIFO, device or socket
    is refused whether or not a link leads to it. A missing file is left to the reader.
    """
    if path == "-" or not os.path.lexists(path):
        return None
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return NOT_REGULAR
    if not _through_links(path):
        return None
    if mode is None:
        return "is a symbolic link to nothing (its target does not exist)"
    tree = tree or working_tree()
    real = Path(os.path.realpath(path))
    if not real.is_relative_to(tree):
        return (f"is a symbolic link that leads outside {shown_path(str(tree))}; deckcheck "
                "follows links only within the working tree: name the file itself")
    if _hidden_part(real, tree):
        return ("is a symbolic link into a hidden folder or file (such as .git); name a "
                "deck file instead")
    return None


def _walk_link_problem(link: Path, top: Path) -> str | None:
    """Why a file link met in a walk of ``top`` (resolved) is not followed, or None."""
    try:
        mode = os.stat(link).st_mode
    except OSError:
        return "a symbolic link to nothing (its target does not exist)"
    real = Path(os.path.realpath(link))
    if not real.is_relative_to(top):
        return ("a symbolic link to a file outside the folder walked (walks follow links "
                "only to files inside it)")
    if _hidden_part(real, top):
        return "a symbolic link into a hidden folder or file (such as .git)"
    if not stat.S_ISREG(mode):
        return "a symbolic link to something that is not a regular file"
    return None


_DIGITS = re.compile(r"(\d+)")


def natural_key(name: str) -> tuple:
    """The order of names a person expects: "deck2" before "deck10" and "Deck3" (runs of
    digits compare as numbers, by their length without leading zeros, then their digits, so
    no run is too long to compare; letters without case), then the name itself, so the
    order stays total."""
    parts = _DIGITS.split(name.casefold())
    for i in range(1, len(parts), 2):
        digits = parts[i].lstrip("0")
        parts[i] = (len(digits), digits)
    return parts, name


def walk(directory: str, config=None, on_skip: SkipHandler | None = None
         ) -> tuple[list[Target], int]:
    """The deck files under ``directory`` in a stable, natural order (deck2 before deck10;
    each folder's files, then its folders), and how many deck files the
    configuration's include/exclude patterns left out. Links and special files passed over
    go to ``on_skip``; hidden entries, documentation files and files without a deck
    extension are not deck files and are passed over silently.

    ``config``: one configuration for every file, or a function giving a folder's
    configuration (each file's own, found from its folder upward), or None."""
    from deckcheck.parsing.detect import DECK_EXTENSIONS

    top = Path(os.path.realpath(directory))
    config_of = config if callable(config) else (lambda folder: config)
    found: list[Target] = []
    unwanted = 0

    def skip(path: Path, reason: str) -> None:
        if on_skip is not None:
            on_skip(Skipped(str(path), reason))

    for root, dirs, files in os.walk(directory):
        cfg = None
        kept = []
        for d in sorted(dirs, key=natural_key):
            if d.startswith("."):
                continue
            if os.path.islink(os.path.join(root, d)):
                skip(Path(root) / d, "a symbolic link to a folder (directory walks follow no "
                                     "links; name the folder to check it)")
                continue
            kept.append(d)
        dirs[:] = kept
        for f in sorted(files, key=natural_key):
            fp = Path(root) / f
            if f.startswith(".") or fp.suffix.lower() not in DECK_EXTENSIONS \
                    or f.lower() in DOC_FILES:
                continue
            try:
                st = os.lstat(fp)
            except OSError:
                continue                 # gone since the directory was listed
            if stat.S_ISLNK(st.st_mode):
                why = _walk_link_problem(fp, top)
                if why is not None:
                    skip(fp, why)
                    continue
            elif not stat.S_ISREG(st.st_mode):
                skip(fp, "not a regular file (a pipe, device or socket)")
                continue
            if cfg is None:
                cfg = config_of(Path(root)) or False   # looked up once per folder
            if cfg and not cfg.wants(fp):
                unwanted += 1
                continue
            include = bool(cfg and getattr(cfg, "include", None))
            found.append(Target(str(fp), walked=not include, top=directory))
    return found, unwanted
