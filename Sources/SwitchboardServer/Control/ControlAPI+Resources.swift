import Foundation
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardJSON

/// `…/resources`: what the manifest's resources hold, read and replaced.
extension ControlAPI {
    func resources() -> Response {
        let manifest = self.panel.snapshot().manifest
        let counts = self.panel.resources.counts()
        let list = ResourceList(
            resources: manifest.resources.map {
                ResourceInfo(name: $0.name, path: $0.path, idField: $0.idField, items: counts[$0.name] ?? 0)
            })
        return Response(status: .ok, body: ControlCoding.text(list))
    }

    func items(of name: String) -> Response {
        guard let list = self.panel.resources.list(of: name) else { return self.unknownResource(name) }
        return Response(status: .ok, body: String(decoding: list.bytes, as: UTF8.self))
    }

    func replaceItems(of name: String, body: [UInt8]) -> Response {
        guard case .array(let items)? = JSONValue(bytes: body) else {
            return self.error(.badRequest, .badBody, "the body must be a JSON array of items: [{\"id\": 1, …}, …]")
        }
        do {
            try self.panel.resources.replaceItems(of: name, with: items)
        } catch .unknownResource {
            return self.unknownResource(name)
        } catch .tooLarge {
            return self.error(.insufficientStorage, .resourceFull, "\(ResourceItemsError.tooLarge)")
        } catch {
            return self.error(.badRequest, .badBody, "\(error)")
        }
        return self.items(of: name)
    }

    private func unknownResource(_ name: String) -> Response {
        let known = self.panel.snapshot().manifest.resources.map(\.name)
        return self.error(
            .notFound, .unknownResource, ResourceItemsError.unknownResource(name, known: known).description,
            valid: known)
    }
}
