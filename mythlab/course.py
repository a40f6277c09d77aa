"""The notebooks that ship with mythlab: find them, copy them to a working folder, open JupyterLab.

The wheel carries the checkout's ``notebooks/`` (reference notebooks and ``lessons/``) as
``mythlab/notebooks/`` (``force-include`` in pyproject.toml); an editable install reads the
checkout's own ``notebooks/``. Copying never overwrites a file that differs from the shipped
one (a student's edits) unless ``ask`` says yes for that file; identical files are left alone.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
PATTERNS = ("*.ipynb", "lessons/*.ipynb")
"""What is shipped and copied: the reference notebooks and the lessons."""


class NotebookFolderError(ValueError):
    """A working folder that cannot take the notebooks (a file, not writable); one line."""


def shipped_folder() -> Path:
    """The folder holding the shipped notebooks: in the package, or a checkout's ``notebooks/``."""
    for folder in (PACKAGE / "notebooks", PACKAGE.parent / "notebooks"):
        if folder.is_dir() and any(folder.glob("*.ipynb")):
            return folder
    raise NotebookFolderError(f"no notebooks found in {PACKAGE / 'notebooks'}: this mythlab "
                              "was installed without them (reinstall it from the wheel)")


def shipped_notebooks() -> list[Path]:
    """The shipped notebooks, as paths relative to :func:`shipped_folder`, sorted."""
    root = shipped_folder()
    return sorted({p.relative_to(root) for pattern in PATTERNS for p in root.glob(pattern)
                   if p.is_file()})


@dataclass
class CopyReport:
    """What :func:`copy_notebooks` did with each shipped notebook (relative paths)."""

    folder: Path
    copied: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    replaced: list[Path] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)

    def summary(self) -> str:
        """One line, e.g. ``3 copied, 9 already up to date, 1 kept (differs): lessons/a.ipynb``."""
        parts = [f"{len(self.copied)} copied", f"{len(self.unchanged)} already up to date"]
        if self.replaced:
            parts.append(f"{len(self.replaced)} replaced")
        line = ", ".join(parts)
        if self.skipped:
            kept = ", ".join(map(str, self.skipped))
            line += f"; {len(self.skipped)} kept as they are (they differ from mythlab's): {kept}"
        return f"{self.folder}: {line}"


def check_folder(folder: Path) -> Path:
    """``folder`` resolved, created if missing; :class:`NotebookFolderError` when it cannot
    hold the notebooks (a file, a parent that is a file, no write permission)."""
    folder = Path(folder).expanduser()
    if folder.exists() and not folder.is_dir():
        raise NotebookFolderError(f"{folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NotebookFolderError(f"cannot create the folder {folder}: "
                                  f"{exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise NotebookFolderError(f"{folder} is not writable")
    return folder.resolve()


def copy_notebooks(folder: str | Path, ask: Callable[[Path], bool] | None = None) -> CopyReport:
    """Copy the shipped notebooks into ``folder`` (created if missing).

    A missing file is copied; one equal to the shipped file is left alone; one that differs
    (edited by a student, or from another mythlab version) is replaced only when
    ``ask(relative path)`` returns True, and kept otherwise (``ask=None``: always kept). A
    link, or a folder where a notebook should be, is always kept: nothing is written through it.
    """
    source, target = shipped_folder(), check_folder(Path(folder))
    report = CopyReport(target)
    for rel in shipped_notebooks():
        shipped, copy = source / rel, target / rel
        if copy.is_symlink() or (copy.exists() and not copy.is_file()):
            report.skipped.append(rel)
            continue
        if not copy.exists():
            if copy.parent.exists() and not copy.parent.is_dir():
                raise NotebookFolderError(f"{copy.parent} is a file, not a folder")
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shipped, copy)
            report.copied.append(rel)
        elif copy.read_bytes() == shipped.read_bytes():
            report.unchanged.append(rel)
        elif ask is not None and ask(rel):
            shutil.copyfile(shipped, copy)
            report.replaced.append(rel)
        else:
            report.skipped.append(rel)
    return report


def ask_on_terminal(rel: Path) -> bool:
    """Ask y/N on the terminal whether to replace the working copy ``rel``; anything but y/yes
    (or end of input) keeps it."""
    try:
        answer = input(f"{rel} differs from mythlab's copy (your edits?). Replace it? [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


class UnknownLesson(ValueError):
    """A lesson name or number that names no shipped lesson; one line with the choices."""


def lessons() -> list[Path]:
    """The shipped lessons, as paths relative to :func:`shipped_folder` (``lessons/01-….ipynb``)."""
    return [p for p in shipped_notebooks() if p.parts[0] == "lessons"]


def find_lesson(name: object) -> Path:
    """The lesson ``name`` means, as a path relative to :func:`shipped_folder`: its number
    (``4``, ``"04"``), its file name with or without the number and ``.ipynb``, or a part of
    its title (``"battles"``), in any case. :class:`UnknownLesson` otherwise, naming the
    close matches and the choices."""
    import difflib
    import re

    shipped = lessons()
    slugs = {p: p.stem.split("-", 1)[1] for p in shipped}
    wanted = re.sub(r"[\s_]+", "-", str(name).strip().lower()).removesuffix(".ipynb")[:200]
    for path, slug in slugs.items():
        number = path.stem.split("-", 1)[0]
        if wanted.isdigit() and int(wanted) == int(number):
            return path
        if wanted in (path.stem, slug) or (len(wanted) >= 4 and wanted in slug):
            return path
    close = difflib.get_close_matches(wanted, [*slugs.values(), *(p.stem for p in shipped)],
                                      n=3, cutoff=0.6)
    hint = f"did you mean {', '.join(dict.fromkeys(close))}? " if close else ""
    choices = ", ".join(f"{int(p.stem[:2])} {slugs[p]}" for p in shipped)
    raise UnknownLesson(f"no lesson {str(name)[:40]!r}; {hint}the lessons: {choices}")


def lab_command(folder: Path, lesson: Path | None = None, port: int | None = None,
                browser: bool = True) -> list[str]:
    """The command that opens JupyterLab on ``folder`` (on ``lesson``, a path inside it, when
    given; ``--allow-root`` when run as root, as containers and classroom VMs often are;
    JupyterLab refuses root otherwise)."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if port is not None:
        command.append(f"--ServerApp.port={port}")
    if not browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    if lesson is not None:
        command.append(str(folder / lesson))
    return command
