import Testing

@testable import SwitchboardServer

/// Which names mean "this machine": literal loopback addresses and
/// localhost, never a DNS name that merely starts like one.
@Suite struct LoopbackNameTests {
    @Test(arguments: [
        "127.0.0.1", "127.255.255.254", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::FFFF:127.9.9.9",
    ])
    func loopbackAddresses(_ text: String) {
        #expect(LoopbackName.isLoopbackAddress(text))
        #expect(LoopbackName.isLoopbackHost(text))
    }

    @Test(arguments: [
        "127.0.0.1.evil.example", "127.0.0.1evil", "127.evil.example", "127.1", "127.0.0.256", "127.0.0.01",
        "0127.0.0.1", "127.0.0.1.", "128.0.0.1", "10.0.0.1", "::2", "::ffff:10.0.0.1", "::ffff:127.0.0.1.evil",
        "::1%lo", "", "evil.example", "localhost.evil.example", "127。0。0。1",
    ])
    func notLoopback(_ text: String) {
        #expect(!LoopbackName.isLoopbackHost(text))
    }

    @Test(arguments: ["localhost", "LOCALHOST", "app.localhost", "a.b.localhost"])
    func localhostNames(_ text: String) {
        #expect(LoopbackName.isLoopbackHost(text))
        #expect(!LoopbackName.isLoopbackAddress(text))
    }

    @Test func notJustTheLocalhostSuffix() {
        #expect(!LoopbackName.isLoopbackHost(".localhost"))
        #expect(!LoopbackName.isLoopbackHost("evillocalhost"))
    }

    @Test func theHostOfAnAuthority() {
        #expect(LoopbackName.host(ofAuthority: "127.0.0.1:8080") == "127.0.0.1")
        #expect(LoopbackName.host(ofAuthority: "localhost") == "localhost")
        #expect(LoopbackName.host(ofAuthority: "[::1]:8080") == "::1")
        #expect(LoopbackName.host(ofAuthority: "[::1]") == "::1")
        // Anything that is not host[:port] is no host at all.
        for odd in ["127.0.0.1:80@evil.example", "127.0.0.1:8080:1", "127.0.0.1:http", ":8080", "[::1", "a b", ""] {
            #expect(LoopbackName.host(ofAuthority: odd) == nil, "\(odd)")
        }
    }
}
