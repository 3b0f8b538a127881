import BreatherConfig
import BreatherModel
import BreatherViewModel
import Testing

@Suite("config file: [advice]")
struct AdviceConfigTests {
    @Test("no [advice]: the documented defaults (UBA's 1,000 ppm, a 20-minute hold, waking 07:00-22:00)")
    func defaults() throws {
        let advice = try loadConfig("standard = \"us\"\n").advice
        #expect(advice == AdviceSettings())
        #expect(advice.co2PPM == 1_000 && advice.holdSeconds == 1_200 && advice.pollen == .high)
        #expect(advice.wakingStartMinute == 420 && advice.wakingEndMinute == 1_320)
    }

    @Test("every kind of key is read, with its line")
    func read() throws {
        let settings = try loadConfig("""
            [advice]
            hold = "30m"
            co2 = 1200
            smoke_ratio = 0.75
            pollen = "very_high"
            waking = "06:00-21:30"
            indoor_stale = "5m"
            """)
        let advice = settings.advice
        #expect(advice.holdSeconds == 1_800 && advice.co2PPM == 1_200 && advice.smokeRatio == 0.75)
        #expect(advice.pollen == .veryHigh && advice.wakingStartMinute == 360 && advice.wakingEndMinute == 21 * 60 + 30)
        #expect(advice.indoorStaleSeconds == 300)
        #expect(settings.origins["advice.co2"]?.hasSuffix(":3") == true)
        #expect(settings.origins["advice.waking"]?.hasSuffix(":6") == true)
        // `breather config` lists every key, the set ones as the file spelt them.
        let lines = Dictionary(uniqueKeysWithValues: settings.adviceLines.map { ($0.key, $0.value) })
        #expect(lines["advice.hold"] == "\"30m\"" && lines["advice.co2"] == "1200" && lines["advice.smoke_ratio"] == "0.75")
        #expect(lines["advice.waking"] == "\"06:00-21:30\"" && lines["advice.outdoor_stale"] == "\"3h\"" && lines["advice.pollen"] == "\"very_high\"")
    }

    @Test("bad values are config errors naming the key and the line", arguments: [
        ("[advice]\nco2 = 100\n", ":2: advice.co2: must be a number from 400 to 40000 (got 100)"),
        ("[advice]\nsmoke_ratio = 1.5\n", ":2: advice.smoke_ratio: must be a number from 0 to 1"),
        ("[advice]\nhold = \"soon\"\n", ":2: advice.hold: must be a duration"),
        ("[advice]\npollen = \"none\"\n", ":2: advice.pollen: unknown value \"none\""),
        ("[advice]\nwaking = \"22:00-07:00\"\n", ":2: advice.waking: must be two local times"),
        ("[advice]\nwindow = true\n", ":2: advice.window: unknown key \"window\" in [advice]"),
    ])
    func errors(_ text: String, _ message: String) {
        let error = configError { () throws(ConfigError) in try loadConfig(text) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
