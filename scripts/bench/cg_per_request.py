#!/usr/bin/env python3
"""Instructions per request, per function and per area, from two cachegrind runs.

    cg_per_request.py SMALL.out LARGE.out N [TOP]

SMALL.out and LARGE.out are cachegrind out files of the same server answering
M and M + N requests (docs/performance-profile.md says how they are made);
each function's (LARGE - SMALL) / N is its self cost per request, start-up and
shut-down cancelling out. Prints two Markdown tables: the areas (NIO, the
Swift runtime, our modules by concern) and the TOP (30) functions. Names are
demangled with swift-demangle (on PATH with the toolchain).
"""
import subprocess, sys, collections, re
def load(path):
    totals = collections.Counter(); fn = None
    for line in open(path):
        if line.startswith("fn="): fn = line[3:].rstrip("\n")
        elif line[:1].isdigit() and fn is not None:
            p = line.split()
            if len(p) >= 2: totals[fn] += int(p[1])
    return totals
one, two = load(sys.argv[1]), load(sys.argv[2]); n = int(sys.argv[3])
keys = list(two)
dem = subprocess.run(["swift-demangle", "--simplified"], input="\n".join(keys), capture_output=True, text=True).stdout.splitlines()
rules = [
 ("JSON line", r"JSONBytes|JSONByteWriter|Timestamp|appendJSON|appendOutcome|JSONLinesSink|JournalStream|JournalEntry\.split|WakePipe"),
 ("journal record", r"RequestJournal|JournalFeed|JournalEntry|CapturedExchange|AnswerWriter\.record|textBytes|EndpointStats|RequestArrivals"),
 ("routing", r"RequestTarget|EndpointTable|ControlAPI|HostHeaderRule|TargetFormAnswer|RouteResult|literalKey"),
 ("decision", r"Responder|PanelSnapshot|Decision|ConnectionAnswers|ResponseCatalog|CompiledFile|CompiledResponse|PreparedResponse|AnswerPlan|RateLimit|Mode\b|Duration|NIODeadline|ConnectionClock|WallClock"),
 ("live: handler, UpstreamStateMachine", r"UpstreamStateMachine|UpstreamSlot|RequestHandler\.(forward|run|endExchange|endRelayed|watch|cutAfter|send|writePieces|writeRelayedEnd)|ConnectionStateMachine\.(upstream|withUpstream|exchangeUnderWay|clientWrite|isUploading)"),
 ("live: relay, recording", r"LiveRelay|LiveExchange|RelayedBody|LiveAnswers|UpstreamHeaders|Upstream\.|\bRelay\b|AsyncHTTPClientTransport|PathGrouping|PathPattern|SeenLive|UpstreamURL|UpstreamRequest|UpstreamOutcome|LiveToxics|CertificateDiagnosis"),
 ("AsyncHTTPClient", r"RequestBag|HTTPConnectionPool|HTTP1Connection|HTTP1ClientChannelHandler|HTTPClient|HTTPRequestStateMachine|HTTPExecutableRequest|HTTPRequestExecutor|HTTPScheduledRequest|RequestFramingMetadata|PreparedRequest|Transaction|ConnectionPool|LeasedConnection|RequestOptions|HTTPClientResponseDelegate|Deconstructed|IdleTimeout|TLSConfiguration|Tracing|Instrument|ServiceContext|Logger|Logging"),
 ("connection (handler, state machine)", r"RequestHandler|ConnectionStateMachine|AnswerWriter"),
 ("headers", r"HTTPHeaders|HTTPMethod|HTTPRequestHead|HTTPResponseHead"),
 ("NIO", r"NIO|Channel|EventLoop|Selector|ByteBuffer|HTTPDecoder|BetterHTTPParser|llhttp|PendingWrites|PendingStreamWrites|ByteToMessage|CircularBuffer|Socket|Scheduled|HeadChannelHandler|TailChannelHandler|epoll|ThreadOps|Lock|NIOAny|MarkedCircular|RecvByteBuffer|AdaptiveRecv|IOData"),
 ("Swift runtime: retain/release", r"swift_retain|swift_release|swift_bridgeObject|RefCount|swift_isUniquely|_swift_release_dealloc|swift_deallocObject|swift_allocObject|swift_slowAlloc|swift_slowDealloc|swift_unknownObject"),
 ("Swift runtime: exclusivity", r"swift_beginAccess|swift_endAccess|AccessSet|SwiftTLSContext|__tls_get_addr"),
 ("Swift runtime: casts, metadata, witnesses", r"Cast|cast|Metadata|metadata|Witness|witness|conformsTo|GenericCache|tuple_|getEnumTag|storeEnumTag|initializeWithCopy|initializeWithTake|destroy|assignWith"),
 ("Swift stdlib (strings, arrays, hashing)", r"String|Array|Substring|Hasher|Dictionary|Sequence|Collection|_allASCII|UnsafeMutablePointer|Int128|ClosedRange|UTF8|_ContiguousArray|Character|Zip2|Set|Optional"),
 ("libc: memcpy/memset", r"memcpy|memset|memmove|memcmp"),
 ("libc: malloc/free", r"malloc|free|_int_|tcache|consolidate"),
 ("kernel entry, other libc", r"^(read|write|__libc|epoll|syscall|clock_gettime|pthread|__GI|_IO|fwrite|fflush|poll|nanosleep)|__vdso|pthread"),
]
groups = collections.Counter(); top = []
for k, d in zip(keys, dem):
    v = (two[k] - one.get(k, 0)) / n
    if abs(v) < 0.5: continue
    g = "other"
    for name, pat in rules:
        if re.search(pat, d): g = name; break
    groups[g] += v; top.append((v, g, d))
total = sum(groups.values())
print(f"| area | instructions per request | share |\n|---|---:|---:|")
for g, v in groups.most_common():
    print(f"| {g} | {v:,.0f} | {100*v/total:.1f}% |")
print(f"| **total** | **{total:,.0f}** | |\n")
top.sort(reverse=True)
print("| # | function (self) | area | per request |\n|---:|---|---|---:|")
for i, (v, g, d) in enumerate(top[:int(sys.argv[4]) if len(sys.argv) > 4 else 30], 1):
    d = d.replace("|", "\\|")
    if len(d) > 90: d = d[:87] + "…"
    print(f"| {i} | `{d}` | {g} | {v:,.0f} |")
