"""Static files under content-hashed names, so a browser keeps them until their content changes (issue 25).

At start-up every file of the static folder is read and hashed: `app.css` is also `app.<12 hex>.css`, the hex being
the start of its SHA-256. A `url_defaults` hook rewrites the `filename` of every `url_for('static', filename=…)`,
so each template's call gives the hashed URL without knowing of it, and the one place that knows is this module.

What answers, and for how long a browser may keep it:

| URL | answer | Cache-Control |
| --- | --- | --- |
| `/static/app.<hash>.css`, the hash of the current content | the file | `public, max-age=31536000, immutable`: never asked for again; a new content has a new name |
| `/static/app.css` (what pages linked before hashed names) | the file | `public, max-age=300`, with an ETag and Last-Modified to revalidate against |
| `/static/app.<other hash>.css` (a page cached before a deploy) | the current file | the same short life: it is not that content |

Bodies are held in memory (they were read to be hashed; the folder holds a few tens of KB) and answered as whole
responses, never streamed, so flask-compress compresses each once per encoding and keeps the result (see
`compression.py`). A file too large to hold, or added after start-up, is served by Flask's own static view with the
short life. With the debugger on (`make dev`) the folder is read again when a file changes.
"""
from __future__ import annotations

import hashlib
import mimetypes
import os
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app, g, request

HASH_LEN = 12
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT = "public, max-age=300"
HOLD_AT_MOST = 1 << 20          # bytes: a larger file is sent from disk by Flask's static view
_HASHED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{%d})(?P<ext>\.[^./]+)?$" % HASH_LEN)


@dataclass(frozen=True)
class Asset:
    name: str                   # as url_for is given it: "app.css", "vendor/x.js"
    hashed: str                 # "app.0123456789ab.css"
    digest: str                 # the 12 hex of the hashed name
    body: bytes | None          # None: too large to hold, sent from disk
    mimetype: str
    mtime: float


def hashed_name(name: str, digest: str) -> str:
    """`app.css` → `app.<digest>.css`; a name without an extension gets the digest at its end."""
    folder, _, base = name.rpartition("/")
    stem, dot, ext = base.rpartition(".")
    new = f"{stem}.{digest}.{ext}" if dot and stem else f"{base}.{digest}"
    return f"{folder}/{new}" if folder else new


def plain_name(name: str) -> str | None:
    """The file a hashed name stands for (`app.<any hash>.css` → `app.css`), or None for a name of no hash."""
    folder, _, base = name.rpartition("/")
    m = _HASHED.match(base)
    if not m:
        return None
    plain = m["stem"] + (m["ext"] or "")
    return f"{folder}/{plain}" if folder else plain


class StaticFiles:
    """The static folder's files by name and by hashed name."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)
        self._lock = threading.Lock()
        self._load()

    def _scan(self) -> dict[str, float]:
        found = {}
        if self.folder.is_dir():
            for path in sorted(self.folder.rglob("*")):
                rel = path.relative_to(self.folder).as_posix()
                if path.is_file() and not any(part.startswith(".") for part in rel.split("/")):
                    found[rel] = path.stat().st_mtime
        return found

    def _load(self) -> None:
        stamps = self._scan()
        by_name, by_hashed = {}, {}
        for rel, mtime in stamps.items():
            path = self.folder / rel
            size = path.stat().st_size
            h = hashlib.sha256()
            body = None
            with open(path, "rb") as f:
                if size <= HOLD_AT_MOST:
                    body = f.read()
                    h.update(body)
                else:
                    for chunk in iter(lambda: f.read(1 << 16), b""):
                        h.update(chunk)
            digest = h.hexdigest()[:HASH_LEN]
            mimetype = mimetypes.guess_type(rel)[0] or "application/octet-stream"
            asset = Asset(rel, hashed_name(rel, digest), digest, body, mimetype, mtime)
            by_name[rel] = asset
            by_hashed[asset.hashed] = asset
        self.stamps, self.by_name, self.by_hashed = stamps, by_name, by_hashed

    def refresh_if_changed(self) -> None:
        """Read the folder again when a file was added, removed or changed (used with the debugger on)."""
        with self._lock:
            if self._scan() != self.stamps:
                self._load()

    def url_name(self, name: str) -> str:
        asset = self.by_name.get(name)
        return asset.hashed if asset else name

    def lookup(self, filename: str) -> tuple[Asset | None, bool]:
        """(the asset a requested name answers with, whether that name is the immutable one)."""
        asset = self.by_hashed.get(filename)
        if asset is not None:
            return asset, True
        asset = self.by_name.get(filename)
        if asset is None:
            plain = plain_name(filename)
            asset = self.by_name.get(plain) if plain else None
        return asset, False


def install(app: Flask) -> None:
    if app.static_folder is None:
        return
    files = StaticFiles(app.static_folder)
    app.extensions["judge_app.static_files"] = files
    flask_view = app.view_functions["static"]

    def static(filename: str):
        if current_app.debug:
            files.refresh_if_changed()
        asset, immutable = files.lookup(filename)
        if asset is None or asset.body is None:
            resp = flask_view(filename=asset.name if asset else filename)
            if resp.status_code == 200:
                resp.headers["Cache-Control"] = IMMUTABLE if asset is not None and immutable else SHORT
            return resp
        g.static_digest = asset.digest          # flask-compress keeps its compressed bodies by this (compression.py)
        resp = current_app.response_class(asset.body, mimetype=asset.mimetype)
        resp.set_etag(asset.digest)
        resp.last_modified = asset.mtime
        resp.headers["Cache-Control"] = IMMUTABLE if immutable else SHORT
        return resp.make_conditional(request)

    app.view_functions["static"] = static

    @app.url_defaults
    def _hashed_static_url(endpoint: str, values: dict) -> None:
        if endpoint == "static" and isinstance(values.get("filename"), str):
            if current_app.debug:
                files.refresh_if_changed()
            values["filename"] = files.url_name(values["filename"])
