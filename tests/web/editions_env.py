"""A corpus directory of its own for a test (a copy of rules_corpus/, named by JUDGE_APP_CORPUS), and the opcg
fixture edition ver.1.1.7 (tests/fixtures/editions) to import into it."""
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

from judge_app import PROJECT_ROOT
from judge_app.corpus.importer import import_edition

FIXTURE = PROJECT_ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt"
SCENARIOS = PROJECT_ROOT / "scenarios" / "opcg"


@contextmanager
def corpus_env(directory: Path, imported: bool = False):
    shutil.copytree(PROJECT_ROOT / "rules_corpus", directory)
    if imported:
        import_fixture(directory)
    before = {k: os.environ.get(k) for k in ("JUDGE_APP_CORPUS", "JUDGE_APP_CORPUS_DIR")}
    os.environ["JUDGE_APP_CORPUS"] = str(directory)
    os.environ.pop("JUDGE_APP_CORPUS_DIR", None)
    try:
        yield directory
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def import_fixture(directory: Path):
    return import_edition(directory, "opcg", FIXTURE, "ver.1.1.7")


def scenario(name: str) -> str:
    return (SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8")
