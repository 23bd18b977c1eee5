import NIOCore
import NIOHTTP1
import SwitchboardCore

/// One response, ready to write: status, headers and body.
struct CompiledResponse: Sendable {
    let status: HTTPResponseStatus
    let body: CompiledBody

    init(_ definition: ResponseDefinition, allocator: ByteBufferAllocator) {
        let status = HTTPResponseStatus(statusCode: definition.status)
        self.status = status
        var headers = HTTPHeaders()
        for field in definition.headers { headers.add(name: field.name, value: field.value) }
        // Values that read the request, filled for each answer (a
        // description's header examples are data: `HeaderField.isTemplate`).
        let templates = definition.headers.compactMap { field in
            field.template.hasParameters ? (name: field.name, template: field.template) : nil
        }
        switch definition.body {
        case .fixed(let body):
            if case .generated = body.content {
                self.body = .deferred(
                    Deferred { [headers] in
                        CompiledFile(body, base: headers, templates: templates, status: status, allocator: allocator)
                    })
            } else {
                self.body = .single(
                    CompiledFile(body, base: headers, templates: templates, status: status, allocator: allocator))
            }
        case .perRequestFile(let pattern, let files):
            self.body = .perRequest(
                pattern: pattern,
                files: files.mapValues {
                    CompiledFile($0, base: headers, templates: templates, status: status, allocator: allocator)
                })
        }
    }

    /// Headers and body for a request with these parameters; `nil` when the
    /// request names a file that is not in the fixtures folder.
    func resolve(parameters: [String: String]) -> CompiledFile.Resolved? {
        switch self.body {
        case .single(let file):
            return file.resolve(parameters: parameters)
        case .deferred(let file):
            // Not made yet: made off the event loop, then answered.
            guard file.isMade else {
                return CompiledFile.Resolved(
                    headers: HTTPHeaders(), body: ByteBuffer(), later: .generated(file, parameters: parameters))
            }
            return file.value.resolve(parameters: parameters)
        case .perRequest(let pattern, let files):
            let path = String(decoding: pattern.render(parameters), as: UTF8.self)
            return files[path]?.resolve(parameters: parameters)
        }
    }

    /// The file a per-request body would be read from, for the 404 message.
    func missingFileName(parameters: [String: String]) -> String? {
        guard case .perRequest(let pattern, _) = self.body else { return nil }
        return String(decoding: pattern.render(parameters), as: UTF8.self)
    }
}

enum CompiledBody: Sendable {
    case single(CompiledFile)
    /// Compiled on its first answer: a body generated from a description
    /// is not made until a request asks for it, so neither is this.
    case deferred(Deferred<CompiledFile>)
    case perRequest(pattern: TextTemplate, files: [String: CompiledFile])
}
