#!/usr/bin/env python3
"""Captures the answers of every generation the binary serves (`openmarket generations`; each also with --strict) to a
fixed set of about 190 bad requests: status, Content-Type, Allow, Content-Length and body of each error, the status alone of each success.
Run it with the `openmarket` binary of two commits and compare the captures (compare.py) to see every change of the
error wire bytes. Each server runs on a free loopback port with a temporary database, removed afterwards.

Usage: capture.py OPENMARKET_BINARY OUTPUT.json"""
import base64, json, os, re, socket, subprocess, sys, tempfile, time

if len(sys.argv) != 3:
    sys.exit(__doc__)
BIN = sys.argv[1]
OUT = sys.argv[2]
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAHnOW0wAAAABJRU5ErkJggg==")

DOCUMENTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Schema", "openapi")

def generation_names():
    """Newest first, as the binary lists them. A binary older than `openmarket generations` (a baseline to compare
    with) is asked `serve --help` instead, whose --api line names them."""
    listed = subprocess.run([BIN, "generations"], capture_output=True, text=True)
    if listed.returncode == 0:
        return [line.split("\t")[0] for line in listed.stdout.splitlines() if line]
    help_text = " ".join(subprocess.run([BIN, "serve", "--help"], capture_output=True, text=True, check=True).stdout.split())
    return re.search(r"API generation to speak: ([\w, ]+)\.", help_text).group(1).split(", ")

def document_paths(gen):
    """The paths of the generation's OpenAPI document, which says which requests it has (Spring's or Vapor's, and
    which delete flow); the contract tests hold the server to it."""
    with open(os.path.join(DOCUMENTS, gen + ".yaml")) as f:
        return set(re.findall(r"^  (/\S*):$", f.read(), re.M))

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def raw(port, data, timeout=5):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    chunks = []
    try:
        s.sendall(data)
    except (BrokenPipeError, ConnectionResetError):
        pass
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            b = s.recv(65536)
        except (socket.timeout, ConnectionResetError):
            break
        if not b: break
        chunks.append(b)
    s.close()
    resp = b"".join(chunks)
    head, _, body = resp.partition(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    keep = [l for l in lines[1:] if l.split(":")[0].lower() in ("content-type", "allow", "content-length")]
    status = lines[0]
    # Successful answers carry ports and random image keys; only their status matters here.
    if " 2" in status[:13]:
        return {"status": status}
    return {"status": status, "headers": sorted(keep), "body": body.decode("utf-8", "replace")}

def req(port, method, path, headers=None, body=b""):
    headers = dict(headers or {})
    headers.setdefault("Host", f"127.0.0.1:{port}")
    headers["Content-Length"] = str(len(body))
    headers["Connection"] = "close"
    text = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    return raw(port, text.encode() + body)

def multipart(parts, boundary="XyZ"):
    out = b""
    for name, filename, ctype, data in parts:
        disp = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        out += f"--{boundary}\r\nContent-Disposition: {disp}\r\n".encode()
        if ctype: out += f"Content-Type: {ctype}\r\n".encode()
        out += b"\r\n" + data + b"\r\n"
    return out + f"--{boundary}--\r\n".encode(), {"Content-Type": f"multipart/form-data; boundary={boundary}"}

def start(gen, strict, folder):
    db = os.path.join(folder, f"{gen}-{strict}.sqlite")
    port = free_port()
    args = [BIN, "serve", "--api", gen, "--port", str(port), "--database", db, "--max-body-bytes", "400000", "--no-admin"]
    if "/api/products" in document_paths(gen): args += ["--vendor", "alice:ID1:S1", "--vendor", "bob:ID2:S2"]
    if strict: args.append("--strict")
    env = dict(os.environ, OPENMARKET_NOW="2024-01-02T03:04:05Z")
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close(); break
        except OSError: time.sleep(0.05)
    return p, port, db

def common(port, out):
    out["unknown path"] = req(port, "GET", "/nope")
    out["garbage"] = raw(port, b"garbage\r\n\r\n")
    out["bad content-length"] = raw(port, b"POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n")
    out["transfer-encoding gzip"] = raw(port, b"POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n")
    out["too large"] = raw(port, b"POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 500000\r\n\r\n" + b"a" * 1000)
    out["http/2.0"] = raw(port, b"GET / HTTP/2.0\r\nHost: a\r\n\r\n")

def v2(gen, port, out, strict):
    ID = {"identifier": "ID1"}
    def create(params, images=((("images", "a.png", "image/png", PNG)),), headers=ID):
        parts = [("params", None, "application/json", params)] + list(images)
        body, h = multipart(parts)
        return req(port, "POST", "/api/products", {**headers, **h}, body)
    good = b'{"name":"Mango","description":"fresh ripe mango","price":1000,"currency":"KRW","secret":"S1"}'
    out["create ok"] = create(good)
    if strict:
        out["strict short name"] = create(b'{"name":"M","description":"fresh ripe mango","price":1000,"currency":"KRW","secret":"S1"}')
        out["strict discount"] = create(b'{"name":"Mango","description":"fresh ripe mango","price":10,"discounted_price":20,"currency":"KRW","secret":"S1"}')
        out["strict description"] = create(b'{"name":"Mango","description":"x","price":10,"currency":"KRW","secret":"S1"}')
        out["strict images"] = create(good, images=[("images", "a.png", "image/png", PNG)] * 6)
        out["strict image size"] = create(good, images=[("images", "a.png", "image/png", PNG + b"\0" * 310000)])
        return
    out["405"] = req(port, "PUT", "/api/products")
    for q in ["page_no=0", "items_per_page=1001", "page_no=abc", "page_no=99999999999999999"]:
        out["list " + q] = req(port, "GET", "/api/products?" + q)
    for i in ["abc", "0", "99"]:
        out["detail " + i] = req(port, "GET", "/api/products/" + i)
    out["create no identifier"] = create(good, headers={})
    out["create unknown identifier"] = create(good, headers={"identifier": "nobody"})
    out["create not multipart"] = req(port, "POST", "/api/products", {**ID, "Content-Type": "application/json"}, good)
    b, h = multipart([("foo", None, None, b"x")])
    out["create no params"] = req(port, "POST", "/api/products", {**ID, **h}, b)
    out["create params bad json"] = create(b'{"name":')
    out["create params empty"] = create(b'')
    out["create no secret"] = create(b'{"name":"M","price":1,"currency":"KRW"}')
    out["create wrong secret"] = create(b'{"name":"M","price":1,"currency":"KRW","secret":"nope"}')
    out["create no name"] = create(b'{"price":1,"currency":"KRW","secret":"S1"}')
    out["create price text"] = create(b'{"name":"M","price":"abc","currency":"KRW","secret":"S1"}')
    out["create bad currency"] = create(b'{"name":"M","price":1,"currency":"EUR","secret":"S1"}')
    out["create huge"] = create(b'{"name":"M","price":1e308,"discounted_price":-1e308,"currency":"KRW","secret":"S1"}')
    out["create no images"] = create(good, images=[])
    out["create non-image"] = create(good, images=[("images", "n.txt", "image/png", b"hello")])
    out["create empty image"] = create(good, images=[("images", "n.png", "image/png", b"")])
    out["create unclosed"] = req(port, "POST", "/api/products", {**ID, "Content-Type": "multipart/form-data; boundary=XyZ"}, b"--XyZ\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{}\r\n--XyZ\r\n")
    P = lambda body, h=ID, i="1": req(port, "PATCH", "/api/products/" + i, {**h, "Content-Type": "application/json"}, body)
    out["patch no identifier"] = P(b'{"secret":"S1"}', {})
    out["patch bad json"] = P(b'{"secret":')
    out["patch empty"] = P(b'')
    out["patch not object"] = P(b'[1]')
    out["patch wrong secret"] = P(b'{"secret":"x"}')
    out["patch other vendor"] = P(b'{"secret":"S2"}', {"identifier": "ID2"})
    out["patch thumbnail"] = P(b'{"secret":"S1","thumbnail_id":999}')
    out["patch price text"] = P(b'{"secret":"S1","price":"abc"}')
    out["patch unknown id"] = P(b'{"secret":"S1"}', i="99")
    out["patch bad id"] = P(b'{"secret":"S1"}', i="x")
    if "/api/products/{id}/archived" in document_paths(gen):
        out["archive unknown"] = req(port, "POST", "/api/products/99/archived", {**ID}, b'{"secret":"S1"}')
        out["archive other"] = req(port, "POST", "/api/products/1/archived", {"identifier": "ID2"}, b'{"secret":"S2"}')
        out["delete unknown token"] = req(port, "DELETE", "/api/products/nosuchtoken", ID)
        out["delete no identifier"] = req(port, "DELETE", "/api/products/nosuchtoken")
        out["image 404"] = req(port, "GET", "/training-resources/1/20240102/nope_origin.png")
    else:
        out["secret unknown"] = req(port, "POST", "/api/products/99/secret", {**ID}, b'{"secret":"S1"}')
        out["secret other"] = req(port, "POST", "/api/products/1/secret", {"identifier": "ID2"}, b'{"secret":"S2"}')
        out["delete wrong secret"] = req(port, "DELETE", "/api/products/1/wrong", {**ID}, b'{"secret":"S1"}')
        out["image 404"] = req(port, "GET", "/training-resources/1/origin/nope.png")
    common(port, out)

def v1(gen, port, out, strict):
    def create(fields, images=(("images[]", "a.png", "image/png", PNG),)):
        parts = [(k, None, None, v.encode()) for k, v in fields] + list(images)
        body, h = multipart(parts)
        return req(port, "POST", "/item", h, body)
    good = [("title", "Mango"), ("descriptions", "fresh ripe mango"), ("price", "1000"), ("currency", "KRW"), ("stock", "3"), ("password", "pw")]
    out["create ok"] = create(good)
    if strict:
        out["strict short name"] = create([("title", "M")] + good[1:])
        out["strict images"] = create(good, images=[("images[]", "a.png", "image/png", PNG)] * 6)
        return
    out["405"] = req(port, "PUT", "/item")
    for p in ["/items/0", "/items/abc", "/items/999999999999999999999", "/item/abc", "/item/99", "/item/0"]:
        out["get " + p] = req(port, "GET", p)
    out["create not multipart"] = req(port, "POST", "/item", {"Content-Type": "text/plain"}, b"x")
    out["create no title"] = create(good[1:])
    out["create price fraction"] = create([(k, "9.99" if k == "price" else v) for k, v in good])
    out["create price large"] = create([(k, "99999999999999999" if k == "price" else v) for k, v in good])
    out["create empty currency"] = create([(k, "" if k == "currency" else v) for k, v in good])
    out["create no password"] = create(good[:-1])
    out["create no images"] = create(good, images=[])
    out["create non-image"] = create(good, images=[("images[]", "n.txt", "text/plain", b"hello")])
    b, h = multipart([("title", None, None, b"\xff\xfe")] + [(k, None, None, v.encode()) for k, v in good[1:]])
    out["create non-utf8"] = req(port, "POST", "/item", h, b)
    J = lambda body, method="POST", path="/item": req(port, method, path, {"Content-Type": "application/json"}, body)
    out["json empty"] = J(b"")
    out["json not object"] = J(b"[1]")
    out["json bad"] = J(b"{")
    jgood = {k: v for k, v in good}
    out["json images not array"] = J(json.dumps({**jgood, "images": 3}).encode())
    out["json image not string"] = J(json.dumps({**jgood, "images": [3]}).encode())
    out["json image bad base64"] = J(json.dumps({**jgood, "images": ["%%%"]}).encode())
    out["json image not image"] = J(json.dumps({**jgood, "images": ["aGVsbG8="]}).encode())
    out["json price object"] = J(json.dumps({**jgood, "price": {"a": 1}, "images": [base64.b64encode(PNG).decode()]}).encode())
    body, h = multipart([("password", None, None, b"wrong"), ("title", None, None, b"New")])
    out["patch wrong password"] = req(port, "PATCH", "/item/1", h, body)
    body, h = multipart([("title", None, None, b"New")])
    out["patch no password"] = req(port, "PATCH", "/item/1", h, body)
    body, h = multipart([("password", None, None, b"pw")])
    out["patch unknown"] = req(port, "PATCH", "/item/99", h, body)
    body, h = multipart([("password", None, None, b"pw"), ("images[]", "n.txt", None, b"hello")])
    out["patch bad image"] = req(port, "PATCH", "/item/1", h, body)
    out["delete wrong password"] = J(b'{"password":"wrong","id":1}', "DELETE", "/item/1")
    out["delete no password"] = J(b'{"id":1}', "DELETE", "/item/1")
    out["delete bad json"] = J(b'{', "DELETE", "/item/1")
    out["delete empty"] = J(b'', "DELETE", "/item/1")
    out["delete unknown"] = J(b'{"password":"pw","id":99}', "DELETE", "/item/99")
    out["delete id mismatch"] = J(b'{"password":"pw","id":2}', "DELETE", "/item/1")
    out["image 404"] = req(port, "GET", "/images/NOPE.png")
    common(port, out)

result = {}
for gen in generation_names():
    for strict in [False, True]:
        with tempfile.TemporaryDirectory() as folder:
            p, port, db = start(gen, strict, folder)
            out = {}
            try:
                (v2 if "/api/products" in document_paths(gen) else v1)(gen, port, out, strict)
            finally:
                p.terminate(); p.wait(10)
        result[gen + (" strict" if strict else "")] = out
with open(OUT, "w") as f:
    json.dump(result, f, indent=1, ensure_ascii=False, sort_keys=True)
print("requests:", sum(len(v) for v in result.values()))
