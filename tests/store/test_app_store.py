"""The `app` fixture's store is the one the run asked for: SQLite by default, PostgreSQL under
JUDGE_APP_TEST_STORE=postgresql (make test's second pass), so that pass cannot quietly run on SQLite."""
import os


def test_app_fixture_uses_the_store_the_run_asked_for(app):
    from judge_app.web.shared.services import get_store

    want = "postgresql" if os.environ.get("JUDGE_APP_TEST_STORE") == "postgresql" else "sqlite"
    with app.app_context():
        store = get_store()
        assert store.dialect == want
        created = store.create_session("opcg", {}, 1, [])
        assert store.get_session(created.id).game == "opcg"
