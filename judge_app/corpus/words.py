"""Word-level diff of two texts, for showing what a reworded clause changed inline.

Japanese has no spaces, so the texts are cut into SudachiPy's short units (split mode A: 「ライフ/の/上/の/
カード」), falling back to single characters where SudachiPy is not installed; runs of Latin letters and digits
stay whole either way. The result is a list of `{op, text}` with op `=` (kept), `-` (only in the old text)
or `+` (only in the new one); joining the `=` and `-` parts gives the old text back, `=` and `+` the new.
"""
from __future__ import annotations

import difflib
import re
import threading

_threads = threading.local()
_RUN = re.compile(r"[0-9A-Za-z]+(?:[-.][0-9A-Za-z]+)*|\s+|.", re.S)


def _sudachi():
    tok = getattr(_threads, "tokenizer", False)
    if tok is False:
        try:
            from sudachipy import Dictionary, SplitMode

            tok = Dictionary(dict="core").tokenizer(mode=SplitMode.A)
        except Exception:   # not installed, or no dictionary: characters will do
            tok = None
        _threads.tokenizer = tok
    return tok


def tokens(text: str) -> list[str]:
    tok = _sudachi()
    if tok is not None and text:
        out = [m.surface() for m in tok.tokenize(text)]
        if "".join(out) == text:
            return _join_numbers(out)
    return _RUN.findall(text)


def _join_numbers(parts: list[str]) -> list[str]:
    """「7」「-」「1」「-」「5」 back into one token, so a changed clause number reads as one change."""
    out: list[str] = []
    for p in parts:
        if out and re.fullmatch(r"[-.]?[0-9A-Za-z]*", p) and re.search(r"[0-9A-Za-z][-.]?$", out[-1]) \
                and re.fullmatch(r"[0-9A-Za-z.-]+", out[-1]) and p:
            out[-1] += p
        else:
            out.append(p)
    cut: list[str] = []
    for t in out:   # a number's trailing dot (「10-1-5.参照」) is punctuation, not part of it
        if len(t) > 1 and t[-1] in ".-" and re.fullmatch(r"[0-9A-Za-z.-]+", t):
            cut += [t[:-1], t[-1]]
        else:
            cut.append(t)
    return cut


def diff(old: str, new: str) -> list[dict]:
    a, b = tokens(old or ""), tokens(new or "")
    out: list[dict] = []

    def put(op: str, text: str) -> None:
        if not text:
            return
        if out and out[-1]["op"] == op:
            out[-1]["text"] += text
        else:
            out.append({"op": op, "text": text})

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            put("=", "".join(a[i1:i2]))
        else:
            put("-", "".join(a[i1:i2]))
            put("+", "".join(b[j1:j2]))
    return out
