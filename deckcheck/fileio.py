"""Writing files safely: the target is replaced only once the new content is complete.

Two entry points:

* :func:`atomic_write` writes a report or a converted list (``-o FILE``).
* :func:`plan_rewrite` and :meth:`Rewrite.write` rewrite a file the user asked
  ``deckcheck fix`` to change, with these rules (the README's "Security" section says the
  same):

  - **links**: a path that is, or goes through, a symbolic link is followed only when it
    resolves to a regular file inside the working tree
    (:func:`deckcheck.discovery.working_tree`) and outside its hidden folders and files
    (``.git`` …); the link's target is rewritten and the link kept. Any other link is
    refused before the file is read. (Discovery refuses such a link named on the command
    line already; this holds for every file written, a link met in a walk too.)
  - **hard links**: a file with more than one hard link is refused. Replacing it would split
    the links (the other names keep the old text), and writing in place cannot be atomic.
  - **read-only**: a file whose mode bits give the user no write permission, or whose folder
    is read-only, is refused. The mode bits count even for root, who could write anyway.
  - **concurrent edits**: :func:`plan_rewrite` records the file (device, inode, size,
    ``mtime_ns`` and a SHA-256 of its bytes) before it is read; right before the rename the
    file is looked at again, and if anything differs the new text is not written, so an edit
    made while fix ran is kept. (The few microseconds between that check and the rename
    remain: a rename cannot be made conditional.)
  - **temporary files** are created beside the target as ``.<name>.deckcheck-XXXXXXXX.tmp``
    and removed on every error and on SIGINT/SIGTERM. Only a SIGKILL (or a power cut) can
    leave one; the next rewrite in that folder removes those older than
    :data:`STALE_SECONDS`. Deck discovery skips them (hidden and not a deck extension).

Refusals raise :class:`WriteRefused`, whose message starts with the file's name and says what
to do; other failures raise :class:`OSError`.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import signal
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from deckcheck.reading import shown_path
from deckcheck.safeio import read_chunks

#: the tag in a temporary file's name: ``.<name>.deckcheck-XXXXXXXX.tmp``
TEMP_TAG = ".deckcheck-"
TEMP_SUFFIX = ".tmp"
#: a temporary file of this pattern older than this is left over from a killed run
STALE_SECONDS = 5 * 60
_RANDOM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")   # mkstemp's 8 characters


class WriteRefused(Exception):
    """``fix`` will not write this file; the message says why and what to do (exit 2)."""


# ---------------------------------------------------------------------------------------
# writing a new version


def atomic_write(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (temporary file in the same directory, then
    rename). If anything fails, the original file is left as it was.

    A target that exists but is not a regular file (``/dev/stdout``, a terminal, a FIFO) is
    written to directly: renaming over it would replace the device or pipe by a file.
    """
    atomic_write_chunks(path, (text,), encoding)


def atomic_write_chunks(path: str | Path, chunks: Iterable[str], encoding: str = "utf-8") -> None:
    """:func:`atomic_write` of a text made piece by piece (a streamed report): each piece is
    written as it comes, and the file is replaced only once the last one is written."""
    target = Path(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        _write_stream(target, chunks, encoding)
        return
    _replace(target, (c.encode(encoding) for c in chunks))


def _replace(target: Path, data: bytes | Iterable[bytes], before_rename=None) -> None:
    """Write ``data`` (bytes, or pieces of bytes) to a temporary file beside ``target`` and
    rename it over ``target``.
    ``before_rename()`` runs last, just before the rename, and may raise to stop it. The
    temporary file is removed whatever goes wrong, SIGINT and SIGTERM included."""
    directory = target.parent if str(target.parent) else Path(".")
    with _signals_raise():
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{target.name}{TEMP_TAG}",
                                   suffix=TEMP_SUFFIX)
        try:
            with os.fdopen(fd, "wb") as fh:
                if isinstance(data, bytes):
                    fh.write(data)
                else:
                    for piece in data:
                        fh.write(piece)
                fh.flush()
                os.fsync(fh.fileno())
            try:
                st = target.stat()
            except FileNotFoundError:   # a new file gets the usual permissions (not 0600)
                os.chmod(tmp, 0o666 & ~_umask())
            else:
                os.chmod(tmp, st.st_mode & 0o7777)
                with contextlib.suppress(OSError):   # only root may give a file away
                    if (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
                        os.chown(tmp, st.st_uid, st.st_gid)
            if before_rename is not None:
                before_rename()
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


@contextlib.contextmanager
def _signals_raise():
    """While writing, SIGTERM raises SystemExit (and SIGINT KeyboardInterrupt, as it does
    by default), so that the temporary file is removed before the process ends. Signal
    handlers can only be set in the main thread; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum, frame):
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _umask() -> int:
    mask = os.umask(0o022)   # reading the umask means setting it: put it straight back
    os.umask(mask)
    return mask


def _write_stream(target: Path, text: str | Iterable[str], encoding: str) -> None:
    # non-blocking open: a FIFO nobody reads fails at once (ENXIO) instead of hanging
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(exc.errno, "nothing is reading from this pipe") from None
        raise
    os.set_blocking(fd, True)
    with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
        for piece in ((text,) if isinstance(text, str) else text):
            fh.write(piece)


# ---------------------------------------------------------------------------------------
# stale temporary files


def is_temporary(name: str) -> bool:
    """Whether a file name has the pattern of this module's temporary files."""
    if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
        return False
    stem, tag, rand = name[1:-len(TEMP_SUFFIX)].rpartition(TEMP_TAG)
    return bool(stem and tag) and len(rand) == 8 and set(rand) <= _RANDOM


def remove_stale_temporaries(directory: str | Path, older_than: float = STALE_SECONDS) -> list[str]:
    """Remove the regular files of ``directory`` named like a temporary file of this module
    and last modified more than ``older_than`` seconds ago (left by a run that was killed);
    return their names. A younger one may belong to a run still writing, and is kept."""
    removed = []
    limit = time.time() - older_than
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        if not is_temporary(name):
            continue
        path = os.path.join(directory, name)
        with contextlib.suppress(OSError):
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and st.st_mtime < limit:
                os.unlink(path)
                removed.append(name)
    return removed


# ---------------------------------------------------------------------------------------
# rewriting a file the user named (deckcheck fix)


@dataclass(frozen=True, slots=True)
class FileState:
    """What a file was when it was read: a later difference means someone changed it."""

    dev: int
    ino: int
    size: int
    mtime_ns: int
    digest: str

    @classmethod
    def of(cls, path: str | Path, max_bytes: int) -> "FileState | None":
        """The state of the regular file at ``path`` (its first ``max_bytes + 1`` bytes are
        hashed), or None when it is missing, unreadable or not a regular file."""
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return None
            digest = hashlib.sha256()
            for chunk in read_chunks(fd, max_bytes + 1):
                digest.update(chunk)
        except OSError:
            return None
        finally:
            os.close(fd)
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, digest.hexdigest())


@dataclass(slots=True)
class Rewrite:
    """A file ``fix`` may rewrite: ``name`` as the user gave it, ``path`` the real file
    (links resolved), ``state`` as it was before it was read."""

    name: str
    path: Path
    state: FileState | None
    max_bytes: int

    def write(self, text: str, encoding: str = "utf-8") -> None:
        """Replace the file's content by ``text``, atomically, unless a rule of this module
        refuses it (:class:`WriteRefused`) or the file changed since it was read."""
        data = text.encode(encoding)
        st = self._writable()
        remove_stale_temporaries(self.path.parent)

        def unchanged() -> None:
            now = FileState.of(self.path, self.max_bytes)
            if (os.path.realpath(self.name) != str(self.path) or now is None
                    or now != self.state or os.stat(self.path).st_nlink != st.st_nlink):
                raise WriteRefused(
                    f"{shown_path(self.name)}: changed while fix was running (after it was read), so the "
                    "fixed version was not written and the change was kept; run fix again")

        _replace(self.path, data, before_rename=unchanged)

    def _writable(self) -> os.stat_result:
        name = shown_path(self.name)
        try:
            st = os.stat(self.path)
        except OSError as exc:
            raise WriteRefused(f"{name}: cannot be rewritten: {exc.strerror or exc}") from None
        if not stat.S_ISREG(st.st_mode):
            raise WriteRefused(f"{name}: is not a regular file; fix rewrites deck list files only")
        if st.st_nlink > 1:
            raise WriteRefused(
                f"{name}: has {st.st_nlink} hard links, and fix writes a new file in its place, "
                "which would split them (writing in place is not safe against an interruption), "
                "so it was left alone; use --diff and apply the changes yourself, or make it a "
                "file of its own first (cp FILE COPY && mv COPY FILE)")
        if not _may_write(self.path, st):
            raise WriteRefused(
                f"{name}: is read-only (mode {stat.filemode(st.st_mode)}), so it was left alone; "
                "make it writable (chmod u+w) to fix it, or use --diff to see the changes")
        folder = self.path.parent
        try:
            dst = os.stat(folder)
        except OSError as exc:
            raise WriteRefused(f"{name}: cannot be rewritten: {exc.strerror or exc}") from None
        if not _may_write(folder, dst, search=True):
            raise WriteRefused(
                f"{name}: its folder is read-only (mode {stat.filemode(dst.st_mode)}; fix writes "
                "the new version beside the file and renames it), so the file was left alone; "
                "make the folder writable to fix it, or use --diff to see the changes")
        return st


def _may_write(path: Path, st: os.stat_result, search: bool = False) -> bool:
    """Whether the mode bits of ``st`` let this user write ``path`` (and, for a folder,
    enter it), and the system agrees (``os.access``: ACLs, read-only mounts). Root counts as
    the owner: a file its owner may not write is read-only for root too."""
    uid = os.geteuid()
    if uid in (0, st.st_uid):
        bits = stat.S_IWUSR | (stat.S_IXUSR if search else 0)
    elif st.st_gid == os.getegid() or st.st_gid in os.getgroups():
        bits = stat.S_IWGRP | (stat.S_IXGRP if search else 0)
    else:
        bits = stat.S_IWOTH | (stat.S_IXOTH if search else 0)
    wanted = os.W_OK | (os.X_OK if search else 0)
    return st.st_mode & bits == bits and os.access(path, wanted)


def plan_rewrite(name: str, root: str | Path, max_bytes: int) -> Rewrite:
    """The file behind ``name`` that ``fix`` may rewrite, and its state before it is read.

    A ``name`` that is, or goes through, a symbolic link must resolve inside ``root`` (the
    working tree) and outside its hidden folders and files, to a regular file; otherwise
    :class:`WriteRefused` is raised and the file is not read. A missing or unreadable file
    is not refused here: reading it reports that.
    """
    real = Path(os.path.realpath(name))
    plain = Path(os.path.normpath(os.path.abspath(name)))
    if real != plain:   # a link somewhere on the way
        name = shown_path(name)
        top = Path(os.path.realpath(root))
        if not real.is_relative_to(top):
            raise WriteRefused(
                f"{name}: is (or goes through) a symbolic link to a file outside the working "
                f"tree ({top}), so fix wrote nothing; fix the file itself, from its own "
                "repository")
        hidden = next((part for part in real.relative_to(top).parts if part.startswith(".")),
                      None)
        if hidden is not None:
            raise WriteRefused(
                f"{name}: is (or goes through) a symbolic link into {shown_path(hidden)}, a "
                "hidden folder or file of the working tree, so fix wrote nothing; deck lists "
                "are not kept there")
        try:
            mode = os.stat(real).st_mode
        except OSError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise WriteRefused(f"{name}: is a symbolic link to something that is not a regular "
                               "file, so fix wrote nothing")
    return Rewrite(name=name, path=real, state=FileState.of(real, max_bytes),
                   max_bytes=max_bytes)
