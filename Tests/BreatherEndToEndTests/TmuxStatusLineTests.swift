import BreatherTestSupport
import Foundation
import Testing

/// Runs scripts/check-tmux-status.sh: the README's tmux snippet, as written, in a private tmux
/// server on tmux's default theme (green status background); the status line is read as drawn
/// (colours included) from a second tmux, and the colours around the text are checked for contrast.
@Suite("tmux status line")
struct TmuxStatusLineTests {
    /// Runs the script for `expected` text and returns its exit status and the drawn line.
    /// With `click`, the status line is clicked once `expected` is drawn, after `click.answer`
    /// replaced the provider's reply, and the script waits for `click.expected`.
    func drawnLine(air: String, expected: String, click: (answer: String, expected: String)? = nil) async throws -> (status: Int32, line: String) {
        let server = try await FixtureServer.start(routes: openMeteoRoutes(air: .json(air)))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(server: server)
        let outputPath = sandbox.home.appendingPathComponent("status.txt").path
        _ = FileManager.default.createFile(atPath: outputPath, contents: Data())
        let process = Process()
        // Through python3 to clear the signal mask: Swift's Process can start children with
        // signals blocked, and a tmux server that never sees SIGCHLD never finishes its jobs.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = SupportPaths.repository.appendingPathComponent("scripts/check-tmux-status.sh").path
        process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                             script, Paths.binary, sandbox.configPath, expected]
        let go = sandbox.home.appendingPathComponent("go").path
        if let click { process.arguments! += [go, click.expected] }
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.home.path,
                               "XDG_CACHE_HOME": sandbox.home.appendingPathComponent("cache").path]
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let click {
            // Once the first reading is drawn, the provider changes its answer, then the click.
            let drawn = await waitUntil { ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").contains(expected) }
            #expect(drawn, "the first reading was never drawn")
            try server.setRoutes(openMeteoRoutes(air: .json(click.answer)))
            _ = FileManager.default.createFile(atPath: go, contents: Data())
        }
        // The script gives up by itself after ~10 s; past the bound it is killed and fails here.
        let status = await waitForExit(process, timeout: 60)
        let line = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (status ?? -1, line)
    }

    @Test("on tmux's default green status line the index reads at WCAG AA contrast, in the category colour",
          arguments: [(40.0, "US AQI 112 USG", "#FF7E00"), (3.0, "US AQI 17 Good", "#00E400")])
    func statusLine(pm25: Double, expected: String, background: String) async throws {
        let (status, line) = try await drawnLine(air: airQualityBody(pm25: pm25), expected: expected)
        #expect(status == 0, "\(line.debugDescription)")
        let colours = try #require(SGR.colours(before: expected, in: line), "\(line.debugDescription)")
        #expect(colours.background == background, "\(line.debugDescription)")
        let ratio = WCAG.contrast(colours.foreground, colours.background)
        #expect(ratio >= 4.5, "\(colours) \(ratio) \(line.debugDescription)")
        // The cell before our block is tmux's own status style: green, as the default theme draws it.
        #expect(line.contains("\u{1B}[42m") || line.contains("\u{1B}[48;5;2m"), "default theme: \(line.debugDescription)")
    }
}

extension TmuxStatusLineTests {
    @Test("a click on the status line fetches now (the snippet's binding): the new reading is drawn at once")
    func click() async throws {
        let (status, line) = try await drawnLine(air: airQualityBody(pm25: 40), expected: "AQI 112 USG",
                                                 click: (airQualityBody(pm25: 5), "AQI 28 Good"))
        #expect(status == 0, "\(line.debugDescription)")
        #expect(line.contains("AQI 28 Good"), "\(line.debugDescription)")
    }
}

/// The colours a terminal line sets (SGR escapes) where some text begins.
enum SGR {
    /// xterm's 16 basic colours, as tmux's outer terminal draws `green` and friends.
    static let basic = ["#000000", "#CD0000", "#00CD00", "#CDCD00", "#0000EE", "#CD00CD", "#00CDCD", "#E5E5E5",
                        "#7F7F7F", "#FF0000", "#00FF00", "#FFFF00", "#5C5CFF", "#FF00FF", "#00FFFF", "#FFFFFF"]

    static func hex(_ r: Int, _ g: Int, _ b: Int) -> String { String(format: "#%02X%02X%02X", r, g, b) }

    static func palette(_ n: Int) -> String {
        switch n {
        case 0..<16: return basic[n]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let i = n - 16
            return hex(levels[i / 36], levels[i / 6 % 6], levels[i % 6])
        default: let v = 8 + (n - 232) * 10; return hex(v, v, v)
        }
    }

    /// Foreground and background in force where `text` first appears; nil when either is the
    /// terminal's default (unknown) or the text is absent.
    static func colours(before text: String, in line: String) -> (foreground: String, background: String)? {
        guard let range = line.range(of: text) else { return nil }
        var foreground: String?, background: String?
        var rest = line[..<range.lowerBound]
        while let escape = rest.range(of: "\u{1B}[") {
            rest = rest[escape.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let codes = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            rest = rest[rest.index(after: end)...]
            var i = 0
            while i < codes.count {
                let code = codes[i]
                switch code {
                case 0: foreground = nil; background = nil
                case 30...37: foreground = basic[code - 30]
                case 40...47: background = basic[code - 40]
                case 90...97: foreground = basic[code - 82]
                case 100...107: background = basic[code - 92]
                case 39: foreground = nil
                case 49: background = nil
                case 38, 48:
                    var colour: String?
                    if i + 2 < codes.count, codes[i + 1] == 5 { colour = palette(codes[i + 2]); i += 2 }
                    else if i + 4 < codes.count, codes[i + 1] == 2 { colour = hex(codes[i + 2], codes[i + 3], codes[i + 4]); i += 4 }
                    if code == 38 { foreground = colour } else { background = colour }
                default: break
                }
                i += 1
            }
        }
        guard let foreground, let background else { return nil }
        return (foreground, background)
    }
}

/// WCAG 2 contrast, written out here independently of the app's own `Format.contrastRatio`.
enum WCAG {
    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func linear(_ channel: Int) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(value >> 16 & 255) + 0.7152 * linear(value >> 8 & 255) + 0.0722 * linear(value & 255)
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
