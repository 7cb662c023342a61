"""A property-based run of the JSON API from its own document (schemathesis, in-process over WSGI): every operation
of `GET /api/openapi.json` is called with requests generated from the document, and a stateful run follows the
document's links. No answer may be a 5xx or a crash logged (a ruleset's crash is a logged 422), and every answer
must fit the document: its status, content type, headers and body.

The number of examples is bounded (EXAMPLES per operation, STATEFUL_STEPS for the links) to keep the run near a
minute on a busy machine; `JUDGE_APP_SCHEMATHESIS_EXAMPLES` raises it for a longer hunt."""
import logging
import os
from collections import Counter

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                               response_schema_conformance, status_code_conformance)

from judge_app import PROJECT_ROOT, create_app

pytestmark = pytest.mark.filterwarnings("ignore:Use of allowEmptyValue:DeprecationWarning")   # q= is a valid search

EXAMPLES = int(os.environ.get("JUDGE_APP_SCHEMATHESIS_EXAMPLES", "10"))
STATEFUL_STEPS = int(os.environ.get("JUDGE_APP_SCHEMATHESIS_STATEFUL", "10"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]
# The in-process WSGI transport does not decompress; the app compresses whatever the client accepts.
PLAIN = {"Accept-Encoding": "identity"}
SETTINGS = dict(deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def api_app(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("schemathesis")
    return create_app({"TESTING": True, "SECRET_KEY": "schemathesis", "DATABASE": str(tmp / "db.sqlite3"),
                       "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index")})


@pytest.fixture(scope="module")
def api_schema(api_app):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", api_app)


def no_crash_logged(caplog) -> None:
    """A ruleset's crash is answered 422 (`RulesetFailure`) and an unexpected error 500, both logged: none may be."""
    crashes = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not crashes, f"{len(crashes)} crashes logged; first: {crashes[:3]}"


def test_every_operation_answers_as_its_document_says(api_schema, caplog):
    """Each operation in turn (schemathesis's own pytest parametrisation does not run under pytest 9)."""
    failures, operations, statuses = [], 0, Counter()
    for result in api_schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @hypothesis.given(case=operation.as_strategy())
        @hypothesis.settings(max_examples=EXAMPLES, **SETTINGS)
        def call(case):
            statuses[case.call_and_validate(checks=CHECKS, headers=PLAIN).status_code // 100] += 1

        try:
            call()
        except Exception as e:  # noqa: BLE001 - every operation is run, then all failures are reported
            failures.append(f"{operation.label}: {str(e)[:1500]}")
    documented = sum(len(item) for path, item in api_schema.raw_schema["paths"].items() if path != "/api/openapi.json")
    assert operations == documented   # every operation but the document's own, which schemathesis leaves out
    assert not failures, "\n\n".join(failures)
    no_crash_logged(caplog)
    assert statuses[2] >= 20 and statuses[4] >= 20, statuses   # both accepted and refused requests were sent


def test_a_stateful_run_along_the_links_finds_no_crash(api_schema, caplog):
    """Schemathesis's state machine chains calls by the document's links (a new board → a session → step → answer
    → save → open). Few of its generated chains get as far as a session (most generated boards are refused); the
    whole chain is walked by hand in tests/web/test_openapi.py, `test_a_client_from_the_document_alone…`."""
    calls = Counter()

    class Workflow(api_schema.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"headers": PLAIN}

        def after_call(self, response, case):
            calls[response.status_code // 100] += 1

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs)

    Workflow.run(settings=hypothesis.settings(max_examples=STATEFUL_STEPS, stateful_step_count=6, **SETTINGS))
    no_crash_logged(caplog)
    assert calls[2] and calls[4], calls
