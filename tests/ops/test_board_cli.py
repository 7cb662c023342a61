"""`judge-app board`: a scenario's board in one line, a line read back into a board, errors naming the token."""
from __future__ import annotations

import json
import random

import yaml

from judge_app import PROJECT_ROOT
from judge_app.cli import main
from judge_app.engine import rulesets

SCENARIO = PROJECT_ROOT / "scenarios" / "opcg" / "05_counters_tip_the_battle.yaml"


def test_dump_prints_a_scenarios_board_in_notation(capsys):
    assert main(["board", "--game", "opcg", "--dump", str(SCENARIO)]) == 0
    text = capsys.readouterr().out.strip()
    board = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))["board"]
    assert rulesets()["opcg"].load_notation(text) == board
    assert text.startswith("T5 メイン p1 p1: ") and "チョッパー(" in text


def test_dump_reads_a_board_file_too(tmp_path, capsys):
    board = rulesets()["los"].midgame_board(random.Random(0))
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board, ensure_ascii=False), encoding="utf-8")
    assert main(["board", "--game", "los", "--dump", str(path)]) == 0
    assert capsys.readouterr().out.strip() == rulesets()["los"].dump_notation(board)


def test_load_prints_the_board_and_json(capsys):
    text = "T3 メイン p1 p1: C[ゾロ(5000 c3)] ライフ4 D39 H5 p2: ライフ5 D40 H5"
    assert main(["board", "--game", "opcg", "--load", text]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == text and "name: ゾロ" in out
    assert main(["board", "--game", "opcg", "--load", text, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["game"] == "opcg" and answer["notation"] == text
    assert answer["board"]["players"]["p1"]["characters"][0] == {"id": "p1-c1", "name": "ゾロ", "power": 5000, "cost": 3}


def test_load_error_names_the_token_and_points_at_it(capsys):
    text = "Ｔ３ メイン ｐ１ ｐ１： Ｄ３９ Ｘ５ ｐ２： Ｄ３９"
    assert main(["board", "--game", "opcg", "--load", text]) == 2
    err = capsys.readouterr().err.splitlines()
    assert "「Ｘ５」" in err[0] and err[1] == "  " + text
    assert err[2] == " " * 33 + "^^^^"   # a full-width character takes two columns
    assert main(["board", "--game", "opcg", "--load", text, "--json"]) == 2
    answer = json.loads(capsys.readouterr().out)
    assert answer["token"] == "Ｘ５" and answer["position"] == text.index("Ｘ５") and answer["field"] == "notation"


def test_midgame_and_wrong_game(capsys):
    assert main(["board", "--game", "thv", "--midgame", "--seed", "0"]) == 0
    assert capsys.readouterr().out.strip() == rulesets()["thv"].dump_notation(
        rulesets()["thv"].midgame_board(random.Random(0)))
    assert main(["board", "--game", "kaiun", "--dump", str(SCENARIO)]) == 2
    assert "opcg" in capsys.readouterr().err
    assert main(["board", "--game", "chess", "--midgame"]) == 2
