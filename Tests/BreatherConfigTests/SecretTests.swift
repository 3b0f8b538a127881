import BreatherConfig
import Foundation
import Testing

@Suite("API keys: one line of printable ASCII in a regular file")
struct SecretTests {
    let fileOnly = ConfigLoader(environment: { _ in nil })

    @Test("accepted: a key with or without its newline, white space around it dropped", arguments: [
        ("abc123", "abc123"), ("abc123\n", "abc123"), ("abc123\r\n", "abc123"), (" abc-123_x.y \n\n", "abc-123_x.y"),
    ])
    func accepted(text: String, key: String) throws {
        #expect(try SecretText.value(of: Array(text.utf8)) == key)
    }

    @Test("refused, naming the fault and none of the content", arguments: [
        (Array("first-line\nsecond-line\n".utf8), SecretProblem.severalLines),
        ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00], .notPrintable),
        (Array("kéy".utf8), .notPrintable),
        (Array(repeating: UInt8(ascii: "k"), count: 257), .tooLong),
    ])
    func refused(bytes: [UInt8], problem: SecretProblem) {
        #expect(throws: problem) { try SecretText.value(of: bytes) }
    }

    @Test("a key file of several lines, 10 KB or binary is a config error that shows none of it")
    func badKeyFiles() throws {
        let contents: [[UInt8]] = [
            Array("secret-one\nsecret-two\n".utf8),
            Array(String(repeating: "secretsecret", count: 900).utf8),
            [0x73, 0x65, 0x63, 0x00, 0xFF, 0x72, 0x65, 0x74],
        ]
        for bytes in contents {
            let keyFile = try scratchFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: keyFile) }
            let error = configError { () throws(ConfigError) in try fileOnly.secret(envVar: "X", credential: "x", keyFile: keyFile) }
            #expect(error?.file == keyFile)
            #expect(error?.reason.hasPrefix("the key file ") == true, "\(String(describing: error))")
            #expect(error?.description.contains("secret") == false && error?.description.contains("sec") == false,
                    "\(String(describing: error))")
        }
    }

    @Test("a key from the environment follows the same rule")
    func badEnvironmentKey() {
        let env = ConfigLoader(environment: { $0 == "BREATHER_WAQI_TOKEN" ? "tok\nen" : nil })
        let error = configError { () throws(ConfigError) in try env.secret(envVar: "BREATHER_WAQI_TOKEN", credential: "waqi.token", keyFile: nil) }
        #expect(error?.description == "env BREATHER_WAQI_TOKEN holds several lines: a key is one line of at most 256 printable ASCII characters")
    }

    @Test("a FIFO or a directory as the key file is refused at once, not waited on")
    func notRegularKeyFile() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("breather-\(UUID().uuidString).key").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let start = Date()
        let error = configError { () throws(ConfigError) in try fileOnly.secret(envVar: "X", credential: "x", keyFile: fifo) }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(error?.description == "\(fifo): the key file is not a regular file (a FIFO), not read")
        let folder = configError { () throws(ConfigError) in try fileOnly.secret(envVar: "X", credential: "x", keyFile: "/tmp") }
        #expect(folder?.description == "/tmp: the key file is not a regular file (a directory), not read")
    }

    @Test("a key file others can read earns a warning naming the fix; mode 0600 none")
    func sharedKeyFileWarned() throws {
        let keyFile = try scratchFile(Array("abc123\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        chmod(keyFile, 0o644)
        let shared = try fileOnly.loadSecret(envVar: "X", credential: "x", keyFile: keyFile)
        #expect(shared?.value == "abc123")
        #expect(shared?.warning == "\(keyFile): the key file can be read by other users (mode 0644): chmod 600 \(keyFile)")
        chmod(keyFile, 0o600)
        #expect(try fileOnly.loadSecret(envVar: "X", credential: "x", keyFile: keyFile)?.warning == nil)
    }
}
