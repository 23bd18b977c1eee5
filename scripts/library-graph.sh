#!/usr/bin/env bash
# What an app's test target links when it depends on one of our libraries:
# every module in the product's graph, and a failure if a heavy one is there
# (an HTTP client, TLS, ncurses, ArgumentParser, OpenAPIKit and the targets
# that read descriptions with it, Yams). Live mode is the SwitchboardLive
# product's, which is allowed the HTTP client and TLS; OpenAPI descriptions
# are the SwitchboardOpenAPI product's, which is allowed OpenAPIKit.
# Also a failure if any of the package's Swift sources uses Synchronization
# (`Mutex`, `Atomic`; also `String(validating:)`: macOS 15 / iOS 18), above the platforms Package.swift
# declares for apps' test targets; the libraries' graph is named first.
#   scripts/library-graph.sh            # checks SwitchboardKit and SwitchboardClient
set -euo pipefail
cd "$(dirname "$0")/.."
swift package describe --type json 2>/dev/null | python3 -c '
import json, os, re, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
heavy = {"AsyncHTTPClient", "NIOSSL", "ArgumentParser", "CNcurses", "SwitchboardTerminal", "SwitchboardUpstream"}
# What an app test target that serves fixtures folders does without: OpenAPIKit
# and the targets that read descriptions with it (SwitchboardOpenAPI brings them).
described = {"OpenAPIKit", "OpenAPIKit30", "OpenAPIKitCompat", "SwitchboardSpec", "SwitchboardSpecEndpoints"}
heavy |= described
failed = False
for product in ("SwitchboardKit", "SwitchboardClient"):
    seen, todo = set(), [product]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        target = targets.get(name)
        if target:
            todo += target.get("target_dependencies", []) + target.get("product_dependencies", [])
    found = sorted(seen & heavy)
    print(product + " (" + str(len(seen - {product})) + "): " + ", ".join(sorted(seen - {product})))
    if found:
        behind = "SwitchboardOpenAPI" if set(found) <= described else "SwitchboardLive"
        print("  " + product + " pulls in " + ", ".join(found) + ": keep them behind " + behind, file=sys.stderr)
        failed = True

# Apps deploy to iOS 16 / macOS 13; Synchronization needs iOS 18 / macOS 15.
newer = re.compile(r"^\s*(?:@?\w+\s+)*import\s+Synchronization\b|(?<![\w.])(?:Mutex|Atomic)\s*[<(]|String\(validating:")
def uses_synchronization(target):
    found = []
    for source in target.get("sources", []):
        if not source.endswith(".swift"):
            continue
        path = os.path.join(target["path"], source)
        with open(path, encoding="utf-8") as text:
            for number, line in enumerate(text, 1):
                if not line.lstrip().startswith("//") and newer.search(line):
                    found.append(path + ":" + str(number) + ": " + line.strip())
    return found
library = set()
for product in ("SwitchboardKit", "SwitchboardClient"):
    seen, todo = set(), [product]
    while todo:
        name = todo.pop()
        if name not in seen and name in targets:
            seen.add(name)
            todo += targets[name].get("target_dependencies", [])
    library |= seen
for name in sorted(targets, key=lambda name: (name not in library, name)):
    for hit in uses_synchronization(targets[name]):
        where = "the libraries apps link" if name in library else "the package"
        print(hit + "\n  Synchronization needs iOS 18 / macOS 15, above what " + where
              + " supports (iOS 16 / macOS 13): use NIOLockedValueBox, ManagedAtomic, UTF8Text.decode", file=sys.stderr)
        failed = True
sys.exit(1 if failed else 0)
'
