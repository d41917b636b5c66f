"""Hostile JSON: /api/score and ``score -`` answer every body with a clear error, quickly.

Every body gets 200, 400, 413 or 415 from the API (never a 500 or a stack trace), and the
command line prints the very same error lines and exits 2. Both read through one function.
"""
import io
import json
import subprocess
import sys
import time

import pytest
from flask.testing import FlaskClient

from assistant.cli import main
from assistant.json_input import MAX_BYTES, MAX_DEPTH, MAX_DIGITS
from tests.test_cli import GOOD

# The CPU one request may take (the scoring itself takes about a millisecond).
CPU_BUDGET = 0.5


def nested(depth: int, opening: str = "[", closing: str = "]", inner: str = "1") -> bytes:
    return (opening * depth + inner + closing * depth).encode()


def with_count(number: str) -> bytes:
    """GOOD with green's count in Frankreich written as ``number``."""
    return json.dumps(GOOD).replace('"green": 4', f'"green": {number}').encode()


HOSTILE = {
    "arrays 1,000 deep": nested(1000),
    "objects 1,000 deep": nested(1000, '{"a":', "}"),
    "arrays one past the depth limit": nested(MAX_DEPTH + 1),
    "objects 100,000 deep, unclosed": b'{"a":' * (MAX_BYTES // 5),
    "brackets up to the size limit": b"[" * MAX_BYTES,
    "a number of 5,000 digits": b"1" * 5000,
    "a count of 30 digits": with_count("9" * 30),
    "a count of 1e400": with_count("1e400"),
    "a count of NaN": with_count("NaN"),
    "a name of 60,000 characters": json.dumps({**GOOD, "players": [{"color": "green", "name": "x" * 60_000}]}).encode(),
    "3,000 players": json.dumps({**GOOD, "players": [{"color": "pink"}] * 3000}).encode(),
    "2,000 countries": json.dumps({**GOOD, "monasteries": {f"c{i}": {"green": 1} for i in range(2000)}}).encode(),
    "2,000 roads": json.dumps({**GOOD, "chains": {"green": {"roads": [[f"a{i}", f"a{i + 1}"] for i in range(2000)]}}}).encode(),
    "one byte over the size limit": b" " * MAX_BYTES + b"{}",
    "ten megabytes": b"[" * 10_000_000,
    "invalid UTF-8": b'{"scoring": "\xff\xfe"}',
    "UTF-16": json.dumps(GOOD).encode("utf-16"),
    "an empty body": b"",
    "only spaces": b"   \n",
    "a list": b"[1, 2, 3]",
    "null": b"null",
    "a lone string": b'"' + b"x" * 1000 + b'"',
    "broken JSON": b'{"scoring": ',
    "a UTF-8 byte order mark before good JSON": b"\xef\xbb\xbf" + json.dumps(GOOD).encode(),
}


@pytest.fixture
def curl(app):
    """A client as curl is: no cookie, no token."""
    return FlaskClient(app, use_cookies=False)


def post(curl, body: bytes, content_type: str = "application/json"):
    started = time.process_time()
    response = curl.post("/api/score", data=body, content_type=content_type)
    return response, time.process_time() - started


def cli_stdin(body: bytes, monkeypatch, capsys) -> tuple[int, str, str]:
    """``python -m assistant score - --json`` with ``body`` on standard input, in-process."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(body), encoding="utf-8"))
    status = main(["score", "-", "--json"])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.timing(loads_cores=True)
@pytest.mark.parametrize("name", HOSTILE)
def test_every_hostile_body_gets_a_clear_answer_quickly(curl, name):
    response, cpu = post(curl, HOSTILE[name])
    assert response.status_code in {200, 400, 413}, (name, response.status_code)
    assert response.is_json, response.get_data(as_text=True)[:200]
    if response.status_code != 200:
        errors = response.get_json()["errors"]
        assert errors and all(set(e) == {"field", "reason"} and e["field"] and e["reason"] for e in errors)
    assert "Traceback" not in response.get_data(as_text=True)
    assert cpu < CPU_BUDGET, f"{name}: {cpu:.2f} s of CPU"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_command_line_prints_the_same_errors_and_exits_2(curl, name, monkeypatch, capsys):
    response, _ = post(curl, HOSTILE[name])
    status, out, err = cli_stdin(HOSTILE[name], monkeypatch, capsys)
    if response.status_code == 200:
        assert status == 0 and json.loads(out) == response.get_json()
    else:
        assert status == 2 and out == ""
        assert err == response.get_json()["error"] + "\n"


@pytest.mark.parametrize(
    ("name", "status", "errors"),
    [
        ("arrays 1,000 deep", 400, [{"field": "input", "reason": f"is nested more than {MAX_DEPTH} levels deep"}]),
        ("objects 1,000 deep", 400, [{"field": "input", "reason": f"is nested more than {MAX_DEPTH} levels deep"}]),
        ("arrays one past the depth limit", 400, [{"field": "input", "reason": f"is nested more than {MAX_DEPTH} levels deep"}]),
        ("brackets up to the size limit", 400, [{"field": "input", "reason": f"is nested more than {MAX_DEPTH} levels deep"}]),
        ("a number of 5,000 digits", 400, [{"field": "input", "reason": f"is a number of more than {MAX_DIGITS} digits"}]),
        ("a count of 30 digits", 400, [{"field": "monasteries.Frankreich.green", "reason": f"is a number of more than {MAX_DIGITS} digits"}]),
        ("one byte over the size limit", 413, [{"field": "input", "reason": f"is larger than {MAX_BYTES // 1024} KB"}]),
        ("ten megabytes", 413, [{"field": "input", "reason": f"is larger than {MAX_BYTES // 1024} KB"}]),
        ("invalid UTF-8", 400, [{"field": "input", "reason": "is not UTF-8 text (byte 14)"}]),
        ("UTF-16", 400, [{"field": "input", "reason": "is not UTF-8 text (byte 1)"}]),
        ("an empty body", 400, [{"field": "input", "reason": "is not valid JSON (line 1, column 1)"}]),
        ("broken JSON", 400, [{"field": "input", "reason": "is not valid JSON (line 1, column 13)"}]),
    ],
)
def test_each_limit_names_the_field_and_the_reason(curl, name, status, errors):
    response, _ = post(curl, HOSTILE[name])
    assert response.status_code == status
    assert response.get_json()["errors"] == errors
    assert response.get_json()["error"] == "\n".join(f"error: {e['field']}: {e['reason']}" for e in errors)


def test_nesting_up_to_the_limit_is_read(curl):
    reasons = [e["reason"] for e in post(curl, nested(MAX_DEPTH))[0].get_json()["errors"]]
    assert not any("nested" in reason for reason in reasons) and reasons  # read, then refused as a position


def test_a_byte_order_mark_and_the_largest_body_allowed_are_read(curl):
    assert post(curl, HOSTILE["a UTF-8 byte order mark before good JSON"])[0].status_code == 200
    body = json.dumps(GOOD).encode()
    largest = body + b" " * (MAX_BYTES - len(body))
    assert post(curl, largest)[0].status_code == 200


@pytest.mark.timing(loads_cores=True)
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/xml"])
def test_a_body_that_is_not_json_by_its_type_is_415(curl, content_type):
    response, cpu = post(curl, json.dumps(GOOD).encode(), content_type)
    assert response.status_code == 415
    assert response.get_json()["errors"] == [{"field": "Content-Type", "reason": "must be application/json"}]
    assert cpu < CPU_BUDGET


def test_json_types_with_a_charset_or_a_suffix_are_json(curl):
    for content_type in ["application/json; charset=utf-8", "application/vnd.position+json"]:
        assert post(curl, json.dumps(GOOD).encode(), content_type)[0].status_code == 200


def test_the_limits_speak_the_language_asked_for(curl):
    response = curl.post("/api/score?lang=de", data=HOSTILE["arrays 1,000 deep"], content_type="application/json")
    assert response.get_json()["errors"][0]["reason"] == f"ist tiefer als {MAX_DEPTH} Ebenen verschachtelt"


def test_the_command_line_reports_deep_nesting_instead_of_a_traceback(tmp_path):
    """The reported case: a real process, 1,000 levels deep, from standard input and from a file."""
    path = tmp_path / "deep.json"
    path.write_bytes(nested(1000))
    done = subprocess.run([sys.executable, "-m", "assistant", "score", "-"], input=nested(1000), capture_output=True, check=False)
    assert (done.returncode, done.stderr.decode()) == (2, f"error: input: is nested more than {MAX_DEPTH} levels deep\n")
    done = subprocess.run([sys.executable, "-m", "assistant", "score", str(path)], capture_output=True, check=False)
    assert (done.returncode, done.stderr.decode()) == (2, f"error: {path}: is nested more than {MAX_DEPTH} levels deep\n")


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path, capsys):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (50 * MAX_BYTES))
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err == f"error: {path}: is larger than {MAX_BYTES // 1024} KB\n"
