import BreatherJSON
import Foundation

/// Loads provider fixtures from `Tests/Fixtures/providers`, found relative to this file.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/providers")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }

    static func cursor(_ relativePath: String) throws -> JSONCursor {
        JSONCursor(try JSON.parse(bytes(relativePath)))
    }

    /// Every .json fixture, relative to `directory`.
    static var allJSONFiles: [String] {
        let base = directory.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { files.append(path) }
        }
        return files.sorted()
    }
}
