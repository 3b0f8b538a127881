import BreatherConfig
import Testing

@Suite("config file: [history]")
struct HistoryConfigTests {
    @Test("no [history]: recording on, 7 days of backfill, 90 days of raw readings, the default file")
    func defaults() throws {
        let history = try loadConfig("standard = \"us\"\n").history
        #expect(history == HistorySettings())
        #expect(history.enabled && history.backfillDays == 7 && history.keepRawSeconds == 90 * 86_400 && history.path == nil)
    }

    @Test("every key is read, with its line")
    func read() throws {
        let settings = try loadConfig("""
            [history]
            enabled = false
            path = "/var/tmp/air.sqlite3"
            backfill = "92d"
            keep_raw = "30d"
            """)
        #expect(!settings.history.enabled)
        #expect(settings.history.path == "/var/tmp/air.sqlite3")
        #expect(settings.history.backfillDays == 92)
        #expect(settings.history.keepRawSeconds == 30 * 86_400)
        #expect(settings.origins["history.keep_raw"]?.hasSuffix(":5") == true)
    }

    @Test("the default file follows systemd's StateDirectory, then XDG_STATE_HOME, then HOME")
    func defaultPath() {
        #expect(ConfigLoader(environment: { ["STATE_DIRECTORY": "/var/lib/breather", "HOME": "/home/a"][$0] }).defaultHistoryPath()
                == "/var/lib/breather/history.sqlite3")
        #expect(ConfigLoader(environment: { ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"][$0] }).defaultHistoryPath()
                == "/x/state/breather/history.sqlite3")
        #expect(ConfigLoader(environment: { ["HOME": "/home/a"][$0] }).defaultHistoryPath() == "/home/a/.local/state/breather/history.sqlite3")
    }

    @Test("bad values are config errors naming the key and the line", arguments: [
        ("[history]\nbackfill = \"93d\"\n", ":2: history.backfill: must be whole days from \"0d\" to \"92d\""),
        ("[history]\nbackfill = \"36h\"\n", ":2: history.backfill: must be whole days"),
        ("[history]\nkeep_raw = \"10m\"\n", ":2: history.keep_raw: must be a duration from 1h to 366d"),
        ("[history]\nenabled = \"yes\"\n", ":2: history.enabled: must be true or false"),
        ("[history]\npath = \"\"\n", ":2: history.path: needs a file name"),
        ("[history]\nkeep = \"1d\"\n", ":2: history.keep: unknown key \"keep\" in [history]; allowed: enabled, path, backfill, keep_raw"),
    ])
    func invalid(text: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) { try loadConfig(text) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
