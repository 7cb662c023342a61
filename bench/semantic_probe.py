"""A time-boxed probe of a semantic signal (issue 12 part 3): chiVe word vectors shipped inside the
`ja-ginza` package (no download at run time), used to re-rank the lexical top 30.

Not a dependency of the app: ja-ginza pins an older SudachiPy, so it runs in a venv of its own.

    # 1. in the app's venv: the lexical candidates of the table-talk `tune` part, with clause texts
    .venv/bin/python bench/semantic_probe.py dump /tmp/probe.json
    # 2. in a separate venv with `pip install ja-ginza numpy pyyaml`:
    /tmp/gv/bin/python bench/semantic_probe.py score /tmp/probe.json

`score` embeds each query and each candidate clause (title, text and the questions it answers) as the
mean chiVe vector of its content tokens, and ranks by lexical score (scaled to the top's) + α·cosine,
for α in a grid; α = 0 is the lexical ranking. It prints hit@5 and MRR per α on the tune part only.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPTH = 30


def dump(out: str) -> None:
    import tempfile

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    import search_quality as sq
    from judge_app.corpus import get_corpus
    from judge_app.search import questions

    corpus = get_corpus()
    asked = questions.load()
    p = sq.Product(corpus, tempfile.mkdtemp())
    cases, texts = [], {}
    for c in sq.load_tabletalk("tune"):
        res = p.svc.search(c["q"], doc=c["doc"], limit=DEPTH)["results"]
        cases.append({"q": c["q"], "ids": c["ids"], "cands": [[r["id"], r["score"]] for r in res]})
        for r in res:
            cl = corpus.clause(r["id"])
            texts[r["id"]] = " ".join([cl.title or "", cl.text or ""] + asked.get(r["id"], []))
    Path(out).write_text(json.dumps({"cases": cases, "texts": texts}, ensure_ascii=False), encoding="utf-8")


def score(path: str) -> None:
    import numpy as np
    import spacy

    nlp = spacy.load("ja_ginza", exclude=["parser", "ner", "attribute_ruler", "compound_splitter", "bunsetu_recognizer"])
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    keep = {"NOUN", "PROPN", "VERB", "ADJ", "NUM"}

    def vec(text):
        vs = [t.vector for t in nlp(text) if t.pos_ in keep and t.has_vector]
        if not vs:
            return None
        v = np.mean(vs, axis=0)
        n = np.linalg.norm(v)
        return v / n if n else None

    tv = {cid: vec(t) for cid, t in data["texts"].items()}
    rows = []
    for c in data["cases"]:
        qv = vec(c["q"])
        top = max((s for _i, s in c["cands"]), default=1.0) or 1.0
        rows.append([(cid, s / top, float(qv @ tv[cid]) if qv is not None and tv.get(cid) is not None else 0.0,
                      cid in c["ids"]) for cid, s in c["cands"]])
    for alpha in (0.0, 0.1, 0.2, 0.3, 0.5, 1.0):
        hit, rr = 0, 0.0
        for cands in rows:
            ranked = sorted(cands, key=lambda x: -(x[1] + alpha * x[2]))
            rank = next((i + 1 for i, x in enumerate(ranked) if x[3]), None)
            hit += bool(rank and rank <= 5)
            rr += 1 / rank if rank else 0.0
        n = len(rows)
        print(f"alpha {alpha:.1f}: tune hit@5 {hit / n:.3f} MRR {rr / n:.3f} (n={n})")


if __name__ == "__main__":
    {"dump": dump, "score": score}[sys.argv[1]](sys.argv[2])
