"""The lint report: what the parser made of each rulebook, and everything it could not place or resolve."""
from __future__ import annotations

import re
from collections import Counter

from judge_app.corpus import numbers, toc as toc_mod
from judge_app.corpus.model import Corpus, Document


def gaps(doc: Document) -> list[dict]:
    """Missing numbers among printed siblings (2-1, 2-3 without 2-2; a, c without b) and missing parents."""
    out = []
    groups: dict[str | None, list[str]] = {}
    for c in doc.clauses.values():
        if c.kind == "step" or c.number != c.printed:
            continue
        groups.setdefault(c.parent, []).append(c.number)
    sep = "-" if doc.numbering == numbers.HYPHEN else "."
    for parent, nums in groups.items():
        last = [n.rsplit(sep, 1)[-1] if sep in n else n for n in nums]
        prefix = parent.split(":", 1)[1] + sep if parent else ""
        digits = sorted(int(x) for x in last if x.isdigit())
        letters = sorted(x for x in last if re.fullmatch(r"[a-z]", x))
        if digits:
            start = 0 if (parent is None and digits[0] == 0) else 1
            for v in range(start, digits[-1] + 1):
                if v not in digits:
                    out.append({"missing": f"{prefix}{v}", "after": _before(digits, v, prefix)})
        if letters:
            for o in range(ord("a"), ord(letters[-1]) + 1):
                if chr(o) not in letters:
                    out.append({"missing": f"{prefix}{chr(o)}", "after": None})
    for p in doc.lint.get("missing_parents", []):
        out.append({"missing": p, "after": None, "parent_of_printed_clauses": True})
    out.sort(key=lambda g: numbers.sort_key(g["missing"]))
    return out


def _before(values: list[int], v: int, prefix: str) -> str | None:
    lower = [x for x in values if x < v]
    return f"{prefix}{lower[-1]}" if lower else None


def report(corpus: Corpus) -> dict:
    docs = []
    for doc in corpus.docs.values():
        refs = [r for c in doc.clauses.values() for r in c.refs]
        roles = Counter(doc.lint.get("roles", {}).values())
        lines_total = doc.lint.get("lines_total", 0)
        docs.append({
            "key": doc.key, "title": doc.title, "version": doc.version, "date": doc.date,
            "clauses": doc.numbered_count,
            "headings": sum(1 for c in doc.clauses.values() if c.kind == "heading"),
            "steps": doc.step_count,
            "placeholders": sum(1 for c in doc.clauses.values() if c.placeholder),
            "references": {
                "found": len(refs),
                "resolved": sum(1 for r in refs if r.targets),
                "via_base": sum(1 for r in refs if r.targets and not r.targets[0].startswith(doc.key + ":")),
                "links": sum(len(c.refs_out) for c in doc.clauses.values()),
                "unresolved": doc.lint.get("unresolved", []),
                "title_mismatches": doc.lint.get("title_mismatches", []),
            },
            "gaps": gaps(doc),
            "duplicates": doc.lint.get("duplicates", []),
            "toc": {"entries": len(doc.toc), "mismatches": doc.lint.get("toc_mismatches") or toc_mod.compare(doc)},
            "history": doc.lint.get("history", {}),
            "inheritance": doc.lint.get("inheritance", {}),
            "lines": {
                "total": lines_total,
                "non_empty": lines_total - roles.get("blank", 0),
                "by_role": dict(sorted(roles.items())),
                "merged_lines_split": doc.lint.get("split_lines", []),
                "unplaced": doc.lint.get("unplaced", []),
            },
        })
    return {"docs": docs}


def format_text(rep: dict) -> str:
    out = []
    for d in rep["docs"]:
        r = d["references"]
        ln = d["lines"]
        out.append(f"[{d['key']}] {d['title']} {d['version'] or ''} {d['date'] or ''}".rstrip())
        out.append(f"  clauses {d['clauses']} (headings {d['headings']}), steps {d['steps']}, "
                   f"placeholders {d['placeholders']}")
        out.append(f"  references found {r['found']}, resolved {r['resolved']} (via base {r['via_base']}), "
                   f"unresolved {len(r['unresolved'])}")
        for u in r["unresolved"]:
            out.append(f"    unresolved {u['clause']} 「{u['text']}」: {u['reason']}")
        for t in r["title_mismatches"]:
            out.append(f"    reference title differs {t['clause']} 「{t['ref']}{t['printed_title']}」 -> "
                       f"{t['target']} {t['target_title']}")
        out.append(f"  numbering gaps {len(d['gaps'])}, duplicates {len(d['duplicates'])}, "
                   f"TOC entries {d['toc']['entries']}, TOC mismatches {len(d['toc']['mismatches'])}")
        for g in d["gaps"]:
            extra = " (parent of printed clauses)" if g.get("parent_of_printed_clauses") else ""
            out.append(f"    gap {g['missing']}{extra}")
        for dup in d["duplicates"]:
            out.append(f"    duplicate {dup['number']} at line {dup['line']} -> {dup['id']}")
        for m in d["toc"]["mismatches"]:
            body = f"body {m['body_number']} {m['body_title']}" if m["body_number"] else "not in body"
            out.append(f"    TOC {m['toc_number']} {m['toc_title']} (line {m['toc_line']}) -> {body}")
        h = d["history"]
        if h:
            out.append(f"  history entries {h.get('entries', 0)}, attached {h.get('attached', 0)}, "
                       f"notes {h.get('notes', 0)}, unmatched {len(h.get('unmatched', []))}")
            for u in h.get("unmatched", []):
                out.append(f"    history {u['date']} names {u['number']} (line {u['line']}): not in body")
        inh = d["inheritance"]
        if inh.get("sections") or inh.get("missing"):
            out.append(f"  inherited sections {inh['sections']}, missing in base {len(inh['missing'])}")
        roles = ", ".join(f"{k} {v}" for k, v in ln["by_role"].items())
        out.append(f"  lines {ln['total']} (non-empty {ln['non_empty']}: {roles}); "
                   f"merged lines split {len(ln['merged_lines_split'])}; unplaced {len(ln['unplaced'])}")
        for no, raw in ln["unplaced"]:
            out.append(f"    unplaced line {no}: {raw.strip()}")
    return "\n".join(out)
