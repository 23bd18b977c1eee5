#!/usr/bin/env bash
# Opens a HAR file written by Switchboard with two independent HAR readers
# (mitmproxy's importer and haralyzer), from a throwaway venv in /tmp.
#   scripts/check-har.sh session.har
set -euo pipefail
har="${1:?usage: scripts/check-har.sh FILE.har}"
venv="${HAR_VENV:-/tmp/switchboard-har-venv}"
[ -x "$venv/bin/mitmdump" ] || { python3 -m venv "$venv"; "$venv/bin/pip" install -q mitmproxy haralyzer; }
echo "== mitmproxy"
"$venv/bin/mitmdump" -n -r "$har"
echo "== haralyzer"
"$venv/bin/python" - "$har" <<'PY'
import json, sys
from haralyzer import HarEntry, HarParser
parser = HarParser(json.load(open(sys.argv[1])))
for raw in parser.har_data["entries"]:
    entry = HarEntry(raw)
    print(entry.request.method, entry.request.url, entry.response.status, entry.response.mimeType)
PY
