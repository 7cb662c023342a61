"""Repairs of the PDF-to-text conversion noise, one line at a time.

Printed characters stay as printed (① stays ①); only what the conversion added goes:
Markdown heading marks, list bullets and indentation, link and underline markup, LaTeX boxes,
a `|` read where a closing 」 was printed, and spaces the line wrap left between two Japanese characters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_MD_HEADING = re.compile(r"^#{1,6}\s+")
_BULLET = re.compile(r"^[-*+](?:\s+|$)")
_LINK = re.compile(r"\[([^\]]*)\]\(#[^)]*\)")
_TAG = re.compile(r"</?(?:u|b|i|em|strong|span|br)\s*/?>", re.I)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_BOXED = re.compile(r"\$\s*\\boxed\{")
_DOLLAR = re.compile(r"\$\s*")
# Japanese script and its punctuation; a space between two of these is line-wrap noise.
_CJK = "\u3000-\u303f\u3040-\u30ff\u31f0-\u31ff\u4e00-\u9fff\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
_CJK_SPACE = re.compile(f"(?<=[{_CJK}])[ \t]+(?=[{_CJK}])")
# The game's name is printed with a space before 総合ルール; keep that one.
_KEEP_SPACE = re.compile(r"(コロシ[アウ]ム|VISION)$")


@dataclass
class Line:
    no: int            # 1-based line number in the rulebook file
    raw: str
    text: str          # cleaned
    bullet: bool       # the line started with a list bullet
    indent: int        # leading spaces before the bullet (a nested bullet)
    md_heading: bool   # the line started with Markdown `#` marks


def strip_markup(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = _BOLD.sub(r"\1", text)
    text = _BOXED.sub("「", text)
    text = _DOLLAR.sub("", text)
    return text


def fix_bar_quote(text: str) -> str:
    """`「バリア N 枚を手札に加える |` : the converter read the closing 」 as a bar."""
    out = []
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "「":
            depth += 1
        elif ch == "」":
            depth = max(0, depth - 1)
        elif ch == "|" and depth > 0:
            while out and out[-1] == " ":
                out.pop()
            out.append("」")
            depth -= 1
            i += 1
            while i < len(text) and text[i] == " ":
                i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def close_cjk_spaces(text: str) -> str:
    def keep(m: re.Match) -> str:
        return m.group(0) if _KEEP_SPACE.search(text[: m.start()]) else ""
    return _CJK_SPACE.sub(keep, text)


def clean(no: int, raw: str) -> Line:
    text = raw.rstrip()
    stripped = text.lstrip()
    indent = len(text) - len(stripped)
    md = bool(_MD_HEADING.match(stripped))
    if md:
        stripped = _MD_HEADING.sub("", stripped)
    bullet = False
    while True:
        m = _BULLET.match(stripped)
        if not m:
            break
        bullet = True
        stripped = stripped[m.end():]
    stripped = strip_markup(stripped)
    stripped = fix_bar_quote(stripped)
    stripped = close_cjk_spaces(stripped).strip()
    return Line(no=no, raw=raw, text=stripped, bullet=bullet, indent=indent, md_heading=md)


SENTENCE_END = tuple("。．！？)）")


def join_text(prev: str, nxt: str) -> str:
    """Join a line broken by the page or the wrap: no space inside Japanese or inside a broken number."""
    if prev and nxt and prev[-1].isascii() and prev[-1].isalnum() and nxt[0].isascii() and nxt[0].isalnum():
        return prev + " " + nxt
    return prev + nxt
