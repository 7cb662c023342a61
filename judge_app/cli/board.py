"""`judge-app board --game G --dump FILE | --load TEXT | --midgame [--seed S] [--json]`: boards in one line."""
from __future__ import annotations

import json
import random
import sys
import unicodedata
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("board", help="盤面を1行の記法で書き出す・読み込む（docs/notation.md）")
    p.add_argument("--game", required=True, help="ルールセット（kaiun, kaiun-multi, los, thv, opcg）")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--dump", type=Path, metavar="FILE", help="シナリオ（YAML）か盤面（JSON/YAML）のファイルの盤面を記法で表示する")
    what.add_argument("--load", metavar="TEXT", help="記法を読み、盤面を表示する（誤りは字句を示す）")
    what.add_argument("--midgame", action="store_true", help="対局途中の既定の盤面を記法で表示する")
    p.add_argument("--seed", type=int, default=0, help="--midgame の乱数の種（既定 0）")
    p.add_argument("--json", action="store_true", help="結果を JSON 1 個で出力する")
    p.set_defaults(func=board_cmd)


def board_cmd(args) -> int:
    from judge_app.engine import EngineError, NotationError, get_ruleset

    try:
        ruleset = get_ruleset(args.game)
        if args.load is not None:
            board = ruleset.load_notation(args.load)
        elif args.midgame:
            board = ruleset.midgame_board(random.Random(args.seed))
        else:
            board = _board_of(args.dump, ruleset.game)
        text = ruleset.dump_notation(board)
    except NotationError as e:
        return _fail(args, e, args.load or "")
    except (EngineError, OSError, ValueError) as e:
        return _fail(args, e, None)
    if args.json:
        print(json.dumps({"game": ruleset.game, "notation": text, "board": board}, ensure_ascii=False, indent=1))
    elif args.load is not None:
        import yaml
        print(text)
        print(yaml.safe_dump(board, allow_unicode=True, sort_keys=False, default_flow_style=None).rstrip())
    else:
        print(text)
    return 0


def _board_of(path: Path, game: str) -> dict:
    """The board of a scenario file (its `board`) or of a board file (the whole document)."""
    import yaml
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: 盤面（オブジェクト）がありません")
    if "board" in data:
        if data.get("game", game) != game:
            raise ValueError(f"{path}: このシナリオのゲームは {data['game']} です（--game {game}）")
        data = data["board"]
    if not isinstance(data, dict) or "players" not in data:
        raise ValueError(f"{path}: 盤面（players を持つオブジェクト）がありません")
    return data


def _fail(args, e: Exception, text: str | None) -> int:
    message = getattr(e, "message", None) or str(e)
    if args.json:
        out = e.to_json() if hasattr(e, "to_json") else {"error": message, "field": None}
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"error: {message}", file=sys.stderr)
        if text and hasattr(e, "position"):
            print("  " + text, file=sys.stderr)
            print("  " + " " * _width(text[:e.position]) + "^" * max(1, _width(e.token)), file=sys.stderr)
    return 2


def _width(s: str) -> int:
    """Columns a terminal gives the text: full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
