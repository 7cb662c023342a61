"""Write judge_app/search/engine_table.json: per game, (action, state) → the clauses the engine cites (issue 42).

    python bench/engine_table.py [--check] [--with-scenarios]

Read, never run, from four places (the search may not import the engine while serving; this script reads the
engine's source and data once and ships the table as data):
- withheld actions: every ("<game>:<clause>", "<reason>") pair in judge_app/engine/<game>/*.py (the refusals:
  「スリープ状態のキャラクターには攻撃を行わせることができない」 thv:6.3.3.b), the action also read from the
  function that returns it (attack_refusal, defend_refusal, play_refusal …);
- decisions: every `g.ask(player, prompt, options, rule, kind=…)` with a literal rule: the prompt and kind read;
- docs/zone-moves/<game>.md: each row's wording and the clauses in its last column (moves between zones);
- with `--with-scenarios` only: scenarios/<game>/*.yaml, each scenario's title and question, and the clauses its
  trace must cite (`expect.rules`, and `expect.verdict.rules`). Left out of the shipped table: a trace cites the
  whole procedure (damage, the end of the battle …), not the clause that answers, and with them in the table
  the fit (`rank_fit.py --start served --only engine --with-dispute --hold 10`) gave the feature weight 0;
  without them, 0.25.
Each text is read with judge_app.search.engine_signal.read (the same reading a query gets) for the actions and
states it names; a text naming no action is left out. `--check` exits 1 when the file on disk differs.
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app.corpus import get_corpus  # noqa: E402
from judge_app.search import engine_signal  # noqa: E402

GAMES = {"opcg": "opcg", "kaiun": "kaiun", "kaiun_multi": "kaiun-multi", "los": "los", "thv": "thv"}
CLAUSE = re.compile(r"^(opcg|kaiun|kaiun-multi|los|thv):[0-9][\w.\-]*$")
JAPANESE = re.compile(r"[ぁ-んァ-ン一-龥]")
# what a refusal function or a decision's kind is about, when its words do not say
NAME_ACTIONS = {"attack": "attack", "defend": "block", "block": "block", "play": "play", "use": "play",
                "node": "node", "draw": "draw", "mulligan": "mulligan", "graze": "node", "upkeep": "cost",
                "pay": "cost", "cost": "cost", "discard": "move", "move": "move"}


def name_actions(name: str) -> set[str]:
    return {a for word, a in NAME_ACTIONS.items() if word in (name or "").lower()}


def _text(node) -> str:
    """A string literal, or the literal parts of an f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return ""


def engine_entries(game_dir: Path):
    """(text, extra actions, [clause]) of each refusal pair and each decision with a literal rule."""
    for f in sorted(game_dir.glob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Tuple) and len(node.elts) >= 2:
                    rule, reason = _text(node.elts[0]), _text(node.elts[1])
                    if CLAUSE.match(rule) and JAPANESE.search(reason):
                        yield "withheld", reason, name_actions(fn.name), [rule]
                if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "ask" and len(node.args) >= 4:
                    rule = _text(node.args[3])
                    kind = next((_text(k.value) for k in node.keywords if k.arg == "kind"), "")
                    if CLAUSE.match(rule):
                        yield "decision", _text(node.args[1]), name_actions(kind), [rule]


def zone_move_entries(path: Path, game: str, corpus):
    """(text, {"move"}, [clause]) of each row of a zone-move table, its clauses those of its last column."""
    if not path.exists():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0].startswith("---"):
            continue
        ids = [f"{game}:{n}" for n in re.findall(r"\d+(?:[.\-]\w+)*", cells[-1])]
        ids = [i for i in ids if corpus.clause(i) is not None]
        if ids:
            yield "zone-moves", " ".join(cells[:-1]), {"move"}, ids


def scenario_entries(folder: Path):
    for f in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        expect = data.get("expect") or {}
        verdict = expect.get("verdict") or {}
        ids = list(expect.get("rules") or []) + list(verdict.get("rules") or [])
        text = f"{data.get('title') or ''} {data.get('question') or ''}"
        if ids and text.strip():
            yield "scenarios", text, set(), ids


def build(corpus, with_scenarios: bool = False) -> dict:
    table: dict[str, dict[str, set[str]]] = {}
    counts: Counter = Counter()
    for folder, game in GAMES.items():
        sources = [engine_entries(ROOT / "judge_app" / "engine" / folder)]
        if with_scenarios:
            sources.append(scenario_entries(ROOT / "scenarios" / game))
        if game != "kaiun-multi":
            sources.append(zone_move_entries(ROOT / "docs" / "zone-moves" / f"{game}.md", game, corpus))
        for source in sources:
            for kind, text, extra, ids in source:
                actions, states = engine_signal.read(text)
                actions = set(actions) | extra
                ids = [i for i in ids if i.split(":")[0] == game and corpus.clause(i) is not None]
                if not actions or not ids:
                    continue
                counts[f"{game} {kind}"] += 1
                for a in actions:
                    for s in (states or {engine_signal.ANY_STATE}):
                        table.setdefault(game, {}).setdefault(f"{a}|{s}", set()).update(ids)
    return {"generated_by": "python bench/engine_table.py",
            "entries": dict(sorted(counts.items())),
            "table": {g: {k: sorted(v) for k, v in sorted(keys.items())} for g, keys in sorted(table.items())}}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--with-scenarios", action="store_true",
                    help="add the scenario library's questions and trace clauses (an experiment: the fit gave them 0)")
    ap.add_argument("--check", action="store_true", help="exit 1 when the file on disk is not what would be written")
    args = ap.parse_args(argv)
    text = json.dumps(build(get_corpus(), args.with_scenarios), ensure_ascii=False, indent=1) + "\n"
    path = engine_signal.TABLE_FILE
    if args.check:
        same = path.exists() and path.read_text(encoding="utf-8") == text
        print("engine_table.json is current" if same else "engine_table.json is stale: run bench/engine_table.py")
        sys.exit(0 if same else 1)
    path.write_text(text, encoding="utf-8")
    data = json.loads(text)
    print(json.dumps(data["entries"], ensure_ascii=False))
    print({g: len(k) for g, k in data["table"].items()}, f"{len(text) // 1024} KiB")


if __name__ == "__main__":
    main()
