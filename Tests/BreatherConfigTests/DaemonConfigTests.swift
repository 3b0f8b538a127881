import BreatherConfig
import Foundation
import Testing

@Suite("daemon config keys")
struct DaemonConfigTests {
    @Test("on_update is a program and its arguments, kept as separate words")
    func onUpdate() throws {
        let settings = try loadConfig(#"on_update = ["pkill", "-RTMIN+8", "waybar"]"#)
        #expect(settings.onUpdate == ["pkill", "-RTMIN+8", "waybar"])
        #expect(settings.origins["on_update"]?.hasSuffix(".toml:1") == true)
    }

    @Test("on_update must be a non-empty list of strings", arguments: [
        #"on_update = "pkill -USR1 waybar""#, "on_update = []", #"on_update = ["pkill", 8]"#, #"on_update = [""]"#,
    ])
    func onUpdateInvalid(text: String) {
        let error = configError { () throws(ConfigError) in try loadConfig(text) }
        #expect(error?.line == 1)
        #expect(error?.file?.hasSuffix(".toml") == true)
        #expect(error?.reason.hasPrefix("on_update: must be a non-empty list of strings") == true, "\(String(describing: error))")
    }

    @Test("an interval under a minute is accepted with a warning; under a second is an error")
    func shortInterval() throws {
        let short = try loadConfig(#"interval = "2s""#)
        #expect(short.intervalSeconds == 2)
        #expect(short.warnings.count == 1 && short.warnings[0].contains("below 1m"))
        #expect(try loadConfig(#"interval = "15m""#).warnings.isEmpty)
        let error = configError { () throws(ConfigError) in try loadConfig(#"interval = "0s""#) }
        #expect(error?.line == 1)
        #expect(error?.reason == #"interval: must be a duration from 1s to 366d, like "15m" (got "0s")"#)
    }
}
