"""rules_corpus/manifest.yaml: which rulebooks there are, every edition of each, and which edition is current.

Each document keeps its fields as before (`file`, `version`, `date` are the current edition's, so a reader that
knows nothing of editions still reads the current text), plus `current` (the current edition's version) and
`editions` (every edition kept, in the order they were imported). An edition is `{version, date, file, source}`;
`version` is never empty (the book's printed version, or a name given at import: thv prints none, its shipped
edition is named 旧 after its title 「総合ルール(旧)」). A manifest without `editions` has one edition per document.

The manifest is rewritten only by `write_manifest`, whole and atomically (temp file, fsync, rename), keeping the
comments of the shipped file.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import yaml

MANIFEST = "manifest.yaml"
DOC_FIELDS = ("key", "file", "source", "title", "version", "date", "numbering", "base", "current")
EDITION_FIELDS = ("version", "date", "file", "source")
UNNAMED_EDITION = "初版"
NOTE_COLUMN = 29   # the name of the one edition of a document whose manifest gives no version


def corpus_dir() -> Path:
    """`JUDGE_APP_CORPUS` (the contract's name), else `JUDGE_APP_CORPUS_DIR` (its older alias), else the shipped
    rules_corpus/ (read every call: tests and `corpus import` point it elsewhere)."""
    from judge_app.resources import data_dir

    return data_dir("rules_corpus")


def stamp(directory: Path) -> tuple[int, int]:
    """Changes whenever the manifest is rewritten (an import): the key of every per-process cache of the corpus."""
    st = (Path(directory) / MANIFEST).stat()
    return st.st_mtime_ns, st.st_size


def read(directory: Path | str) -> dict:
    text = (Path(directory) / MANIFEST).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    for meta in data["documents"]:
        normalise(meta)
    return data


def normalise(meta: dict) -> dict:
    """Fill `editions` and `current` for a manifest written before editions existed."""
    if not meta.get("editions"):
        meta["editions"] = [{"version": meta.get("version") or UNNAMED_EDITION, "date": meta.get("date"),
                             "file": meta["file"], "source": meta.get("source")}]
    for e in meta["editions"]:
        e["version"] = str(e["version"])
        if e.get("date") is not None:
            e["date"] = str(e["date"])
    if not meta.get("current"):
        meta["current"] = next((e["version"] for e in meta["editions"] if e["file"] == meta["file"]),
                               meta["editions"][-1]["version"])
    meta["current"] = str(meta["current"])
    return meta


def edition(meta: dict, version: str) -> dict | None:
    return next((e for e in meta["editions"] if e["version"] == version), None)


def current_edition(meta: dict) -> dict:
    return edition(meta, meta["current"]) or meta["editions"][-1]


def as_current(meta: dict, version: str) -> dict:
    """A copy of `meta` that loads `version` as its text (what building an older edition reads)."""
    e = edition(meta, version)
    out = dict(meta)
    out.update(file=e["file"], date=e.get("date"), edition=version,
               version=meta.get("version") if version == meta["current"] else e["version"])
    return out


# ---- writing ------------------------------------------------------------------------------------------
def _scalar(value) -> str:
    if value is None:
        return "null"
    s = str(value)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return f'"{s}"'   # a date stays a string
    try:
        plain_ok = yaml.safe_load(f"k: {s}") == {"k": s} and "#" not in s
    except yaml.YAMLError:
        plain_ok = False
    return s if plain_ok else json.dumps(s, ensure_ascii=False)


def _comments(text: str) -> tuple[list[str], dict[tuple[str, str], str]]:
    """The leading comment lines, and each `field: value  # note` note by (document key, field)."""
    header, notes, key = [], {}, None
    lines = text.split("\n")
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        header.append(lines[i])
        i += 1
    for line in lines[i:]:
        m = re.match(r"^\s+(?:- )?(\w+): (.*?)(\s+# .*)?$", line)
        if not m:
            continue
        if m.group(1) == "key" and line.lstrip().startswith("- "):
            key = m.group(2).strip()
        elif m.group(3) and key is not None and line.startswith("    ") and not line.startswith("      "):
            notes[(key, m.group(1))] = m.group(3)
    return header, notes


def render(data: dict, previous_text: str = "") -> str:
    header, notes = _comments(previous_text)
    out = list(header)
    out.append("documents:")
    for meta in data["documents"]:
        first = True
        for f in DOC_FIELDS:
            if f not in meta:
                continue
            value = _scalar(meta[f])
            line = f"  - {f}: {value}" if first else f"    {f}: {value}"
            note = notes.get((meta["key"], f))
            if note:   # notes start in one column, as the shipped file has them
                line = (line.ljust(NOTE_COLUMN) if len(line) < NOTE_COLUMN else line + " ") + note.strip()
            out.append(line)
            first = False
        out.append("    editions:")
        for e in meta["editions"]:
            for j, f in enumerate(EDITION_FIELDS):
                if f in e:
                    out.append(("      - " if j == 0 else "        ") + f"{f}: {_scalar(e.get(f))}")
    return "\n".join(out) + "\n"


def write(directory: Path | str, data: dict) -> None:
    """Replace the manifest whole: a reader sees the old one or the new one, never a mix."""
    path = Path(directory) / MANIFEST
    previous = path.read_text(encoding="utf-8") if path.exists() else ""
    write_atomic(path, render(data, previous).encode("utf-8"))


def make_dirs(directory: Path) -> None:
    """`directory` and the parents it lacks, each 0755 whatever the umask (mkdir's mode is masked: under umask 077
    an `editions/` folder was 0700, its files 0644, and a server running as another user could not read them)."""
    missing = []
    while not directory.exists():
        missing.append(directory)
        directory = directory.parent
    for d in reversed(missing):
        try:
            d.mkdir()
        except FileExistsError:   # another importer made it first: its mode is its own
            continue
        os.chmod(d, 0o755)


def write_atomic(path: Path, payload: bytes) -> None:
    """Replace `path` whole (temp file, fsync, rename). The new file keeps the mode of the one it replaces (and,
    when root writes it, its owner), else 0644: mkstemp's 0600 would hide it from a server running as another
    user."""
    make_dirs(path.parent)
    try:
        old = path.stat()
        mode, owner = old.st_mode & 0o7777, (old.st_uid, old.st_gid)
    except FileNotFoundError:
        mode, owner = 0o644, None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        if owner is not None and os.geteuid() == 0 and owner != (os.geteuid(), os.getegid()):
            os.fchown(fd, *owner)
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
