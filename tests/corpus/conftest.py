import pytest

from judge_app.corpus import get_corpus


@pytest.fixture(scope="session")
def corpus():
    return get_corpus()


@pytest.fixture(scope="session")
def clause(corpus):
    def get(cid):
        c = corpus.clause(cid)
        assert c is not None, f"{cid} missing from the corpus"
        return c
    return get
