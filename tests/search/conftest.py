import pytest

from judge_app import create_app
from judge_app.corpus import get_corpus
from judge_app.search import get_service


@pytest.fixture(scope="session")
def corpus():
    return get_corpus()


@pytest.fixture(scope="session")
def svc(tmp_path_factory):
    """One SearchService over the real corpus, index built once in a temporary INDEX_DIR."""
    return get_service(index_dir=str(tmp_path_factory.mktemp("search-index")))


@pytest.fixture(scope="session")
def client(tmp_path_factory, svc):
    tmp = tmp_path_factory.mktemp("search-app")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp / "db.sqlite3"),
                      "INDEX_DIR": str(tmp / "index")})
    return app.test_client()


def ids(answer):
    return [r["id"] for r in answer["results"]]


def run_search_cli(words: list[str], doc: str, index_dir, limit: int = 3, as_json: bool = False) -> int:
    """`judge-app search WORDS --doc DOC --limit N [--json]`, in process (the output goes to capsys)."""
    from types import SimpleNamespace

    from judge_app.cli import search as cli

    return cli.run(SimpleNamespace(query=words, doc=doc, limit=limit, json=as_json, index_dir=str(index_dir)))
