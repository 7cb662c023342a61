"""docs/zone-moves/: each game's table of zone moves names only ops its ruleset offers and clauses its rulebook has,
so the table a judge reads cannot drift from the engine (issue 28). Datasette's rule: what is documented is checked."""
import re
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT
from judge_app.corpus import get_corpus
from judge_app.engine.registry import rulesets

DOCS = PROJECT_ROOT / "docs" / "zone-moves"
GAMES_OF = {"opcg.md": ("opcg",), "kaiun.md": ("kaiun", "kaiun-multi"), "los.md": ("los",), "thv.md": ("thv",)}
# an op as the tables write it: `draw` {…}, `draw {…}`, or op `draw`
OP = re.compile(r"`([a-z_]+)` \{|`([a-z_]+) \{|\bops? `([a-z_]+)`")
# a clause as each rulebook numbers it (shared README): 6-3-1, 5.1.1.III, 1.11.2.a
CLAUSE = {"opcg": r"\d+(?:-\d+)+", "kaiun": r"\d+(?:-\d+)+", "kaiun-multi": r"\d+(?:-\d+)+",
          "los": r"\d+(?:\.\d+)+(?:\.[IVX]+)?", "thv": r"\d+(?:\.\d+)+(?:\.[a-z])?"}


def tables(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|") and not set(line) <= set("|- ")]


def ops_named(text: str) -> set[str]:
    return {next(g for g in m.groups() if g) for line in tables(text) for m in OP.finditer(line)}


def clauses_named(text: str, game: str) -> set[str]:
    pattern = re.compile(rf"(?<![\w.\-]){CLAUSE[game]}(?![\w\-])")
    return {m.group(0).rstrip(".") for line in tables(text) for m in pattern.finditer(line)}


def present() -> list[str]:
    return sorted(p.name for p in DOCS.glob("*.md") if p.name != "README.md")


def test_every_zone_move_file_is_a_known_game_and_listed_in_the_index():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    assert [n for n in present() if n not in GAMES_OF] == []
    assert [n for n in present() if f"({n})" not in index] == []


@pytest.mark.parametrize("name", present())
def test_a_zone_move_table_names_only_ops_its_ruleset_offers(name):
    text = (DOCS / name).read_text(encoding="utf-8")
    offered = {a.op for g in GAMES_OF[name] for a in rulesets()[g].offered_adjustments()}
    named = ops_named(text)
    assert named, f"{name}: no op found in its tables"
    assert sorted(named - offered) == []


@pytest.mark.parametrize("name", present())
def test_a_zone_move_table_cites_only_clauses_its_rulebook_has(name):
    text = (DOCS / name).read_text(encoding="utf-8")
    corpus = get_corpus()
    missing = []
    for game in GAMES_OF[name][:1]:   # kaiun-multi's moves are the kaiun book's clauses unless it says otherwise
        named = clauses_named(text, game)
        assert named, f"{name}: no clause found in its tables"
        missing += [c for c in sorted(named) if corpus.clause(f"{game}:{c}") is None
                    and not any(corpus.clause(f"{g}:{c}") for g in GAMES_OF[name][1:])]
    assert missing == []


def test_the_op_and_clause_readers_find_what_a_table_row_says():
    row = "| deck → hand | 「カードをN枚引く」 | `draw` {target, value} · op `trash` · `to_deck {target}` | 4-5-3 (1-3-2) |"
    assert ops_named(row) == {"draw", "trash", "to_deck"}
    assert clauses_named(row, "opcg") == {"4-5-3", "1-3-2"}
    assert clauses_named("| x | 5.1.1.III, 8.13.4 |", "los") == {"5.1.1.III", "8.13.4"}
