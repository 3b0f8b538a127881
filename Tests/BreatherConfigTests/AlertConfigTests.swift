import BreatherConfig
import BreatherModel
import BreatherViewModel
import Testing

@Suite("config file: [alerts]")
struct AlertConfigTests {
    @Test("no [alerts]: no alerts")
    func off() throws {
        #expect(try loadConfig("standard = \"us\"\n").alerts == nil)
    }

    @Test("category, asthma and hold are read against the file's standard, with their lines")
    func read() throws {
        let settings = try loadConfig("""
            standard = "eu"
            [alerts]
            category = "poor"
            asthma = "high"
            hold = 3
            """)
        #expect(settings.alerts == AlertSettings(standard: .eu, category: "poor", asthma: .high, hold: 3))
        #expect(settings.origins["alerts.category"]?.hasSuffix(":3") == true)
        #expect(settings.origins["alerts.hold"]?.hasSuffix(":5") == true)
    }

    @Test("hold defaults to 2; one threshold is enough")
    func defaults() throws {
        #expect(try loadConfig("[alerts]\nasthma = \"very_high\"\n").alerts == AlertSettings(standard: .us, asthma: .veryHigh, hold: 2))
    }

    @Test("bad values are config errors naming the key, the line and the valid values", arguments: [
        ("standard = \"china\"\n[alerts]\ncategory = \"unhealthy\"\n",
         ":3: alerts.category: unknown category \"unhealthy\" for standard \"china\"; allowed: excellent, good, lightly_polluted"),
        ("[alerts]\ncategory = \"Unhealthy\"\n", ":2: alerts.category: unknown category \"Unhealthy\" for standard \"us\"; allowed: good, moderate,"),
        ("[alerts]\nasthma = \"severe\"\n", ":2: alerts.asthma: unknown value \"severe\"; allowed: low, medium, high, very_high"),
        ("[alerts]\nasthma = \"high\"\nhold = 0\n", ":3: alerts.hold: must be a whole number of refreshes from 1 to 100"),
        ("[alerts]\nasthma = \"high\"\nhold = \"2\"\n", ":3: alerts.hold: must be a whole number"),
        ("[alerts]\nasthma = \"high\"\nmargin = 5\n", ":3: alerts.margin: unknown key \"margin\" in [alerts]; allowed: category, asthma, pollen, uv, pre_alert, briefing, hold, co2"),
        ("[alerts]\nhold = 2\n", "alerts: [alerts] needs at least one of category, asthma, pollen, uv, co2, advice, briefing or personal"),
        ("[alerts]\nco2 = 100\n", ":2: alerts.co2: must be a whole number of ppm from 400 to 40000"),
        // CO2 counts as a threshold, but no forecast crosses it: a pre-alert needs another.
        ("[alerts]\nco2 = 1400\npre_alert = \"8h\"\n", "alerts.pre_alert: warns before a threshold is crossed: set category, asthma, pollen or uv too (co2 has no forecast)"),
        ("alerts = \"on\"\n", ":1: alerts: must be a table [alerts]"),
    ])
    func invalid(text: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) { try loadConfig(text) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
