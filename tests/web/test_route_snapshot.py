"""Moving code must not change what any route answers: the fixed walk over every route, as HTML and as JSON
(tests/web/route_walk.py), gives the answers recorded in tests/web/fixtures/route_snapshot.json. When a change
alters an answer on purpose, record it again (`python -m tests.web.route_walk --write`) and say so in the commit."""
import json

from tests.web.route_walk import FIXTURE


def test_every_route_answers_as_recorded(route_walk):
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))
    got = json.loads(json.dumps(route_walk.rows, ensure_ascii=False))
    assert [r["req"] for r in got] == [r["req"] for r in expected], "the walk itself changed"
    changed = [(g["req"], {k: (e.get(k), g.get(k)) for k in g.keys() | e.keys() if g.get(k) != e.get(k)})
               for g, e in zip(got, expected) if g != e]
    assert not changed, f"{len(changed)} answers changed; first: {changed[:3]}"
    assert len(expected) > 800 and {r["status"] for r in expected} >= {200, 201, 301, 303, 400, 404, 413, 415}
