#!/usr/bin/env python3
"""Writes a large OpenAPI description from Box's real one (Tests/Specs/box/openapi.json), for
the scale benchmark (issue 26, part 8): its 296 operations repeated under /a, /b, /c and /d
(1,184 operations, 744 paths) over Box's own 305 schemas, so the references stay as deep and
recursive as Box wrote them. Each copy's operationIds get the copy's letter (`get_files_id_b`).

No public description of 1,000+ operations fits this repository's mirror (GitHub's
rest-api-description is larger than a snapshot may be; Stripe's spec3.json is not stored in
it, and has some 600 operations), so the benchmark makes one from the large one we carry.

  scripts/bench/big_spec.py OUT.json [COPIES]   # COPIES letters from a (default 4)
"""
import json
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def big(document, copies):
    paths = {}
    for letter in string.ascii_lowercase[:copies]:
        for path, item in document["paths"].items():
            item = json.loads(json.dumps(item))
            for method, operation in item.items():
                if method in METHODS and "operationId" in operation:
                    operation["operationId"] += "_" + letter
            paths["/" + letter + path] = item
    document = dict(document)
    document["paths"] = paths
    document["info"] = dict(document["info"], title=f"{document['info']['title']} ×{copies} (scale benchmark)")
    return document


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    copies = int(sys.argv[2]) if len(sys.argv) == 3 else 4
    if not 1 <= copies <= 26:
        sys.exit("COPIES is 1 to 26")
    with open(ROOT / "Tests/Specs/box/openapi.json", encoding="utf-8") as source:
        document = json.load(source)
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(big(document, copies), out, indent=2, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
