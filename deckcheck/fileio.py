"""Writing files safely: the target is replaced only once the new content is complete."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path


def atomic_write(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (temporary file in the same directory, then
    rename). If anything fails, the original file is left as it was.

    A target that exists but is not a regular file (``/dev/stdout``, a terminal, a FIFO) is
    written to directly: renaming over it would replace the device or pipe by a file.
    """
    target = Path(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        _write_stream(target, text, encoding)
        return
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o7777)
        else:   # a new file gets the usual permissions (mkstemp makes it private: 0600)
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0o022)   # reading the umask means setting it: put it straight back
    os.umask(mask)
    return mask


def _write_stream(target: Path, text: str, encoding: str) -> None:
    # non-blocking open: a FIFO nobody reads fails at once (ENXIO) instead of hanging
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(exc.errno, "nothing is reading from this pipe") from None
        raise
    os.set_blocking(fd, True)
    with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
        fh.write(text)
