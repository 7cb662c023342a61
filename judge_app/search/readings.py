"""Words typed in hiragana read as the rulebook's own words: 「ゆうせんけん」 → 優先権, 「てふだのじょうげん」 → 手札の上限.

A judge typing fast on a phone often sends the query before the IME converts it. Katakana words need nothing
(folding makes 「ぶろっかー」 and ブロッカー one form); words the rulebook writes in kanji do. This is a small
kana-to-kanji conversion whose dictionary is the rulebooks' own vocabulary:

- `build` (when the index is built): every noun of every clause, and every run of two or three nouns
  (敗北+条件), whose surface holds a kanji, by its reading from the analyser (SudachiPy), folded. A reading
  the rulebooks themselves write in kana somewhere (「とき」「こと」「した」) is dropped: there the query's kana
  already match the text, and converting would misread ordinary words. A reading shorter than three kana is
  kept only for a word of two characters or more (指示, 付与), not for 上, 前, 次 or 色. Where one reading has
  several surfaces, the one the rulebooks use most wins (せんとう → 戦闘, not 先頭). Nouns that take する
  (登場, 発動) are marked, so 「とうじょうした」 reads as 登場した.
- `convert` (each query): the hiragana runs of the query, read left to right, longest reading first. A reading
  counts only where a word can start and end: after the start of the run, a particle, another reading or (three
  kana or more) a verb's ending; before the end of the run, a particle, another reading, or する for a noun that
  takes it. So 「どうしよう」 is not read as 同士+よう. A counter after a digit or 「なん」 is read too
  (「0まい」 → 0枚, 「なんかい」 → 何回): the rulebooks count with them.
The query is then searched as converted, and each conversion is shown (「ゆうせんけん → 優先権」), so a
misreading can be seen.
"""
from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from judge_app.search.normalize import fold, nfkc

FILE = "readings.json"     # in the index directory, written with it (index.py)
MIN_KANA = 3               # shorter readings only for a word of two characters or more
MAX_PARTS = 3              # a compound of at most this many nouns

_KANJI = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々〆]")
_WORD = re.compile(r"^[\w々〆]+$")
_HIRAGANA_RUN = re.compile(r"[\u3041-\u3096]+")

# What may come before and after a word typed in kana (see the module's docstring).
_PARTICLES = ("の", "が", "は", "を", "に", "で", "と", "も", "へ", "や", "か", "って", "から", "まで", "より",
              "など", "だけ", "しか")
_SURU = ("し", "す", "さ", "せ", "でき")               # する, できる after a noun that takes them
_VERB_ENDS = ("る", "た")                            # 「…になるじょうけん」「…したばあい」: a word after a verb
# The counters the rulebooks count with, by reading (longest first): read after a digit or 「なん」 (何).
COUNTERS = {"しゅるい": "種類", "まい": "枚", "かい": "回", "たい": "体", "にん": "人", "めい": "名", "てん": "点",
            "ど": "度"}


@dataclass(frozen=True)
class KanaTable:
    words: dict[str, str] = field(default_factory=dict)    # reading in hiragana → the rulebooks' word
    suru: set[str] = field(default_factory=set)            # readings of nouns that take する

    def __post_init__(self):
        # the lengths of the readings that start with each two kana, longest first: most places of a query
        # start no reading, and are passed over with one look-up
        lengths: dict[str, set[int]] = defaultdict(set)
        for reading in self.words:
            lengths[reading[:2]].add(len(reading))
        object.__setattr__(self, "lengths", {k: sorted(v, reverse=True) for k, v in lengths.items()})

    def __bool__(self) -> bool:
        return bool(self.words)

    def at(self, run: str, i: int):
        """(reading, word) of every reading that starts at `i` of `run`, longest first."""
        for n in self.lengths.get(run[i:i + 2], ()):
            word = self.words.get(run[i:i + n]) if i + n <= len(run) else None
            if word:
                yield run[i:i + n], word

    def to_json(self) -> dict:
        return {"words": self.words, "suru": sorted(self.suru)}


def _nouns(tokenizer, text: str) -> list[list[tuple[str, str, bool]]]:
    """Runs of consecutive nouns of `text`, each as (surface, reading in hiragana, takes する)."""
    runs, run = [], []
    for m in tokenizer.tokenize(text):
        pos = m.part_of_speech()
        if pos[0] == "名詞" or (pos[0] == "接尾辞" and pos[1] == "名詞的"):
            run.append((m.surface(), fold(m.reading_form()), pos[2] == "サ変可能"))   # katakana folds to hiragana
        elif run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return runs


def build(texts: list[str]) -> KanaTable:
    """The readings of the rulebooks' words, from the rulebooks' texts (empty without SudachiPy)."""
    from judge_app.search import analysis

    if analysis.analyser_name() != "sudachi":
        return KanaTable()      # the readings come from SudachiPy's dictionary
    tokenizer = analysis.sudachi_tokenizer()
    seen: dict[str, Counter] = defaultdict(Counter)
    suru: set[tuple[str, str]] = set()
    texts = [nfkc(t) for t in dict.fromkeys(texts) if t]
    for text in texts:
        for run in _nouns(tokenizer, text):
            for i in range(len(run)):
                for j in range(i + 1, min(len(run), i + MAX_PARTS) + 1):
                    surface = "".join(s for s, _, _ in run[i:j])
                    reading = "".join(r for _, r, _ in run[i:j])
                    if _KANJI.search(surface) and _WORD.match(surface) and _HIRAGANA_RUN.fullmatch(reading):
                        seen[reading][surface] += 1
                        if run[j - 1][2]:
                            suru.add((reading, surface))
    written_in_kana = "\n".join(fold(t) for t in texts)
    words = {}
    for reading, surfaces in sorted(seen.items()):
        surface = surfaces.most_common(1)[0][0]
        if len(reading) >= 2 and (len(reading) >= MIN_KANA or len(surface) >= 2) and reading not in written_in_kana:
            words[reading] = surface
    return KanaTable(words, {r for r, w in words.items() if (r, w) in suru})


def convert(text: str, table: KanaTable | None) -> tuple[str, list[tuple[str, str]]]:
    """(`text` with each known reading in its hiragana runs replaced by the rulebooks' word,
    [(the kana as typed, the word)]); `text` unchanged and [] when nothing is known."""
    if not table or not _HIRAGANA_RUN.search(text):
        return text, []
    found: list[tuple[str, str]] = []
    out, last = [], 0
    for m in _HIRAGANA_RUN.finditer(text):
        after_digit = m.start() > 0 and text[m.start() - 1].isdigit()
        for i, n, word in _segment(m.group(), table, after_digit):
            start = m.start() + i
            out.append(text[last:start] + word)
            last = start + n
            found.append((m.group()[i:i + n], word))
    if not found:
        return text, []
    out.append(text[last:])
    return "".join(out), found


def _segment(run: str, table: KanaTable, after_digit: bool) -> list[tuple[int, int, str]]:
    """(start, length, word) of the readings found in one kana run, left to right, longest first."""
    ends: set[int] = set()

    def starts_word(i: int, n: int) -> bool:
        before = run[:i]
        return (i == 0 or i in ends or before.endswith(_PARTICLES)
                or (n >= MIN_KANA and before.endswith(_VERB_ENDS)))

    def ends_word(j: int, reading: str | None = None) -> bool:
        return (j == len(run) or run.startswith(_PARTICLES, j)
                or (reading in table.suru and run.startswith(_SURU, j))
                or next(table.at(run, j), None) is not None)

    def counter(i: int) -> tuple[int, str] | None:
        """A counter read at `i`: right after a digit (「0まい」) or after 「なん」 (「なんまい」 → 何枚)."""
        if run.startswith("なん", i) and starts_word(i, MIN_KANA):
            skipped, prefix = 2, "何"
        elif i == 0 and after_digit:
            skipped, prefix = 0, ""
        else:
            return None
        at = i + skipped
        for reading, word in COUNTERS.items():
            # 「なんかいつかえる」: a verb may follow; a one-kana counter (ど) only where a word ends (「2どろー」)
            if run.startswith(reading, at) and (len(reading) > 1 or ends_word(at + 1)):
                return skipped + len(reading), prefix + word
        return None

    out, i = [], 0
    while i < len(run):
        found = counter(i)
        if found is None:
            for reading, word in table.at(run, i):
                if starts_word(i, len(reading)) and ends_word(i + len(reading), reading):
                    found = (len(reading), word)
                    break
        if found is None:
            i += 1
            continue
        out.append((i, found[0], found[1]))
        i += found[0]
        ends.add(i)
    return out


def write(directory, table: KanaTable) -> None:
    (Path(directory) / FILE).write_text(json.dumps(table.to_json(), ensure_ascii=False, indent=0), encoding="utf-8")


def load(directory) -> KanaTable:
    """The table written with the index in `directory`; an empty one for an index without it."""
    try:
        data = json.loads((Path(directory) / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return KanaTable()
    return KanaTable(dict(data["words"]), set(data["suru"]))
