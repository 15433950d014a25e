"""Schemathesis hooks for scripts/check-openapi.

Plain-text answers (v2b's delete URI, v2a's product secret) are read as text, so links can use them and their
schema is checked.

Random strings almost never name a real vendor, secret, password or image, so without help every write would
stop at 400/401 and the stateful links (create -> detail -> patch -> delete) would never get past the first step.
Three generated calls in four therefore carry the credentials the server was started with and a real image (a file
part, or base64 in v1's JSON bodies); the fourth is left exactly as generated, so the error answers stay exercised too.
"""

import base64
import os
import struct
import zlib

import schemathesis
from hypothesis import strategies as st

IDENTIFIER = os.environ["OPENAPI_CHECK_IDENTIFIER"]
SECRET = os.environ["OPENAPI_CHECK_SECRET"]
PASSWORD = os.environ["OPENAPI_CHECK_PASSWORD"]
IMAGE_PART_NAMES = ("images", "images[]")


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# A valid 1x1 grey PNG: the server recognises images by their bytes.
PNG = (
    b"\x89PNG\r\n\x1a\n"
    + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
    + _png_chunk(b"IDAT", zlib.compress(b"\x00\x80"))
    + _png_chunk(b"IEND", b"")
)


def _with_credentials(case):
    operation = case.operation
    if any(parameter.name == "identifier" for parameter in operation.headers):
        case.headers = {**(case.headers or {}), "identifier": IDENTIFIER}
    body = case.body
    if not isinstance(body, dict):
        return case
    if isinstance(body.get("params"), dict):
        body["params"]["secret"] = SECRET
    if "secret" in body:
        body["secret"] = SECRET
    if "password" in body:
        body["password"] = PASSWORD
    if "id" in body and "id" in (case.path_parameters or {}):
        body["id"] = case.path_parameters["id"]
    if case.media_type and case.media_type.startswith("multipart/"):
        present = [name for name in IMAGE_PART_NAMES if name in body]
        # A create needs an image; a patch without image parts keeps the product's images.
        creates = operation.method.upper() == "POST"
        for name in present or ([IMAGE_PART_NAMES[0]] if creates else []):
            body[name] = [PNG]
    elif case.media_type == "application/json" and "password" in body:
        # v1's JSON create and PATCH: the same images, in base64.
        present = [name for name in IMAGE_PART_NAMES if name in body]
        creates = operation.method.upper() == "POST"
        for name in present or ([IMAGE_PART_NAMES[0]] if creates else []):
            body[name] = [base64.b64encode(PNG).decode("ascii")]
    return case


@schemathesis.hook
def flatmap_case(context, case):
    return st.sampled_from((True, True, True, False)).map(lambda real: _with_credentials(case) if real else case)


@schemathesis.deserializer("text/plain")
def deserialize_text(context, response):
    return response.content.decode("utf-8")
