"""The configuration of each checked file (design §7): found from the file's own folder
upward to the repository root, as ruff and sqlfluff do, so ``deckcheck check
repo/decks/x.txt`` run from outside the repository uses ``repo/.deckcheck.yaml``.

Files in different folders may have different configurations in one run; a folder with
none above it (up to its repository root) uses the defaults. ``--config FILE`` gives one
configuration for every file and ``--no-config`` none: no :class:`ConfigFinder` is made.
Each folder is looked at once and each configuration file loaded once per process, so a
walk of a large folder costs a few ``lstat`` calls per folder, not per file. The safety
rules are :func:`deckcheck.config.load_found`'s: a found file lies inside its repository and
everything it names too.
"""

from __future__ import annotations

import os
from pathlib import Path

from deckcheck.config import CONFIG_NAMES, Config, load_found

STDIN = ("-", "<stdin>", "<string>")


class ConfigFinder:
    """Which configuration applies to a file. ``fallback`` is the working directory's (or
    the defaults): it applies to standard input. Picklable, so worker processes get one."""

    def __init__(self, fallback: Config | None = None):
        self.fallback = fallback if fallback is not None else Config()
        self._found: dict[Path, Path | None] = {}     # folder -> its configuration file
        self._loaded: dict[Path, Config] = {}         # configuration file -> loaded
        self._by_name: dict[str, Config] = {}         # a folder as named -> its configuration
        self._defaults = Config()
        if self.fallback.path is not None:
            self._loaded[Path(self.fallback.path).resolve()] = self.fallback

    def for_file(self, path: str | os.PathLike) -> Config:
        """The configuration of the file ``path`` (found from its folder upward)."""
        if str(path) in STDIN:
            return self.fallback
        return self.for_folder(os.path.dirname(os.path.abspath(path)))

    def for_folder(self, folder: str | os.PathLike) -> Config:
        """The configuration of the files in ``folder``: the first of
        :data:`~deckcheck.config.CONFIG_NAMES` in it or a folder above, up to the repository
        root (the nearest folder holding ``.git``); the defaults if there is none.
        Raises :class:`~deckcheck.config.ConfigError` for one that cannot be used."""
        name = os.fspath(folder)
        cfg = self._by_name.get(name)
        if cfg is not None:
            return cfg
        found = self._find(Path(folder).resolve())
        if found is None:
            cfg = self._defaults
        else:
            key = found.resolve()
            cfg = self._loaded.get(key)
            if cfg is None:   # a refusal is raised again for the next file: never cached
                cfg = self._loaded[key] = load_found(found)
        self._by_name[name] = cfg
        return cfg

    def _find(self, start: Path) -> Path | None:
        """:func:`deckcheck.config.find_config` of ``start``, remembered for every folder
        on the way up. Any entry with a configuration's name counts (a link, a FIFO), so
        that one that cannot be read is refused instead of skipped."""
        chain: list[Path] = []
        d: Path | None = start
        result: Path | None = None
        while d is not None:
            if d in self._found:
                result = self._found[d]
                break
            chain.append(d)
            hit = next((d / n for n in CONFIG_NAMES if os.path.lexists(d / n)), None)
            if hit is not None:
                result = hit
                break
            if (d / ".git").exists() or d.parent == d:
                break
            d = d.parent
        for folder in chain:
            self._found[folder] = result
        return result
