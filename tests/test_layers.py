"""The layers hold (docs/architecture.md, "Layers"): the import contracts in pyproject.toml ([tool.importlinter]),
checked by import-linter, and no circle anywhere in the import graph of judge_app/ (imports inside functions count).
An import that breaks a layer fails here, and so `make test`."""
import ast
import subprocess
import sys
from pathlib import Path

import grimp

from judge_app import PROJECT_ROOT


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    out = subprocess.run([str(lint), "--config", str(PROJECT_ROOT / "pyproject.toml"), "--no-cache", "--no-logo"],
                         cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "4 kept, 0 broken" in out.stdout


def circles(graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w)))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_of_judge_app_imports_itself_in_a_circle():
    graph = grimp.build_graph("judge_app", cache_dir=None)
    assert len(graph.modules) > 100
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    graph = grimp.ImportGraph()
    for a, b in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=a, imported=b)
    assert circles(graph) == [["p.a", "p.b", "p.c"]]


# Issue 24's bound for the layers it moved: a reader finds one thing per function and module.
SIZED = ("judge_app/web", "judge_app/application", "judge_app/store", "judge_app/cli")
MAX_MODULE_LINES, MAX_FUNCTION_LINES = 400, 60


def oversized(root: Path) -> list[str]:
    found = []
    for pkg in SIZED:
        for path in sorted((root / pkg).rglob("*.py")):
            src = path.read_text(encoding="utf-8")
            name = path.relative_to(root).as_posix()
            if len(src.splitlines()) > MAX_MODULE_LINES:
                found.append(f"{name}: {len(src.splitlines())} lines")
            for node in ast.walk(ast.parse(src)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = node.end_lineno - node.lineno + 1
                    if length > MAX_FUNCTION_LINES:
                        found.append(f"{name}:{node.lineno} {node.name}: {length} lines")
    return found


def test_no_module_over_400_lines_and_no_function_over_60_in_the_layers_issue_24_moved():
    assert oversized(PROJECT_ROOT) == []


def test_the_size_check_finds_a_long_function(tmp_path):
    pkg = tmp_path / "judge_app" / "web"
    pkg.mkdir(parents=True)
    (pkg / "long.py").write_text("def f():\n" + "    x = 1\n" * 60, encoding="utf-8")
    assert oversized(tmp_path) == ["judge_app/web/long.py:1 f: 61 lines"]
