import BreatherConfig
import Foundation
import Testing

/// An output that resolves to a file Breather reads or keeps is refused when the config loads.
@Suite("outputs cannot overwrite the config, the stores, key files or each other")
struct FileOverlapTests {
    let folder: String
    var config: String { folder + "/config.toml" }
    var cache: String { folder + "/cache/conditions.json" }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breather-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
    }

    /// Loads a config with `[[output]]` paths (and a key file) and runs the check a start runs.
    func check(outputs: [String], keyFile: String? = nil, commandLineOutput: String? = nil) throws -> ConfigError? {
        var text = keyFile.map { "[providers.waqi]\ntoken_file = \"\($0)\"\n" } ?? ""
        for path in outputs { text += "[[output]]\npath = \"\(path)\"\n" }
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let settings = try ConfigLoader(environment: { _ in nil }).load(explicitPath: config)
        do {
            try settings.checkOutputsSpareOtherFiles(stores: [FileRole("the conditions cache", cache)], commandLineOutput: commandLineOutput)
            return nil
        } catch {
            return error
        }
    }

    @Test("an output that is the config file, directly or through a symlink, is refused naming both")
    func configFile() throws {
        let direct = try check(outputs: [config])
        #expect(direct?.description == """
            \(config): [[output]] path "\(config)" is the same file as the config file "\(config)": \
            writing the output would overwrite it; give the output a file of its own
            """)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out/link.txt", withDestinationPath: config)
        #expect(try check(outputs: [folder + "/out/link.txt"])?.reason.contains("the same file as the config file") == true)
        // A folder symlinked to the config's folder, the file not named the same way.
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias", withDestinationPath: folder)
        #expect(try check(outputs: [folder + "/alias/./out/../config.toml"])?.reason.contains("the config file") == true)
    }

    @Test("an output that is the cache, before the cache exists, is refused; so is a key file")
    func storesAndKeys() throws {
        #expect(try check(outputs: [cache])?.reason.contains("the same file as the conditions cache") == true)
        let key = folder + "/waqi.token"
        try "token\n".write(toFile: key, atomically: true, encoding: .utf8)
        #expect(try check(outputs: [key], keyFile: key)?.reason.contains("the same file as the providers.waqi.token_file") == true)
        #expect(try check(outputs: [], keyFile: key, commandLineOutput: key)?.reason.hasPrefix("--output \"\(key)\" is the same file as") == true)
    }

    @Test("two outputs that are one file (a dangling symlink to the other) are refused")
    func outputsAlias() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/out/b.txt", withDestinationPath: "a.txt")
        let error = try check(outputs: [folder + "/out/a.txt", folder + "/out/b.txt"])
        #expect(error?.reason.hasPrefix("[[output]] path \"\(folder)/out/b.txt\" is the same file as the [[output]] path \"\(folder)/out/a.txt\"") == true,
                "\(String(describing: error))")
    }

    @Test("distinct files pass; --output naming an [[output]] path as written is that one output")
    func distinct() throws {
        #expect(try check(outputs: [folder + "/out/a.txt", folder + "/out/b.txt"]) == nil)
        #expect(try check(outputs: [folder + "/out/a.txt"], commandLineOutput: folder + "/out/a.txt") == nil)
        #expect(try check(outputs: [folder + "/out/a.txt"], commandLineOutput: folder + "/out/c.txt") == nil)
    }
}
