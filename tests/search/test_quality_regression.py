"""A few of bench/search_cases.yaml as regression tests: the answer must stay in the top 5."""
import pytest

from tests.search.conftest import ids

CASES = [
    ("７－１－４", "opcg", {"opcg:7-1-4"}),
    ("6-2-4-b", "thv", {"thv:6.2.4.b"}),
    ("【ブロッカー】", "opcg", {"opcg:10-1-4-1", "opcg:10-1-4"}),
    ("ライフが0枚のときにダメージを受けたら負け？", "opcg", {"opcg:1-2-1-1-1", "opcg:9-2-1-1", "opcg:1-2-2-1", "opcg:7-1-4-1-1-1"}),
    ("親は負けてもフィールドに残る？", "kaiun-multi", {"kaiun-multi:7-3-6-2-1", "kaiun-multi:6-6-4"}),
    ("ライフがない時にダメージを受けたら負け？", "los", {"los:4", "los:5.5.2"}),
    ("山札がなくなったら負け？", "opcg", {"opcg:1-2-1-1-2", "opcg:9-2-1-2", "opcg:1-2-2-2"}),
    ("墓地のカードの順番を入れ替えられる？", "thv", {"thv:3.3.4"}),
    ("後衛のキャラで殴れる？", "los", {"los:3.3.3", "los:5.5"}),
    ("運値が同じだったらどうなる？", "kaiun", {"kaiun:7-1-2-3"}),
    ("最初の親はどうやって決める？", "kaiun-multi", {"kaiun-multi:5-2-1-4"}),
    ("無限ループになったら？", "thv", {"thv:1.5.4.b", "thv:12.10.1", "thv:1.5.3.e", "thv:12.10.2"}),
    ("先攻の1ターン目にドローできる？", "opcg", {"opcg:6-3-1"}),
]


@pytest.mark.parametrize("q, doc, answers", CASES, ids=[c[0] for c in CASES])
def test_answer_in_top_five(svc, q, doc, answers):
    assert answers & set(ids(svc.search(q, doc=doc, limit=5)))
