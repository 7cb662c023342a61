"""`judge-app corpus import`: add a new edition of one rulebook to the corpus directory and make it current.

The file is parsed and linted with the other rulebooks exactly as `corpus check` does. It is refused, with every
reason named and nothing written, when it is not UTF-8 text, when the parser finds no clauses or leaves more
lines unplaced than the current edition, when it has fewer than half the current edition's clauses (a truncated
or garbled conversion), when it has more unresolved references than the current edition (counted over every
document, since a kaiun-multi clause may point into kaiun), when the version or date it prints differ from the
ones given, or when the version is already kept with another text. Importing the text the current edition
already has, under its version, changes nothing. A file more than MAX_GROWTH times the size of the current
edition (a rulebook pasted 400 times) is refused before it is parsed, and so is a version whose file name would
be another edition's.

Writes: the text to editions/<doc>/<version>_<date>.txt, then the manifest, each atomically (temp file, fsync,
rename); the manifest is the commit point, so a crash in between leaves the corpus as it was. A replaced file
keeps its mode (and, for root, its owner); a new one is 0644, so a server running as another user reads it.
The lock file is removed whatever the outcome, a refusal included.
"""
from __future__ import annotations

import datetime as dt
import difflib
import fcntl
import hashlib
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from judge_app.corpus import build_corpus, manifest
from judge_app.corpus.lint import report

VERSION_MAX = 40
MIN_CLAUSE_SHARE = 0.5
# A new edition may be at most this many times the current edition's size in bytes (rulebooks grow by a few
# percent an edition); a bigger file is refused before it is read whole or parsed.
MAX_GROWTH = 3.0
LOCK_NAME = ".import.lock"
# what a title block prints: 「## ver.1.1.6」「Ver.1.0.05」「ver.1」 and 「最終更新日: 2024/4/19」
_PRINTED_VERSION = re.compile(r"(?<![A-Za-z])[Vv]er\.?\s*(\d+(?:\.\d+)*)")
_PRINTED_DATE = re.compile(r"最終更新日\s*[:：]\s*(\d{4})\s*/\s*(\d{1,2})\s*/\s*(\d{1,2})")
_TITLE_LINES = 8
TITLE_LIKENESS = 0.8
_JAPANESE = re.compile(r"[\u3041-\u30ff\u3400-\u9fff]")


class ImportRefused(Exception):
    """The file was not imported; `problems` names each reason (Japanese, for the judge who ran it)."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class ImportResult:
    doc: str
    version: str
    date: str | None
    file: str
    changed: bool
    message: str
    previous: str | None = None                   # the edition that was current before
    lint: dict = field(default_factory=dict)      # the imported document's lint report (as `corpus check --json`)


def printed_version(text: str) -> str | None:
    for line in text.split("\n")[:_TITLE_LINES]:
        m = _PRINTED_VERSION.search(line)
        if m:
            return m.group(1)
    return None


def printed_date(text: str) -> str | None:
    m = _PRINTED_DATE.search("\n".join(text.split("\n")[:_TITLE_LINES * 2]))
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else None


def title_line(text: str) -> str:
    """The book's first printed line (its title), without Markdown marks and spaces."""
    for line in text.split("\n"):
        t = re.sub(r"[#\s]", "", line)
        if t:
            return t
    return ""


def japanese_share(text: str) -> float:
    """Kana and kanji among the printed characters: low when the text is mojibake."""
    printed = re.sub(r"\s", "", text)
    return len(_JAPANESE.findall(printed)) / len(printed) if printed else 0.0


def _text_problems(doc: str, current: str, text: str) -> list[str]:
    problems = []
    now, new = title_line(current), title_line(text)
    if difflib.SequenceMatcher(None, now, new).ratio() < TITLE_LIKENESS:
        problems.append(f"{doc}: 表題「{new[:40]}」が現行版の「{now[:40]}」と違います。別の文書のファイルではありませんか")
    share_now, share_new = japanese_share(current), japanese_share(text)
    if share_new < share_now / 2:
        problems.append(f"{doc}: 日本語の文字が {share_new:.0%} しかありません（現行版は {share_now:.0%}）。"
                        "文字化けしています（UTF-8 以外の文字コードで読まれていませんか）")
    return problems


def _same_version(given: str, printed: str) -> bool:
    m = _PRINTED_VERSION.search(given) or re.fullmatch(r"\s*(\d+(?:\.\d+)*)\s*", given)
    return bool(m) and m.group(1) == printed


def file_name(doc: str, version: str, date: str | None) -> str:
    """editions/<doc>/<version>[_<date>].txt. A version with characters a file name should not carry (「ver.1.1.7
    （暫定）」) keeps its ASCII part and gains 8 hex digits of its hash, so two such versions never share a file."""
    safe = re.sub(r"[^0-9A-Za-z._-]", "_", version).strip(".") or "edition"
    if safe != version:
        safe += "-" + hashlib.blake2b(version.encode("utf-8"), digest_size=4).hexdigest()
    return f"editions/{doc}/{safe}_{date}.txt" if date else f"editions/{doc}/{safe}.txt"


def _check_version(version: str) -> list[str]:
    if not isinstance(version, str) or not version.strip():
        return ["--version: 版を指定してください（例: ver.1.1.7）"]
    if len(version) > VERSION_MAX or any(ord(ch) < 32 for ch in version) or "/" in version:
        return [f"--version: 「{version[:VERSION_MAX]}」は版の名前に使えません（{VERSION_MAX} 文字以内、/ と制御文字なし）"]
    return []


def _check_date(date: str | None) -> list[str]:
    if date is None:
        return []
    try:
        dt.date.fromisoformat(date)
    except (TypeError, ValueError):
        return [f"--date: 「{date}」は YYYY-MM-DD の日付ではありません"]
    return [] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) else [f"--date: 「{date}」は YYYY-MM-DD の形で指定してください"]


def _read_text(path: Path, max_bytes: int | None = None) -> tuple[str | None, list[str]]:
    try:
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            return None, [f"FILE: {size:,} バイトあります。現行版の {MAX_GROWTH:g} 倍（{max_bytes:,} バイト）までです。"
                          "同じ本文が繰り返されていないか確かめてください"]
        raw = path.read_bytes()
    except OSError as e:
        return None, [f"FILE: 「{path}」を読めません（{e.strerror or e}）"]
    if not raw.strip():
        return None, [f"FILE: 「{path}」は空です"]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return None, [f"FILE: UTF-8 のテキストではありません（{e.start} バイト目）。PDF から変換したテキストを UTF-8 で保存してください"]
    if "\x00" in text:
        return None, ["FILE: テキストではありません（NUL 文字を含みます）"]
    return text.removeprefix("\ufeff"), []


@contextmanager
def _locked(directory: Path):
    """One import at a time per corpus directory, under a flock of <dir>/.import.lock, which is removed on the
    way out whatever happened (so a refusal leaves the folder as it found it). An importer that waited on a
    lock file its holder has since removed sees that the path names another file (or none) and locks again."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / LOCK_NAME
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(fd)
    try:
        yield
    finally:
        try:
            os.unlink(path)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def _size_limit(directory: Path, meta: dict | None) -> int | None:
    try:
        return int((directory / meta["file"]).stat().st_size * MAX_GROWTH) if meta else None
    except OSError:
        return None


def _texts(directory: Path, metas: list[dict]) -> dict[str, str]:
    return {m["key"]: (directory / m["file"]).read_text(encoding="utf-8") for m in metas}


def _unresolved(rep: dict) -> list[dict]:
    return [dict(u, doc=d["key"]) for d in rep["docs"] for u in d["references"]["unresolved"]]


def _parse_problems(doc: str, before: dict, after: dict) -> list[str]:
    problems = []
    if after["clauses"] == 0:
        return [f"{doc}: 条文を一つも読み取れません（条文番号の行がありません）。{doc} の総合ルールのテキストか確かめてください"]
    if after["clauses"] < before["clauses"] * MIN_CLAUSE_SHARE:
        problems.append(f"{doc}: 条文が {after['clauses']} しか読み取れません（現行版は {before['clauses']}）。"
                        "途中で切れているか、変換が崩れています")
    unplaced_before, unplaced_after = len(before["lines"]["unplaced"]), len(after["lines"]["unplaced"])
    if unplaced_after > unplaced_before:
        sample = "; ".join(f"{no}行目「{raw.strip()[:30]}」" for no, raw in after["lines"]["unplaced"][:5])
        problems.append(f"{doc}: どの条文にも置けない行が {unplaced_after} 行あります（現行版は {unplaced_before}）: {sample}")
    return problems


def _ref_problems(before: list[dict], after: list[dict]) -> list[str]:
    if len(after) <= len(before):
        return []
    known = {(u["clause"], u["text"]) for u in before}
    new = [u for u in after if (u["clause"], u["text"]) not in known] or after
    sample = "; ".join(f"{u['clause']} 「{u['text']}」（{u['reason']}）" for u in new[:8])
    more = f" ほか {len(new) - 8} 件" if len(new) > 8 else ""
    return [f"解決できない参照が {len(after)} 件あります（現行版は {len(before)} 件）: {sample}{more}"]


def import_edition(directory: Path | str, doc: str, source: Path | str, version: str,
                   date: str | None = None) -> ImportResult:
    directory, source = Path(directory), Path(source)
    problems = _check_version(version) + _check_date(date)
    with _locked(directory):
        data = manifest.read(directory)
        metas = data["documents"]
        meta = next((m for m in metas if m["key"] == doc), None)
        if meta is None:
            problems.insert(0, f"--doc: 「{doc}」という文書はありません（{', '.join(m['key'] for m in metas)}）")
        text, read_problems = _read_text(source, _size_limit(directory, meta))
        problems += read_problems
        if problems:
            raise ImportRefused(problems)
        version = version.strip()
        p_version, p_date = printed_version(text), printed_date(text)
        if p_version and not _same_version(version, p_version):
            problems.append(f"--version: ファイルの表紙には ver.{p_version} と印刷されています（指定は {version}）")
        if date is None:
            date = p_date
        elif p_date and p_date != date:
            problems.append(f"--date: ファイルの最終更新日は {p_date} です（指定は {date}）")

        texts = _texts(directory, metas)
        problems += _text_problems(doc, texts[doc], text)
        same_version = manifest.edition(meta, version)
        for e in meta["editions"]:
            kept = (directory / e["file"]).read_text(encoding="utf-8")
            if kept == text and e["version"] != version:
                problems.append(f"--version: この本文は版 {e['version']} として取り込み済みです")
            if e is same_version and kept != text:
                problems.append(f"--version: 版 {version} は別の本文で取り込み済みです。別の版の名前を指定してください")
            if e is same_version and kept == text and (e.get("date") or None) != (date or None):
                problems.append(f"--date: 版 {version} は日付 {e.get('date') or 'なし'} で取り込み済みです（指定は {date}）")
        if problems:
            raise ImportRefused(problems)

        if same_version is not None:   # the same text again
            if meta["current"] == version:
                return ImportResult(doc, version, date, same_version["file"], False,
                                    f"{doc} {version} は取り込み済みで現行版です。何も変えていません")
            previous = meta["current"]
            _set_current(meta, same_version)
            manifest.write(directory, data)
            return ImportResult(doc, version, date, same_version["file"], True,
                                f"{doc} の現行版を {previous} から {version} に戻しました", previous=previous)

        new_file = file_name(doc, version, date)
        taken = next((e for m in metas for e in m["editions"] if e["file"] == new_file), None)
        if taken is not None or (directory / new_file).exists():
            owner = f"版 {taken['version']} のファイル" if taken else "既にあるファイル"
            raise ImportRefused([f"--version: 版 {version} のファイル名 {new_file} が{owner}と重なります。"
                                 "別の版の名前を指定してください"])
        before = report(build_corpus(metas, texts))
        new_meta = dict(meta, file=new_file, version=version, date=date, current=version,
                        editions=list(meta["editions"]))
        after = report(build_corpus([new_meta if m is meta else m for m in metas], dict(texts, **{doc: text})))
        doc_before = next(d for d in before["docs"] if d["key"] == doc)
        doc_after = next(d for d in after["docs"] if d["key"] == doc)
        problems = _parse_problems(doc, doc_before, doc_after) + _ref_problems(_unresolved(before), _unresolved(after))
        if problems:
            raise ImportRefused(problems)

        edition = {"version": version, "date": date, "file": new_meta["file"], "source": source.name}
        manifest.write_atomic(directory / edition["file"], text.encode("utf-8"))
        previous = meta["current"]
        meta["editions"].append(edition)
        _set_current(meta, edition)
        manifest.write(directory, data)
        return ImportResult(doc, version, date, edition["file"], True,
                            f"{doc} {version} を取り込み、現行版にしました（前の現行版: {previous}）",
                            previous=previous, lint=doc_after)


def _set_current(meta: dict, edition: dict) -> None:
    meta.update(current=edition["version"], file=edition["file"], date=edition.get("date"),
                version=edition["version"])
