import BreatherTestSupport
import BreatherViewModel
import BreatherViews
import Foundation
import Testing

/// A file of etc/bars/, as shipped.
func shippedSnippet(_ name: String) throws -> String {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: repository.appendingPathComponent("etc/bars/\(name)"), encoding: .utf8)
}

/// Runs `command` with `/bin/sh -c`, as waybar and polybar do, with `XDG_RUNTIME_DIR` set; returns
/// stdout. The shell is waited for on a thread of its own (`offThePool`), through a close-on-exec
/// pipe that no other test's child can hold open.
func runShell(_ command: String, runtimeDirectory: String) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtimeDirectory]
    let pipe = try closeOnExecPipe()
    process.standardOutput = pipe.write
    try process.run()
    try pipe.write.close()
    let data = try await offThePool {
        let data = pipe.read.readDataToEndOfFile()
        _ = reap(process)
        return data
    }
    return String(decoding: data, as: UTF8.self)
}

/// A scratch runtime directory holding `breather/NAME` with `content` (none when nil).
func runtimeDirectory(_ name: String, _ content: String?) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bars-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("breather"), withIntermediateDirectories: true)
    if let content { try content.write(to: directory.appendingPathComponent("breather/\(name)"), atomically: true, encoding: .utf8) }
    return directory.path
}

@Suite("etc/bars snippets: clicks reach the daemon, a stopped daemon is shown")
struct BarSnippetTests {

    @Test("waybar-daemon.json: valid JSONC; clicks signal the daemon's unit; the file or a 'daemon stopped' error")
    func waybar() async throws {
        let text = try shippedSnippet("waybar-daemon.json")
        let json = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let module = try #require(root["custom/breather"] as? [String: Any])
        #expect(module["return-type"] as? String == "json")
        #expect(module["on-click"] as? String == "systemctl --user kill -s USR1 breather")
        for key in ["on-click-middle", "on-scroll-down"] {
            #expect(module[key] as? String == "systemctl --user kill -s USR2 breather", "\(key): the next standard")
        }
        #expect(module["on-scroll-up"] as? String == "systemctl --user kill -s RTMIN+2 breather", "the previous standard, as in i3bar")
        #expect(module["on-click-right"] as? String == "systemctl --user kill -s RTMIN+1 breather")
        let exec = try #require(module["exec"] as? String)
        let line = WaybarRenderer().render(await BarState.fresh.output())
        #expect(try await runShell(exec, runtimeDirectory: runtimeDirectory("waybar.json", line)) == line)
        let stopped = try await runShell(exec, runtimeDirectory: runtimeDirectory("waybar.json", nil))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stopped.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "AQI – daemon stopped")
        #expect(object["class"] as? [String] == ["never_fetched", "error"], "styled by waybar.css's error rule")
    }

    @Test("polybar-daemon.ini: clicks and scrolls signal the daemon; the file or a 'daemon stopped' block")
    func polybar() async throws {
        var keys: [String: String] = [:]
        for line in try shippedSnippet("polybar-daemon.ini").split(separator: "\n") where !line.hasPrefix(";") {
            let pair = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { keys[pair[0]] = pair[1] }
        }
        #expect(keys["type"] == "custom/script")
        #expect(keys["click-left"] == "systemctl --user kill -s USR1 breather")
        for key in ["click-middle", "scroll-down"] {
            #expect(keys[key] == "systemctl --user kill -s USR2 breather", "\(key): the next standard")
        }
        #expect(keys["scroll-up"] == "systemctl --user kill -s RTMIN+2 breather", "the previous standard, as in i3bar")
        #expect(keys["interval"] == "1", "a change shows within a second")
        #expect(keys["click-right"] == "systemctl --user kill -s RTMIN+1 breather")
        let exec = try #require(keys["exec"])
        let line = PolybarRenderer().render(await BarState.stale.output())
        #expect(try await runShell(exec, runtimeDirectory: runtimeDirectory("polybar.txt", line)) == line)
        let stopped = try await runShell(exec, runtimeDirectory: runtimeDirectory("polybar.txt", nil))
        #expect(stopped == "%{B#CC6666}%{F#000000} AQI – daemon stopped %{F-}%{B-}\n")
        #expect(Format.contrastRatio("#000000", "#CC6666") >= 4.5)
    }

    @Test("polybar.ini: the watch's line at once (tail); clicks signal that watch (%pid%), scroll up the previous standard")
    func polybarWatch() throws {
        let keys = iniKeys(try shippedSnippet("polybar.ini"))
        // `exec`: polybar runs the line through /bin/sh, and %pid% is that shell unless it becomes breather.
        #expect(keys["exec"] == "exec breather watch --format polybar" && keys["tail"] == "true")
        #expect(keys["click-left"] == "kill -USR1 %pid%")
        #expect(keys["click-middle"] == "kill -USR2 %pid%" && keys["scroll-down"] == "kill -USR2 %pid%")
        #expect(keys["scroll-up"] == "kill -RTMIN+2 %pid%")
        #expect(keys["click-right"] == "kill -RTMIN+1 %pid%")
    }

    @Test("i3blocks.conf and tmux.conf: a click fetches (BLOCK_BUTTON, a --refresh binding)")
    func oneShotClicks() throws {
        let keys = iniKeys(try shippedSnippet("i3blocks.conf"))
        #expect(keys["command"] == "breather --format i3blocks" && keys["markup"] == "pango")
        let tmux = try shippedSnippet("tmux.conf")
        #expect(tmux.contains("set -g mouse on"))
        #expect(tmux.contains(#"bind -n MouseDown1StatusRight run-shell -b "breather --refresh --format tmux"#))
    }

    func iniKeys(_ text: String) -> [String: String] {
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix(";") && !line.hasPrefix("#") {
            let pair = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { keys[pair[0]] = pair[1] }
        }
        return keys
    }

    @Test("i3-config works as a whole file: it starts with i3's v4 marker")
    func i3Config() throws {
        #expect(try shippedSnippet("i3-config").hasPrefix("# i3 config file (v4)\n"))
    }
}
