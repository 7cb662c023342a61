"""The offline search (issue 41): the data judge_app/search/offline_index.py exports, and static/offline-search.js
read in node — the very file the offline page loads — checked against the server's own reading of a query
(normalize.fold, analysis.bigrams_of_folded, numbers.parse/render, readings.convert) and on clause lookups."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from judge_app import PROJECT_ROOT
from judge_app.search import numbers, offline_index, readings
from judge_app.search.analysis import bigrams_of_folded
from judge_app.search.normalize import fold, nfkc

JS = PROJECT_ROOT / "static" / "offline-search.js"
NUMBER_FORMS = ["７－１－４", "7.1.4", "opcg 7-1-4-1-1-2", "10-1-4.", "６ ５ ５ １", "ワンピース 3-7-6-1", "6-2-4-b",
                "thv:6.2.4.b", "5.5.1.V.A", "第7条", "7 1 4", "開運 1-2-1-1", "kaiun-multi 11-4-1", "7-1-4 のパワー比較",
                "デッキは50枚", "【開運時】", "los 5.5.1.ii", "東方 6.2.4.B"]
TEXTS = ["【ブロッカー】を持つキャラはブロックできる", "カウンター・ステップ", "ライフが0枚のときにダメージを受けたら負け？",
         "このターン中にノードセットが解決されていない", "デッキに同じカードは何枚まで入れられる？", "ＤＯＮ!!カード３枚",
         "いつ発動する？どこに置く？誰が選ぶ？", "過不足無く10枚", "Legend of Stars 5.5.1 V", "ゆうせんけんはだれ"]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node がありません（apt-get install nodejs）")


def node(script: str, payload) -> object:
    """Run `script` in node with static/offline-search.js as `S` and the JSON `payload` as `input`."""
    prog = (f"const S = require({json.dumps(str(JS))});\nconst input = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
            f"{script}")
    out = subprocess.run(["node", "-e", prog], input=json.dumps(payload, ensure_ascii=False), capture_output=True,
                         text=True, check=True, timeout=120)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def data(svc):
    return offline_index.build(svc)


def test_fold_and_bigrams_are_the_servers():
    got = node("console.log(JSON.stringify(input.map((t) => [S.fold(t), S.bigrams(S.fold(t))])))", TEXTS)
    assert got == [[fold(t), bigrams_of_folded(fold(t))] for t in TEXTS]


def test_numbers_are_read_as_the_server_reads_them():
    got = node("console.log(JSON.stringify(input.map((q) => S.parseNumbers(q).map((n) => [n.components, n.doc, n.whole]))))",
               NUMBER_FORMS)
    want = [[[list(n.components), n.doc, n.whole] for n in numbers.parse(q)] for q in NUMBER_FORMS]
    assert got == want
    comps = [["7", "1", "4"], ["6", "2", "4", "b"], ["5", "5", "1", "v", "a"], ["1", "s3"]]
    got = node("console.log(JSON.stringify(input.map((c) => ['hyphen', 'dotted', 'dotted-letter'].map((n) => "
               "S.renderNumber(c, n)))))", comps)
    assert got == [[numbers.render(tuple(c), n) for n in ("hyphen", "dotted", "dotted-letter")] for c in comps]


def test_kana_is_read_as_the_server_reads_it(svc):
    queries = ["はいぼくじょうけん", "ばりあ0まいでりふれっしゅしたら負け？", "なんかいつかえる", "ゆうせんけんはだれ",
               "てふだのじょうげん", "どうしよう"]
    got = node("const t = new S.Index({docs: [], numbers: {}, entries: [], lengths: {}, postings: {}, terms: {}, "
               "synonyms: [], kana: input.kana}).kana;\n"
               "console.log(JSON.stringify(input.q.map((q) => S.convertKana(q.normalize('NFKC'), t))))",
               {"kana": svc.kana.to_json(), "q": queries})
    want = [[text, [list(p) for p in found]] for text, found in (readings.convert(nfkc(q), svc.kana) for q in queries)]
    assert got == want
    assert any(found for _text, found in want)      # the check reads some kana: the table is not empty


def test_opcg_7_1_4_found_offline_typed_any_way(data, tmp_path):
    path = tmp_path / "search.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    cases = [("７－１－４", "opcg", "opcg:7-1-4"), ("7.1.4", "opcg", "opcg:7-1-4"), ("6-2-4-b", "thv", "thv:6.2.4.b"),
             ("opcg 7-1-4-1", None, "opcg:7-1-4-1"), ("5.5.1.V.A", "los", "los:5.5.1.V.A"),
             ("【ブロッカー】", "opcg", "opcg:10-1-4-1"), ("パワーが同じときはアタックした側が勝つ？", "opcg", "opcg:7-1-4-1")]
    got = node(f"const ix = new S.Index(JSON.parse(require('fs').readFileSync({json.dumps(str(path))}, 'utf8')));\n"
               "console.log(JSON.stringify(input.map(([q, d]) => ix.search(q, d, 5).results.map((r) => r.id))))",
               [[q, d] for q, d, _ in cases])
    for (q, _d, want), ids in zip(cases, got):
        assert want in ids[:5], (q, ids)
    assert got[0][0] == "opcg:7-1-4" and got[2][0] == "thv:6.2.4.b"     # a number is the first answer


def test_the_data_holds_every_current_clause_and_its_edition(data, corpus):
    assert {d["key"]: d["edition"] for d in data["docs"]} == {k: d.edition for k, d in corpus.docs.items()}
    for key, d in corpus.docs.items():
        assert set(data["numbers"][key]) == set(d.clauses)
    n = len(data["entries"])
    for field, table in data["postings"].items():
        assert len(data["lengths"][field]) == n
        assert all(0 <= e < n for plist in list(table.values())[:200] for e in plist[0::2])


def test_a_card_quoted_is_read_as_the_server_reads_it():
    """offline-search.js reads the card-text questions (field `k`) for the queries card_wording.quotes_card says
    quote or name a card, and only those."""
    from judge_app.search.card_wording import quotes_card
    queries = ["「このキャラをレストにする：カード1枚を引く。」は使える？", "『相手は引けない』とどっちが優先？",
               "【登場時】カード1枚を引く。", "目標の〔キャラクター1枚〕", "手札に戻すって書いてあるカード",
               "パワー5000というキャラ", "［上空］持ちのキャラ", "貫通持ちで攻撃", "《麦わらの一味》を持つ", "殴っていい？", "山札がなくなったら負け？", "ブロッカーとは", "「」だけ"]
    got = node("console.log(JSON.stringify(input.map((q) => S.quotesCard(q))))", queries)
    want = [quotes_card(q) for q in queries]
    assert got == want
    assert any(want) and not all(want)


def test_the_data_carries_the_card_questions_apart(data):
    assert "k" in data["postings"] and "a" in data["postings"] and "q" in data["postings"]
    assert len(data["lengths"]["k"]) == len(data["entries"])
