import BreatherConfig
import Testing

@Suite("config file: [log]")
struct LogConfigTests {
    @Test("no [log]: no personal best; personal_best is read with its line")
    func read() throws {
        #expect(try loadConfig("standard = \"us\"\n").log.personalBest == nil)
        let settings = try loadConfig("[log]\npersonal_best = 480\n")
        #expect(settings.log.personalBest == 480)
        #expect(settings.origins["log.personal_best"]?.hasSuffix(":2") == true)
    }

    @Test("the evening prompt and the dashboard's markers are off by default; read with their values")
    func promptAndMarkers() throws {
        let none = try loadConfig("[log]\npersonal_best = 480\n").log
        #expect(none.eveningPromptMinute == nil && none.dashboard == false)
        let set = try loadConfig("[log]\nevening_prompt = \"20:30\"\ndashboard = true\n")
        #expect(set.log.eveningPromptMinute == 20 * 60 + 30 && set.log.dashboard)
        #expect(set.origins["log.evening_prompt"]?.hasSuffix(":2") == true)
    }

    @Test("[alerts] personal = true alone is a valid [alerts]; off by default")
    func personalAlerts() throws {
        #expect(try loadConfig("[alerts]\npersonal = true\n").alerts?.personal == true)
        #expect(try loadConfig("[alerts]\ncategory = \"unhealthy\"\n").alerts?.personal == false)
    }

    @Test("bad values are config errors naming the key and the line", arguments: [
        ("[log]\npersonal_best = 5000\n", ":2: log.personal_best: must be a peak flow in L/min from 60 to 900"),
        ("[log]\npersonal_best = \"480\"\n", ":2: log.personal_best: must be a peak flow in L/min from 60 to 900"),
        ("[log]\nbest = 480\n", ":2: log.best: unknown key \"best\" in [log]; allowed: personal_best, evening_prompt, dashboard"),
        ("[log]\nevening_prompt = \"8pm\"\n", ":2: log.evening_prompt: must be a local time \"HH:MM\" such as \"20:00\" (got \"8pm\")"),
        ("[log]\nevening_prompt = 20\n", ":2: log.evening_prompt: must be a local time \"HH:MM\""),
        ("[log]\ndashboard = \"yes\"\n", ":2: log.dashboard: must be true or false"),
    ])
    func invalid(text: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) { try loadConfig(text) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
