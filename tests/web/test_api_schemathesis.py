"""A property-based run of the JSON API from its own document (schemathesis, in-process over WSGI): every operation
of `GET /api/openapi.json` is called with requests generated from the document, and a stateful run follows the
document's links (create a session → step → answer its pending decision → undo → save a ruling → open it). No
answer may be a 5xx, and every answer must fit the document: its status, content type, headers and body.

The number of examples is bounded (EXAMPLES per operation, STATEFUL_STEPS for the links) to keep the run near a
minute on a busy machine; `JUDGE_APP_SCHEMATHESIS_EXAMPLES` raises it for a longer hunt."""
import os

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                               response_schema_conformance, status_code_conformance)

from judge_app import PROJECT_ROOT, create_app

pytestmark = [pytest.mark.store_pages,
              pytest.mark.filterwarnings("ignore::DeprecationWarning"),   # allowEmptyValue (q=), read by the libraries
              pytest.mark.filterwarnings("ignore::ResourceWarning")]

EXAMPLES = int(os.environ.get("JUDGE_APP_SCHEMATHESIS_EXAMPLES", "15"))
STATEFUL_STEPS = int(os.environ.get("JUDGE_APP_SCHEMATHESIS_STATEFUL", "12"))
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


def test_every_operation_answers_as_its_document_says(api_schema):
    """Each operation in turn (schemathesis's own pytest parametrisation does not run under pytest 9)."""
    failures, operations = [], 0
    for result in api_schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @hypothesis.given(case=operation.as_strategy())
        @hypothesis.settings(max_examples=EXAMPLES, **SETTINGS)
        def call(case):
            case.call_and_validate(checks=CHECKS, headers=PLAIN)

        try:
            call()
        except Exception as e:  # noqa: BLE001 - every operation is run, then all failures are reported
            failures.append(f"{operation.label}: {str(e)[:1500]}")
    documented = sum(len(item) for path, item in api_schema.raw_schema["paths"].items() if path != "/api/openapi.json")
    assert operations == documented   # every operation but the document's own, which schemathesis leaves out
    assert not failures, "\n\n".join(failures)


def test_the_links_lead_through_a_session_to_a_saved_ruling(api_schema):
    class Workflow(api_schema.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"headers": PLAIN}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs)

    Workflow.run(settings=hypothesis.settings(max_examples=STATEFUL_STEPS, stateful_step_count=6, **SETTINGS))
