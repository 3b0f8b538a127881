import Foundation
import Testing

/// `breather` is a static launcher that blocks the handled signals and execs breather-main
/// (Sources/BreatherLauncher); scripts/check-early-signals.sh checks the signals themselves.
@Suite("the launcher finds the program as built and as installed")
struct LauncherTests {
    /// breather-main beside the binary under test: absent only in a coverage build, which has
    /// no launcher (Package.swift, BREATHER_NO_LAUNCHER).
    static let program = URL(fileURLWithPath: Paths.binary).deletingLastPathComponent().appendingPathComponent("breather-main").path
    static let built = FileManager.default.isExecutableFile(atPath: program)

    /// Puts the built file `source` at `path`: a hard link where it can (a copy is open for
    /// writing while it is made, and a child another test forks meanwhile inherits that until
    /// it execs, so running the copy could fail with ETXTBSY), else a copy.
    static func place(_ source: String, at path: String) throws {
        if (try? FileManager.default.linkItem(atPath: source, toPath: path)) != nil { return }
        try FileManager.default.copyItem(atPath: source, toPath: path)
    }

    @Test("installed as PREFIX/bin/breather and PREFIX/libexec/breather/breather-main, it runs the program with its arguments",
          .enabled(if: built, "a coverage build has no launcher"))
    func installedLayout() async throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.home.appendingPathComponent("prefix")
        let files = FileManager.default
        try files.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try files.createDirectory(at: prefix.appendingPathComponent("libexec/breather"), withIntermediateDirectories: true)
        let launcher = prefix.appendingPathComponent("bin/breather").path
        try Self.place(Paths.binary, at: launcher)
        try Self.place(Self.program, at: prefix.appendingPathComponent("libexec/breather/breather-main").path)
        let installed = try await sandbox.run(["aqi", "--standard", "china", "pm2_5=75"], executable: launcher)
        let built = try await sandbox.run(["aqi", "--standard", "china", "pm2_5=75"])
        #expect(installed.status == 0 && installed.stdout == built.stdout && installed.stdout.contains("114"), "\(installed.stderr)")
    }

    @Test("without breather-main beside it or in ../libexec/breather: exit 69 (unavailable) and one line naming both places",
          .enabled(if: built, "a coverage build has no launcher"))
    func programMissing() async throws {
        let sandbox = try Sandbox()
        let folder = sandbox.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let launcher = folder.appendingPathComponent("breather").path
        try Self.place(Paths.binary, at: launcher)
        let result = try await sandbox.run(["--version"], executable: launcher)
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "breather: cannot run \(folder.path)/breather-main (or ../libexec/breather/breather-main): missing or not executable\n")
    }
}
