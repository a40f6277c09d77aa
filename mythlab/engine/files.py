"""Reading the files users name: regular files only, size-bounded, UTF-8, read once.

A path a user (or a save file) names may be a FIFO that blocks forever, ``/dev/zero`` that
never ends, or a huge file; :func:`read_user_text` refuses those before reading a byte.
:class:`DataFile` is a data file read this way; games keep it, so saves can embed it.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from .errors import DataError

#: the largest data file mythlab reads (the largest built-in one is about 17 KB)
MAX_DATA_BYTES = 1 << 20


class FileRefused(ValueError):
    """A file that cannot or may not be read; callers turn it into DataError or SaveFileError."""


def read_user_text(path: str | os.PathLike, limit: int) -> str:
    """The text of a regular UTF-8 file of at most ``limit`` bytes; ``FileRefused`` otherwise.

    The file is opened without blocking (a FIFO never waits for a writer) and checked with
    ``fstat`` on the open descriptor, so a file swapped in between cannot slip through.
    """
    if not isinstance(path, str | os.PathLike):
        raise FileRefused(f"expected a file path, not {type(path).__name__}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise FileRefused(f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file (a folder, device or pipe): give a file")
        if info.st_size > limit:
            raise FileRefused(f"{info.st_size} bytes, more than the {limit} bytes allowed")
        chunks, size = [], 0
        while size <= limit and (chunk := os.read(fd, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(f"more than the {limit} bytes allowed")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileRefused(f"not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}): "
                          "save the file as UTF-8") from None


@dataclass(frozen=True)
class DataFile:
    """A user's data file, read once: ``name`` (the path given, for messages) and ``text``.

    Games keep their custom data as DataFiles, and saves embed them, so a save never reads a
    path again and an edited file cannot change a saved game.
    """

    name: str
    text: str

    def __str__(self) -> str:
        return self.name

    @property
    def sha256(self) -> str:
        """The SHA-256 of the text (hex): saves record it to name the data a game used."""
        # surrogatepass: a lone surrogate (from JSON "\\udcff") hashes instead of crashing
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()

    @classmethod
    def read(cls, path: str | os.PathLike, limit: int = MAX_DATA_BYTES) -> DataFile:
        """Read ``path`` (bounded, regular files only); problems raise ``DataError``."""
        try:
            return cls(str(path), read_user_text(path, limit))
        except FileRefused as exc:
            raise DataError(str(path), None, None, str(exc)) from None

    def ref(self) -> dict[str, str]:
        """How options and saves name this file: its name and content hash."""
        return {"file": self.name, "sha256": self.sha256}


def as_source(path: str | os.PathLike | DataFile) -> Path | DataFile:
    """A DataFile as it is, anything else as a Path (loaders take either)."""
    return path if isinstance(path, DataFile) else Path(path)
