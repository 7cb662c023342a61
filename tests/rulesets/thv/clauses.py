"""The thv clause ids as the rulebook prints them, read straight from rules_corpus/thv.txt, so the citations
can be checked before (and besides) the corpus package: {id: is_placeholder}."""
import re
from functools import lru_cache

from judge_app import PROJECT_ROOT

_LINE = re.compile(r"^(?:-\s*)?(\d+(?:\.\d+)*(?:\.[a-z])?)\s*(.*)$")


@lru_cache(maxsize=1)
def thv_clauses() -> dict[str, bool]:
    out: dict[str, bool] = {}
    lines = (PROJECT_ROOT / "rules_corpus" / "thv.txt").read_text(encoding="utf-8").splitlines()
    for line in lines:
        m = _LINE.match(line.strip())
        if m:
            text = m.group(2).strip()
            out[f"thv:{m.group(1)}"] = text.rstrip("。") == "省略"
    return out


def unresolved(rules) -> list[str]:
    known = thv_clauses()
    bad = []
    for r in sorted(set(rules)):
        if r not in known:
            bad.append(f"{r}: not in thv.txt")
        elif known[r]:
            bad.append(f"{r}: a 省略 placeholder")
    return bad
