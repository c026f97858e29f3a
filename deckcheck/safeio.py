"""Reading the files a configuration names: regular files only, under a size cap, and
(when a root is given) inside that root after every link is resolved; and the limits on the
YAML such files hold.

A repository's ``.deckcheck.yaml`` comes with the pull request, so every file deckcheck reads
because of it (the configuration itself, files it ``extends:``, the format and card files in
the folders it names) may be a link to ``/dev/zero`` or to a secret outside the checkout, a
FIFO nobody writes to, or a 200 MB file. :func:`read_regular_file` refuses each of those
before reading a byte of it; :func:`check_regular_file` makes the same checks without reading,
so that a configuration can be refused at load time with the line that named the folder.

The caps per kind of file are far above any real file (the largest shipped card file is
1.7 MB, the largest format file 3 KB, a configuration a few dozen lines).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterator

#: a configuration is a few dozen lines
MAX_CONFIG_BYTES = 256 * 1024
#: a format file is a few kilobytes; 1 MB leaves room for years of dated ban lists
MAX_FORMAT_BYTES = 1024 * 1024
#: the largest shipped card file is 1.7 MB; a whole game's card data fits in 32 MB
MAX_CARD_FILE_BYTES = 32 * 1024 * 1024

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def read_chunks(fd: int, cap: int, first: int = 1 << 20) -> Iterator[bytes]:
    """The bytes of the open file ``fd``, in chunks, up to its end or ``cap`` bytes in all,
    whichever comes first. The first read asks for ``first`` bytes (a caller that knows the
    size from fstat asks for one byte more and reads a small file in one call: a read
    allocates what it asks for), the others for 1 MiB at most. Every capped read of a file
    deckcheck opens goes through here; a caller that needs to tell "exactly the cap" from
    "more" passes its limit plus one."""
    left, want = cap, first
    while left > 0:
        chunk = os.read(fd, min(left, want))
        if not chunk:
            return
        yield chunk
        left -= len(chunk)
        want = 1 << 20


class UnsafeFileError(Exception):
    """A named file that deckcheck will not read: missing, not a regular file, too large or
    outside the repository. ``reason`` says why and how to fix it; ``str()`` adds the path."""

    def __init__(self, path: Path | str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def repository_root(folder: Path) -> Path:
    """The nearest folder at or above ``folder`` that holds ``.git`` (a clone's folder or a
    worktree's ``.git`` file); without one, ``folder`` itself. Links in ``folder`` are
    resolved first."""
    here = Path(folder).resolve()
    for d in (here, *here.parents):
        if os.path.lexists(d / ".git"):
            return d
    return here


def is_inside(path: Path, root: Path) -> bool:
    """Whether ``path``, with every link resolved, lies in ``root`` (also resolved)."""
    return Path(path).resolve().is_relative_to(Path(root).resolve())


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def _check_mode(path: Path, st: os.stat_result, max_bytes: int, what: str) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeFileError(path, f"the {what} is {_kind(st.st_mode)}, not a regular file; "
                                    "replace it with a regular file or remove it")
    if st.st_size > max_bytes:
        raise UnsafeFileError(path, f"the {what} is larger than {max_bytes:,} bytes "
                                    f"({st.st_size:,}); no real {what} is that large: "
                                    "remove it or split it")


def check_regular_file(path: Path, max_bytes: int, what: str,
                       root: Path | None = None) -> Path:
    """Check, without opening it, that ``path`` may be read as a ``what`` ("format file",
    "card file", …): inside ``root`` once links are resolved (when ``root`` is given), a
    regular file and at most ``max_bytes`` long. Returns the resolved path; raises
    :class:`UnsafeFileError` otherwise."""
    path = Path(path)
    try:
        target = path.resolve(strict=True)
    except FileNotFoundError:
        raise UnsafeFileError(path, f"the {what} does not exist (or is a broken link)") \
            from None
    except (OSError, RuntimeError) as exc:   # RuntimeError: a link loop (Python < 3.13)
        raise UnsafeFileError(path, f"cannot open the {what}: "
                                    f"{getattr(exc, 'strerror', None) or exc}") from None
    if root is not None and not target.is_relative_to(Path(root).resolve()):
        linked = target != Path(os.path.normpath(path.absolute()))
        shown = f" (a link to {target})" if linked else ""
        fix = "replace the link with a copy of the file" if linked else \
            "move the file into the repository"
        raise UnsafeFileError(path, f"the {what} is outside the repository "
                                    f"{Path(root).resolve()}{shown}; deckcheck reads only "
                                    f"files inside the repository: {fix}, or remove it")
    try:
        st = os.stat(target)
    except OSError as exc:
        raise UnsafeFileError(path, f"cannot open the {what}: {exc.strerror}") from None
    _check_mode(path, st, max_bytes, what)
    return target


def read_regular_file(path: Path, max_bytes: int, what: str,
                      root: Path | None = None) -> bytes:
    """The bytes of ``path`` after the checks of :func:`check_regular_file`.

    The file is opened without blocking (a FIFO swapped in after the check does not hang the
    run) and checked again on the open descriptor, and never more than ``max_bytes`` + 1
    bytes are read, so a file that grows meanwhile is refused too."""
    target = check_regular_file(path, max_bytes, what, root)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(target, flags)   # target has no links left: O_NOFOLLOW refuses a swap
    except OSError as exc:
        raise UnsafeFileError(path, f"cannot open the {what}: {exc.strerror}") from None
    try:
        _check_mode(Path(path), os.fstat(fd), max_bytes, what)
        os.set_blocking(fd, True)     # a regular file: plain reads from here on
        data = b"".join(read_chunks(fd, max_bytes + 1))
    except OSError as exc:
        raise UnsafeFileError(path, f"cannot read the {what}: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise UnsafeFileError(path, f"the {what} is larger than {max_bytes:,} bytes (it grew "
                                    "while being read); remove it or split it")
    return data


# ---------------------------------------------------------------------------------------
# limits for YAML a repository supplies: its configuration, and the formats-dirs and cards
# folders it names (a pull request may change those too). YAML anchors and aliases share one
# value, so ten anchors of ten aliases each ("billion laughs") load quickly but describe
# 10^10 values, and any code that walks or merges the result would take that long.
# check_yaml_limits reads only the event stream (no objects are built) and refuses a
# document nested too deeply or holding too many values once every alias is counted in
# full. Tags other than the plain ones are refused by the safe loaders.


class YAMLLimitError(ValueError):
    """The YAML is nested too deeply or expands to too many values; the message says where."""


def check_yaml_limits(text: str, where: str, max_values: int, max_depth: int) -> None:
    """Raise :class:`YAMLLimitError` when ``text`` exceeds the limits; YAML syntax errors
    are raised as ``yaml.YAMLError`` as when loading."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    anchors: dict[str, int] = {}
    stack: list[list] = [[0, None]]          # [values so far, anchor] per open collection
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append([1, event.anchor])
            if len(stack) > max_depth + 1:
                raise YAMLLimitError(f"{where}:{event.start_mark.line + 1}: nested more than "
                                     f"{max_depth} levels deep")
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            size, anchor = stack.pop()
        elif isinstance(event, yaml.ScalarEvent):
            size, anchor = 1, event.anchor
        elif isinstance(event, yaml.AliasEvent):
            size, anchor = anchors.get(event.anchor, 1), None
        else:
            continue
        if anchor is not None:
            anchors[anchor] = size
        stack[-1][0] += size
        if stack[-1][0] > max_values:
            raise YAMLLimitError(f"{where}:{event.start_mark.line + 1}: more than "
                                 f"{max_values:,} values (counting each alias of an anchor "
                                 "in full); write the values out plainly")
