#!/usr/bin/env python3
"""Prints every answer that differs between two captures of capture.py, and how many did.

With --v1b-message, v1b's {"error":true,"reason":X} bodies in BEFORE are first rewritten as {"message":X}, so that a
capture from before docs/wire-format.md §6.9 shows every change other than v1b's new body shape.

Usage: compare.py [--v1b-message] BEFORE.json AFTER.json"""
import json, sys
arguments = sys.argv[1:]
rewrite_v1b = "--v1b-message" in arguments
files = [a for a in arguments if a != "--v1b-message"]
if len(files) != 2:
    sys.exit(__doc__)
before = json.load(open(files[0])); after = json.load(open(files[1]))
def as_v1b(answer):
    body = answer.get("body")
    if body is None or not body.startswith('{"error":true,"reason":'):
        return answer
    new = '{"message":' + body[len('{"error":true,"reason":'):]
    headers = [f"Content-Length: {len(new.encode())}" if h.startswith("Content-Length") else h for h in answer["headers"]]
    return {**answer, "body": new, "headers": headers}
left = 0
for generation in before:
    for name in sorted(set(before[generation]) | set(after[generation])):
        old = before[generation].get(name)
        if rewrite_v1b and generation.startswith("v1b") and old is not None:
            old = as_v1b(old)
        new = after[generation].get(name)
        if old != new:
            left += 1
            print(f"[{generation}] {name}\n  - {old}\n  + {new}")
print(f"{left} of {sum(map(len, before.values()))} answers differ")
