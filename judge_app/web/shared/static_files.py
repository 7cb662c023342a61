"""Static files under content-hashed names, kept by browsers for a year, served by WhiteNoise (issue 25).

At start-up each file of the static folder is hashed (the first 12 hex of its SHA-256) and copied under its hashed
name (`app.css` → `app.<hash>.css`) into a build folder of the instance, where WhiteNoise's own compressor writes its
`.br` and `.gz` beside it, once, at their best level. WhiteNoise, in front of the Flask app, then answers both names
from that copy, choosing the encoding by the request's Accept-Encoding, with ETag, Last-Modified, 304s and ranges;
Flask never sees a static request. A `url_defaults` hook rewrites `url_for('static', filename=…)`, so every template
links the hashed name without knowing of it.

| URL | answer | Cache-Control |
| --- | --- | --- |
| `/static/app.<hash>.css`, the current content | the file | a year and `immutable`: never asked again; new content, new name |
| `/static/app.css` (links from before hashed names) | the same file | 5 minutes, then revalidated by its ETag |
| `/static/app.<other hash>.css` (a page cached before a deploy) | 302 to the current hashed name | 5 minutes |

The build folder is named by the hash of every file's hash, so it is made once per content of the static folder, by
the first process to start (into a temporary folder renamed into place: another process never sees half of it);
builds not used for a week are removed; where the instance folder cannot be written, the build goes to a
temporary folder of the process's own. With the debugger on (`make dev`) none of this happens: Flask serves the
plain names as they are on disk, so an edit shows on the next reload, and answers a hashed name with the plain
file as it is now (the offline worker precaches the hashed names, static/sw.js).
"""
from __future__ import annotations

import atexit
import hashlib
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from flask import Flask, redirect, url_for
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

HASH_LEN = 12
YEAR = 365 * 24 * 3600
SHORT = 300                     # seconds a plain name is kept before revalidating
KEEP_OLD_BUILDS = 7 * 24 * 3600
_HASHED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{%d})(?P<ext>\.[^./]+)?$" % HASH_LEN)


class Hashed(WhiteNoise):
    """WhiteNoise with a year's life for the hashed names only (the plain ones get `max_age`)."""
    FOREVER = YEAR

    def __init__(self, application, immutable_urls: set[str], **kwargs) -> None:
        self.immutable_urls = immutable_urls
        super().__init__(application, **kwargs)

    def immutable_file_test(self, path: str, url: str) -> bool:
        return url in self.immutable_urls


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


def manifest(folder: Path) -> dict[str, str]:
    """Every file of the static folder (dot-files left out) → its hashed name."""
    names = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_file() and not any(part.startswith(".") for part in rel.split("/")):
            names[rel] = hashed_name(rel, hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_LEN])
    return names


def build(source: Path, builds: Path, names: dict[str, str]) -> Path:
    """The build folder for this content of the static folder: the hashed copies and their .br/.gz."""
    build_id = hashlib.sha256(repr(sorted(names.items())).encode()).hexdigest()[:HASH_LEN]
    target = builds / build_id
    if not target.is_dir():
        builds.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=builds))
        compressor = Compressor(quiet=True)
        for rel, hashed in names.items():
            dest = tmp / hashed
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / rel, dest)
            if compressor.should_compress(dest.name):
                compressor.compress(str(dest))
        try:
            os.rename(tmp, target)
        except OSError:                     # another process got there first: its copy is the same
            shutil.rmtree(tmp, ignore_errors=True)
    os.utime(target)                        # in use: not old
    _remove_old_builds(builds, keep=target)
    return target


def _remove_old_builds(builds: Path, keep: Path) -> None:
    cutoff = time.time() - KEEP_OLD_BUILDS
    for old in builds.iterdir():
        try:
            if old != keep and old.is_dir() and old.stat().st_mtime < cutoff:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            pass


def _hashed_names_from_disk(app: Flask) -> None:
    """make dev: a hashed name (any hash) is answered with its plain file as it is on disk now."""
    flask_view = app.view_functions["static"]
    folder = Path(app.static_folder)

    def static(filename: str):
        plain = plain_name(filename)
        if plain and not (folder / filename).is_file() and (folder / plain).is_file():
            return flask_view(filename=plain)
        return flask_view(filename=filename)

    app.view_functions["static"] = static


def install(app: Flask, headers: dict[str, str]) -> None:
    """Serve the static folder through WhiteNoise under hashed names; `headers` go on every static answer."""
    if app.static_folder is None:
        return
    if app.debug:
        _hashed_names_from_disk(app)
        return
    source = Path(app.static_folder)
    names = manifest(source)
    builds = Path(app.config.get("STATIC_BUILD_DIR") or Path(app.instance_path) / "static-build")
    try:
        built = build(source, builds, names)
    except OSError as e:                    # an instance folder we may not write: this process's own copy
        app.logger.warning("static files built in a temporary folder (%s: %s)", builds, e)
        own = Path(tempfile.mkdtemp(prefix="judge_app-static-"))
        atexit.register(shutil.rmtree, own, True)
        built = build(source, own, names)
    prefix = (app.static_url_path or "/static").rstrip("/") + "/"

    def _headers(h, path: str, url: str) -> None:
        for key, value in headers.items():
            h.setdefault(key, value)

    served = Hashed(app.wsgi_app, {prefix + h for h in names.values()}, max_age=SHORT, allow_all_origins=False,
                    add_headers_function=_headers)
    for rel, hashed in names.items():
        for url in (prefix + hashed, prefix + rel):
            served.add_file_to_dictionary(url, str(built / hashed))
    app.wsgi_app = served
    app.extensions["judge_app.static_files"] = names
    flask_view = app.view_functions["static"]

    def static(filename: str):
        plain = plain_name(filename)
        if plain in names:                  # a hash from before a deploy: the file's current name
            resp = redirect(url_for("static", filename=plain), 302)
            resp.headers["Cache-Control"] = f"public, max-age={SHORT}"
            return resp
        return flask_view(filename=filename)    # a file added since start-up, or a 404

    app.view_functions["static"] = static

    @app.url_defaults
    def _hashed_static_url(endpoint: str, values: dict) -> None:
        if endpoint == "static" and isinstance(values.get("filename"), str):
            values["filename"] = names.get(values["filename"], values["filename"])
