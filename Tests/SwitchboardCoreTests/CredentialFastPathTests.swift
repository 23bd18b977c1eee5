import Testing

@testable import SwitchboardCore

/// The byte-by-byte ways of finding query credentials give what the
/// character-by-character ones give: the screen takes them for every
/// request, so they may be fast but never different.
@Suite struct CredentialFastPathTests {
    /// Names as sent, in mixed case, with separators, percent-encoded,
    /// with `+`, cursors, near misses and letters that are not ASCII.
    static let names = [
        "key", "KEY", "Key", "k-e-y", "k_e_y", "keys", "monkey", "sig", "SIG", "s_i_g", "sid", "sidx", "auth", "pwd",
        "passwd", "api_key", "API-KEY", "apiKey", "Api%5FKey", "%61pi_key", "%4B%45%59", "api+key", "api%20key",
        "access_token", "ACCESS%5FTOKEN", "client_secret", "X-Amz-Signature", "X-Amz-Credential", "session_id",
        "password", "pageToken", "PAGE_TOKEN", "next_page_token", "page%54oken", "continuationToken", "syncToken",
        "cursor", "cursor_token", "id", "q", "lat", "keyword", "", "-", "_", "%", "%zz", "a%", "+", "kéy", "tökén",
        "\u{212A}ey", "to\u{301}ken", "token\u{301}", "ключ", "%E2%80%AEkey", "%FFkey",
    ]

    @Test func aNameAsSentIsACredentialExactlyWhenItsDecodedFormIs() {
        for name in Self.names {
            #expect(
                CredentialNames.isQueryParameter(encoded: name[...])
                    == CredentialNames.isQueryParameter(PercentDecoding.decode(name, plusIsSpace: true)), "\(name)")
        }
        #expect(CredentialNames.isQueryParameter(encoded: "Api%5FKey"))
        #expect(CredentialNames.isQueryParameter(encoded: "K-E-Y"))
        #expect(!CredentialNames.isQueryParameter(encoded: "page%54oken"))
    }

    /// Every pair of the names above as a query, with empty items, items
    /// without `=`, `=` in values and empty values: split by byte and by
    /// character, the same values are masked.
    @Test func anASCIIQuerySplitByByteMasksWhatSplittingByCharacterMasks() {
        let ascii = Self.names.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        var targets = [
            "/a", "/a?", "/a?&", "/a?=", "/a?key", "/a?key=", "/a?key=v", "/a?key==v=", "/a?&&key=v&&",
            "/a?x=1&key=v&y", "/a?KEY=abcdefghijklmnop&sig=s#frag", "/a?\r\nkey=v", "/a?key=v\r\n&q=1",
        ]
        for first in ascii {
            for second in ascii.prefix(12) {
                targets.append("/p/\(first)?\(first)=v1&\(second)=value-two-long&q=\(first)")
            }
        }
        for target in targets {
            let byByte = CredentialNames.maskingQuery(in: target, byCharacter: false) { "[\($0)]" }
            let byCharacter = CredentialNames.maskingQuery(in: target, byCharacter: true) { "[\($0)]" }
            #expect(byByte == byCharacter, "\(target)")
            #expect(CredentialNames.maskingQuery(in: target) { "[\($0)]" } == byByte, "\(target)")
        }
        #expect(
            CredentialNames.maskingQuery(in: "/a?Api%5FKey=s3cret&q=1&x=a=b") { _ in "M" } == "/a?Api%5FKey=M&q=1&x=a=b"
        )
    }

    /// Text that is not ASCII is split by character, as before: a mark
    /// after `&` or `?` makes one character of them.
    @Test func aQueryNotInASCIIIsSplitByCharacter() {
        #expect(CredentialNames.redactingQuery(in: "/a?token=x&\u{301}y=2") == "/a?token=REDACTED")
        #expect(CredentialNames.redactingQuery(in: "/a?\u{301}key=x") == "/a?\u{301}key=REDACTED")
        #expect(CredentialNames.redactingQuery(in: "/café?kéy=x&api_key=secret") == "/café?kéy=x&api_key=REDACTED")
        #expect(
            CredentialNames.maskingQuery(in: "/a?token=x&\u{301}y=2") { "[\($0)]" }
                == CredentialNames.maskingQuery(in: "/a?token=x&\u{301}y=2", byCharacter: true) { "[\($0)]" })
    }
}
