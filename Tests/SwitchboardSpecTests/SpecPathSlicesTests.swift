import Foundation
import OpenAPIKit
import SwitchboardTestSupport
import Testing
import Yams

@testable import SwitchboardSpec

/// A description decoded in slices of its paths, on every core, is the
/// document decoded in one piece: the same operations in the same order,
/// and the same error where there is one.
@Suite struct SpecPathSlicesTests {
    static func tree(_ text: String) throws -> SpecTree {
        SpecTree(try #require(try Yams.compose(yaml: text, .basic.appending(.merge))))
    }

    static func version(_ tree: SpecTree) throws -> SpecVersion {
        guard case .mapping(let root) = tree, case .scalar(let openapi)? = root["openapi"] else {
            throw SpecProblem(line: 0, column: 0, message: "no openapi field")
        }
        return try SpecVersion.of(openapi: openapi.string, swagger: nil).get()
    }

    /// The keys of a document's `paths`, as written.
    static func paths(_ tree: SpecTree) -> [String?] {
        guard case .mapping(let root) = tree, case .mapping(let paths)? = root["paths"] else { return [] }
        return paths.keys
    }

    @Test(.ownThreads, arguments: PublishedSpecs.all.map(\.file))
    func everyPublishedDescriptionDecodesAsInOnePiece(file: String) throws {
        let text = try String(contentsOf: PublishedSpecs.folder.appendingPathComponent(file), encoding: .utf8)
        let tree = try Self.tree(text)
        let version = try Self.version(tree)
        let whole = try SpecPathSlices.decodeWhole(tree, version: version)
        // Three slices: a first, a middle and a last one. (More cost a decoding
        // of the components each, on the two cores the whole suite shares.)
        for slices in [3] {
            let parts = SpecPathSlices.parts(of: tree, slices: slices, fewestSliced: 2)
            // Runs of the paths, in order, each path in one of them.
            #expect(parts.flatMap(Self.paths) == Self.paths(tree))
            if Self.paths(tree).count >= 2 { #expect(parts.count > 1) }
            let sliced = try SpecPathSlices.decode(tree, version: version, slices: slices, fewestSliced: 2)
            #expect(sliced == whole, "\(file) in \(slices) slices")
            #expect(sliced.paths.keys == whole.paths.keys)
        }
    }

    @Test func anErrorInAnySliceIsTheErrorOfTheWhole() throws {
        var text = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:

            """
        for index in 0..<8 {
            text += "  /p\(index):\n    get:\n      responses: {'200': {description: ok}}\n"
        }
        // A bad parameter in the last slice, a bad tag list after the paths.
        text += "  /bad:\n    get:\n      parameters: [{name: limit, in: nowhere}]\n"
        text += "      responses: {'200': {description: ok}}\n"
        text += "tags: 3\n"
        let tree = try Self.tree(text)
        let whole = SpecDecoderTests.errorPath { _ = try SpecPathSlices.decodeWhole(tree, version: .v3_1) }
        let sliced = SpecDecoderTests.errorPath {
            _ = try SpecPathSlices.decode(tree, version: .v3_1, slices: 3, fewestSliced: 2)
        }
        #expect(whole != nil)
        #expect(sliced == whole)
    }

    /// Two keys OpenAPIKit reads as one path, in different slices: the
    /// later's item in the earlier's place, as in one decoding.
    @Test func aPathWrittenTwiceInTwoSlicesIsAsInOnePiece() throws {
        var text = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:

            """
        for path in ["/p0", "/p1", "/p2", "/p3", "/p4", "//p0"] {
            text += "  \(path):\n    get:\n      operationId: op\(path.count)\(path.last!)\n"
            text += "      responses: {'200': {description: ok}}\n"
        }
        let tree = try Self.tree(text)
        let whole = try SpecPathSlices.decodeWhole(tree, version: .v3_1)
        let sliced = try SpecPathSlices.decode(tree, version: .v3_1, slices: 3, fewestSliced: 2)
        #expect(whole.paths.count == 5)
        #expect(sliced == whole)
        #expect(sliced.paths.keys == whole.paths.keys)
    }
}
