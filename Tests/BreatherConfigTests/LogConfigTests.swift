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

    @Test("[alerts] personal = true alone is a valid [alerts]; off by default")
    func personalAlerts() throws {
        #expect(try loadConfig("[alerts]\npersonal = true\n").alerts?.personal == true)
        #expect(try loadConfig("[alerts]\ncategory = \"unhealthy\"\n").alerts?.personal == false)
    }

    @Test("bad values are config errors naming the key and the line", arguments: [
        ("[log]\npersonal_best = 5000\n", ":2: log.personal_best: must be a peak flow in L/min from 60 to 900"),
        ("[log]\npersonal_best = \"480\"\n", ":2: log.personal_best: must be a peak flow in L/min from 60 to 900"),
        ("[log]\nbest = 480\n", ":2: log.best: unknown key \"best\" in [log]; allowed: personal_best"),
    ])
    func invalid(text: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) { try loadConfig(text) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
