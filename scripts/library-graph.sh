#!/usr/bin/env bash
# What an app's test target links when it depends on one of our libraries:
# every module in the product's graph, and a failure if a heavy one is there
# (an HTTP client, TLS, ncurses, ArgumentParser). Live mode is the
# SwitchboardLive product's, which is allowed them.
#   scripts/library-graph.sh            # checks SwitchboardKit and SwitchboardClient
set -euo pipefail
cd "$(dirname "$0")/.."
swift package describe --type json 2>/dev/null | python3 -c '
import json, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
heavy = {"AsyncHTTPClient", "NIOSSL", "ArgumentParser", "CNcurses", "SwitchboardTerminal", "SwitchboardUpstream"}
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
    print(product + ": " + ", ".join(sorted(seen - {product})))
    if found:
        print("  " + product + " pulls in " + ", ".join(found) + ": keep them behind SwitchboardLive", file=sys.stderr)
        failed = True
sys.exit(1 if failed else 0)
'
