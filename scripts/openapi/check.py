"""Validates Schema/openapi/*.yaml and runs schemathesis against a real server of each generation.

Called by scripts/check-openapi inside its virtual environment, with the path of the built `openmarket` binary.
Every server it starts listens on a free loopback port with its own temporary database, and is stopped before
the next one starts, whatever happens. Exits non-zero on any invalid document or any schemathesis failure.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from typing import NamedTuple
from pathlib import Path

from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = ROOT / "Schema" / "openapi"
HOOKS = Path(__file__).resolve().parent / "schemathesis_hooks.py"
VENDOR = ("openapi-check", "openapi-check-identifier", "openapi-check-secret")
PASSWORD = "openapi-check-password"
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "unsupported_method",
)


class Exclusion(NamedTuple):
    """One check the plain run leaves out for one operation, and why."""
    method: str
    path: str
    check: str
    reason: str


# The plain run: schemathesis' defaults, every check and no hooks, so what it proves is the documents alone. A check is
# left out only for an operation where the server does what the real one did (or what docs/wire-format.md §6 decides)
# and no OpenAPI document can say so, which schemathesis then reads as a fault.
_IMAGE_BYTES = (
    "a file part is an image by its bytes (JPEG, PNG, GIF or WebP, docs/wire-format.md §6.5), which no schema can say "
    "of a multipart file part; without hooks schemathesis sends a PDF or random bytes as the image (the JSON body's "
    "base64 images do have a pattern that says it)")
_WRONG_PASSWORD = (
    "a wrong password answers 404, as the real v1 server did (§2.5), so schemathesis' random password right after a "
    "create reads as 'created resource not found'")
_FOREIGN_THUMBNAIL = (
    "a thumbnail_id that is not one of the product's own images answers 400 (docs/wire-format.md §6.5), and no schema "
    "can tie a body member to the images a product holds")
PLAIN_EXCLUSIONS = {
    "v2b": (
        Exclusion("PATCH", "/api/products/{id}", "positive_data_acceptance", _FOREIGN_THUMBNAIL),
        Exclusion("PATCH", "/api/products/{id}", "negative_data_rejection",
                  "a null currency reads as a key not sent, as every member's null does (v2a's document says so "
                  "with an anyOf), but swift-openapi-generator drops a property whose schema admits null beside a "
                  "$ref, and Examples/GeneratedClient is generated from this document; v2a's run keeps the check on "
                  "the same server code"),
    ),
    "v2a": (
        Exclusion("PATCH", "/api/products/{id}", "positive_data_acceptance", _FOREIGN_THUMBNAIL),
        Exclusion("DELETE", "/api/products/{id}/{product_secret}", "positive_data_acceptance",
                  "a product secret other than the one POST /api/products/{id}/secret answered is a 400 (docs/wire-"
                  "format.md §6.5), and no schema can tie a path parameter to what another call answered; the "
                  "document's example secret is no product's"),
        Exclusion("POST", "/api/products/{id}/secret", "allow_header_conformance",
                  "the delete's template DELETE /api/products/{id}/{product_secret} also matches this path (a product "
                  "secret may be the word 'secret'), so a 405 here names POST and DELETE, as the real router did"),
    ),
    "v1b": (
        Exclusion("POST", "/item", "positive_data_acceptance", _IMAGE_BYTES),
        Exclusion("PATCH", "/item/{id}", "ensure_resource_availability", _WRONG_PASSWORD),
        Exclusion("DELETE", "/item/{id}", "ensure_resource_availability", _WRONG_PASSWORD),
    ),
    "v1a": (
        Exclusion("POST", "/item", "positive_data_acceptance", _IMAGE_BYTES),
        Exclusion("DELETE", "/item/{id}", "positive_data_acceptance",
                  "a body 'id' other than the path's answers 400 rather than deleting either item, and OpenAPI cannot "
                  "tie a body member to a path parameter"),
        Exclusion("PATCH", "/item/{id}", "ensure_resource_availability", _WRONG_PASSWORD),
        Exclusion("DELETE", "/item/{id}", "ensure_resource_availability", _WRONG_PASSWORD),
    ),
}
# The plain run's server: on v2 the demo vendor (no --vendor), so the documents' example secret is real; the demo shop,
# so details, lists and images have products to show, and writes to another vendor's product meet its 403.
PLAIN_SERVER = ["--seed", "demo"]
# schemathesis' default is 100; fewer keep CI's check-openapi step within about 6 minutes on 2 busy cores.
PLAIN_EXAMPLES = 30
# A start takes well under a second, but seeding the demo shop draws its pictures when their cache is cold (tens of
# seconds unoptimised), and a loaded machine has been seen taking over 20 s for a plain start.
STARTUP_SECONDS = 120
STOP_SECONDS = 10
LISTENING = re.compile(r"listening on (http://\S+)")
DEMO_VENDOR = re.compile(r"demo vendor: .*identifier ([^,\s]+)")
TEST_CASES = re.compile(r"Test cases:\s*(\d+) generated")


def check_document(path: Path) -> list[str]:
    """Problems with one document: invalid OpenAPI 3.1, or a $ref leaving the file."""
    document, _ = read_from_filename(str(path))
    problems = []
    try:
        validate(document)
    except Exception as error:  # the validator raises several unrelated types
        problems.append(f"{path.name}: not valid OpenAPI 3.1: {error}")
    if document.get("openapi") != "3.1.0":
        problems.append(f"{path.name}: openapi must be 3.1.0, got {document.get('openapi')!r}")
    external = sorted(set(re.findall(r"\$ref:\s*'?([^#'\s][^'\s]*)", path.read_text())))
    if external:
        problems.append(f"{path.name}: must be self-contained, but refers to {', '.join(external)}")
    return problems


class Server:
    """`openmarket serve` of one generation on a free loopback port, stopped on exit from the `with` block.

    `arguments` are what the run needs beyond the generation, e.g. its vendors. A v2 server started without
    `--vendor` makes the demo vendor and prints its identifier, which `demo_identifier` then holds."""

    def __init__(self, binary: Path, generation: str, directory: Path, arguments: list[str]):
        self.process = subprocess.Popen(
            [str(binary), "serve", "--api", generation, "--host", "127.0.0.1", "--port", "0",
             "--database", str(directory / "market.sqlite"), "--log-level", "warning", *arguments],
            stdout=subprocess.PIPE, stderr=open(directory / "server.log", "wb"), text=True)
        self.deadline = time.monotonic() + STARTUP_SECONDS
        self.url = self._read_line(LISTENING, "a 'listening on' line")
        self.demo_identifier = None
        if generation.startswith("v2") and "--vendor" not in arguments:
            self.demo_identifier = self._read_line(DEMO_VENDOR, "the demo vendor's line")

    def _read_line(self, pattern: re.Pattern, what: str) -> str:
        """The first group of the first line of output that matches `pattern`, within the startup deadline."""
        while time.monotonic() < self.deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = pattern.search(line)
            if match:
                return match.group(1)
        self.stop()
        raise RuntimeError(f"the server printed no {what}")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def status_counts(har: Path) -> str:
    """How often each method got each status, e.g. `POST 201x37`: shows the writes really succeeded."""
    if not har.exists():
        return "no requests recorded"
    counts = Counter(
        f"{entry['request']['method']} {entry['response']['status']}"
        for entry in json.loads(har.read_text())["log"]["entries"])
    return ", ".join(f"{key}x{count}" for key, count in sorted(counts.items()))


def run_schemathesis(
    document: Path, url: str, examples: int, seconds: int, report: Path, directory: Path
) -> tuple[bool, str]:
    """Runs in `directory`, where schemathesis keeps its cache of past failures: each run starts without one."""
    environment = dict(
        os.environ,
        SCHEMATHESIS_HOOKS=HOOKS.stem,
        PYTHONPATH=str(HOOKS.parent),
        OPENAPI_CHECK_IDENTIFIER=VENDOR[1],
        OPENAPI_CHECK_SECRET=VENDOR[2],
        OPENAPI_CHECK_PASSWORD=PASSWORD,
    )
    command = [
        str(Path(sys.executable).parent / "schemathesis"), "run", str(document), "--url", url,
        "--checks", ",".join(CHECKS), "--mode", "all", "--max-examples", str(examples),
        "--phases", "examples,coverage,fuzzing,stateful", "--workers", "1", "--seed", "14",
        "--request-timeout", "10", "--no-color", "--suppress-health-check", "too_slow,filter_too_much",
        "--generation-database", "none", "--report", "har", "--report-har-path", str(report.with_suffix(".har")),
    ]
    try:
        finished = subprocess.run(
            command, env=environment, cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            timeout=seconds)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        report.write_text(output)
        return False, f"schemathesis did not finish within {seconds} s"
    report.write_text(finished.stdout)
    cases = TEST_CASES.search(finished.stdout)
    summary = f"{cases.group(1) if cases else '?'} test cases ({status_counts(report.with_suffix('.har'))})"
    return finished.returncode == 0, summary


def plain_configuration(exclusions: tuple[Exclusion, ...], identifier: str | None) -> str:
    """schemathesis.toml for the plain run. Every check is enabled here rather than by `--checks all`, because a check
    named on the command line wins over an operation's own setting, and the exclusions are per operation. On v2 every
    request names the server's demo vendor in its `identifier` header, as schemathesis' own `headers` setting does it:
    a random identifier stops every write at the 401."""
    lines = []
    if identifier is not None:
        lines += ["# The demo vendor the server made, whose secret is the documents' example.",
                  f"headers = {{ identifier = {json.dumps(identifier)} }}", ""]
    lines += ["# Every check, as `--checks all`.", "[checks]", "enabled = true"]
    for exclusion in exclusions:
        lines += ["", f"# {exclusion.reason}", "[[operations]]", f"include-path = {json.dumps(exclusion.path)}",
                  f"include-method = {json.dumps(exclusion.method)}", f"checks.{exclusion.check}.enabled = false"]
    return "\n".join(lines) + "\n"


def run_plain_schemathesis(document: Path, generation: str, server: Server, examples: int, seconds: int,
                           report: Path, directory: Path) -> tuple[bool, str]:
    """schemathesis with its defaults and every check, without hooks, `examples` per operation."""
    configuration = directory / "schemathesis.toml"
    configuration.write_text(plain_configuration(PLAIN_EXCLUSIONS.get(generation, ()), server.demo_identifier))
    command = [
        str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(configuration), "run", str(document),
        "--url", server.url, "--max-examples", str(examples), "--seed", "14", "--no-color",
        "--generation-database", "none", "--report", "har", "--report-har-path", str(report.with_suffix(".har")),
    ]
    try:
        finished = subprocess.run(
            command, cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=seconds)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        report.write_text(output)
        return False, f"plain schemathesis did not finish within {seconds} s"
    report.write_text(finished.stdout)
    cases = TEST_CASES.search(finished.stdout)
    excluded = ", ".join(f"{e.check} on {e.method} {e.path}" for e in PLAIN_EXCLUSIONS.get(generation, ())) or "nothing"
    return finished.returncode == 0, (
        f"plain: {cases.group(1) if cases else '?'} test cases ({status_counts(report.with_suffix('.har'))}), "
        f"excluded {excluded}")


def served_generations(binary: Path) -> list[str]:
    """The generations the binary serves, newest first: the first field of each line of `openmarket generations`."""
    listed = subprocess.run([str(binary), "generations"], capture_output=True, text=True, check=True)
    return [line.split("\t")[0] for line in listed.stdout.splitlines() if line]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", type=Path)
    parser.add_argument("--examples", type=int, default=300, help="examples per operation")
    parser.add_argument("--plain-examples", type=int, default=PLAIN_EXAMPLES,
                        help="examples per operation in the plain run")
    parser.add_argument("--seconds", type=int, default=600, help="time limit per generation")
    parser.add_argument("--reports", type=Path, required=True, help="where schemathesis' output goes")
    parser.add_argument("--plain", action=argparse.BooleanOptionalAction, default=True,
                        help="also run schemathesis with its defaults and every check, without hooks")
    parser.add_argument("generations", nargs="*", help="default: every one `openmarket generations` lists")
    arguments = parser.parse_intermixed_args()
    # A TERM (CI's timeout, kill) unwinds like Ctrl-C does, so the running server is stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    arguments.reports = arguments.reports.resolve()
    arguments.reports.mkdir(parents=True, exist_ok=True)

    names = arguments.generations or served_generations(arguments.binary)
    problems = [problem for name in names for problem in check_document(DOCUMENTS / f"{name}.yaml")]
    for problem in problems:
        print(f"check-openapi: {problem}")
    print(f"check-openapi: {len(names) - len({p.split(':')[0] for p in problems})} of {len(names)} documents valid")
    if problems:
        return 1

    passed, failed = 0, 0
    for generation in names:
        started = time.monotonic()
        report = arguments.reports / f"schemathesis-{generation}.txt"
        with tempfile.TemporaryDirectory(prefix=f"openapi-{generation}-") as directory:
            try:
                vendor = ["--vendor", ":".join(VENDOR)] if generation.startswith("v2") else []
                with Server(arguments.binary, generation, Path(directory), vendor) as server:
                    ok, summary = run_schemathesis(
                        DOCUMENTS / f"{generation}.yaml", server.url, arguments.examples, arguments.seconds, report,
                        Path(directory))
                if arguments.plain:
                    # A server of its own, which starts from the demo shop rather than what the hooks run left.
                    plain_directory = Path(directory) / "plain"
                    plain_directory.mkdir()
                    with Server(arguments.binary, generation, plain_directory, PLAIN_SERVER) as server:
                        plain_ok, plain_summary = run_plain_schemathesis(
                            DOCUMENTS / f"{generation}.yaml", generation, server, arguments.plain_examples,
                            arguments.seconds,
                            arguments.reports / f"schemathesis-plain-{generation}.txt", plain_directory)
                    ok, summary = ok and plain_ok, f"{summary}; {plain_summary}"
            except RuntimeError as error:
                ok, summary = False, str(error)
        elapsed = time.monotonic() - started
        print(f"check-openapi: {generation}: {'passed' if ok else 'FAILED'}, {summary}, {elapsed:.0f} s"
              + ("" if ok else f" (see {report})"), flush=True)
        passed, failed = passed + ok, failed + (not ok)
    print(f"check-openapi: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
