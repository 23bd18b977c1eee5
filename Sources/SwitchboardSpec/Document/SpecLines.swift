import Yams

/// Finds where a coding path (`paths`, `/pets`, `get`, `responses`) is in a
/// document's YAML tree, to name its line in a problem. (JSON is read as
/// YAML for this: its lines are the same.)
enum SpecLines {
    static func mark(of path: [String], in root: Node?) -> Mark? {
        guard var node = root else { return nil }
        var found = node.mark
        for key in path {
            switch node {
            case .mapping(let mapping):
                guard let pair = mapping.first(where: { $0.key.string == key }) else { return found }
                found = pair.key.mark
                node = pair.value
            case .sequence(let sequence):
                let index = Int(key.split(separator: " ").last ?? "") ?? -1
                guard sequence.indices.contains(index) else { return found }
                node = sequence[index]
                found = node.mark
            default:
                return found
            }
        }
        return found
    }
}
