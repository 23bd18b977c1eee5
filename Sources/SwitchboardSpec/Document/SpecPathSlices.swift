import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import OpenAPIKitCore

/// A description decoded by OpenAPIKit in slices of its `paths`, one slice
/// a core, then put back together in the document's order.
///
/// Decoding was the largest part of what is left of start-up once bodies
/// are made on demand (1,184 operations: half a second of one core), and
/// almost all of it is the operations. Each slice is the whole document
/// with only some of the paths, so OpenAPIKit reads each as it reads the
/// whole, checks included (an operation's security against the
/// components); the components are read once a slice, at the same time.
enum SpecPathSlices {
    /// Fewer paths than this are decoded in one piece: a slice costs a
    /// reading of the components.
    static let fewestSliced = 64

    /// The document `tree` holds, in the 3.1 model. An error is the one the
    /// whole document's decoding throws: on any slice's, the whole is
    /// decoded again, in one piece, for it.
    static func decode(
        _ tree: SpecTree, version: SpecVersion, slices: Int = ProcessInfo.processInfo.activeProcessorCount,
        fewestSliced: Int = Self.fewestSliced
    ) throws -> OpenAPIKit.OpenAPI.Document {
        let parts = Self.parts(of: tree, slices: slices, fewestSliced: fewestSliced)
        guard parts.count > 1 else { return try Self.decodeWhole(tree, version: version) }
        let decoded = OnEveryCore.map(parts.count) { index in
            Result { try Self.decodeWhole(parts[index], version: version) }
        }
        var documents: [OpenAPIKit.OpenAPI.Document] = []
        for result in decoded {
            guard case .success(let document) = result else { return try Self.decodeWhole(tree, version: version) }
            documents.append(document)
        }
        var whole = documents[0]
        for document in documents.dropFirst() {
            // A path two slices both hold (OpenAPIKit reads `/pets` and
            // `//pets` as one): the later wins in the first one's place, as
            // in one decoding.
            for (path, item) in document.paths { whole.paths[path] = item }
        }
        return whole
    }

    /// One piece, 3.0 converted to the 3.1 model.
    static func decodeWhole(_ tree: SpecTree, version: SpecVersion) throws -> OpenAPIKit.OpenAPI.Document {
        // Vendor extensions (`x-…`) are never read, and decoding them
        // decodes every schema's subtree again: Box's 1.7 MB took 8.6 s in
        // a debug build with them, 0.5 s without.
        let options: [CodingUserInfoKey: Any] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
        switch version {
        case .v3_0:
            return try SpecDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: tree, userInfo: options)
                .convert(to: .v3_1_1)
        case .v3_1:
            return try SpecDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: tree, userInfo: options)
        }
    }

    /// The document as `slices` documents, each with a run of the paths in
    /// order; the document itself when it has too few paths to split.
    static func parts(of tree: SpecTree, slices: Int, fewestSliced: Int) -> [SpecTree] {
        guard case .mapping(let root) = tree, case .mapping(let paths)? = root["paths"],
            paths.keys.count >= fewestSliced, slices > 1
        else { return [tree] }
        let size = (paths.keys.count + slices - 1) / slices
        return stride(from: 0, to: paths.keys.count, by: size).map { start in
            let end = min(start + size, paths.keys.count)
            let slice = SpecTree.mapping(
                SpecMapping(keys: Array(paths.keys[start..<end]), values: Array(paths.values[start..<end])))
            return .mapping(
                SpecMapping(keys: root.keys, values: zip(root.keys, root.values).map { $0 == "paths" ? slice : $1 }))
        }
    }
}
