import BreatherConfig
import BreatherModel
import BreatherViewModel
import Testing

@Suite("config file: pollen, UV, pre_alert, briefing and [bar]")
struct DayAheadConfigTests {
    @Test("every day-ahead key is read, with its line")
    func read() throws {
        let settings = try loadConfig("""
            [alerts]
            pollen = "high"
            uv = "very_high"
            pre_alert = "8h"
            briefing = "20:00"
            [bar]
            pollen = "moderate"
            uv = "extreme"
            """)
        #expect(settings.alerts == AlertSettings(standard: .us, pollen: .high, uv: .veryHigh, preAlertSeconds: 8 * 3600,
                                                 briefingMinute: 20 * 60))
        #expect(settings.bar == DayAheadSettings(barPollen: .moderate, barUV: .extreme))
        #expect(settings.origins["alerts.briefing"]?.hasSuffix(":5") == true)
        #expect(settings.origins["bar.uv"]?.hasSuffix(":8") == true)
    }

    @Test("defaults: no pollen or UV alert, no pre-alert, no briefing; the bar from high")
    func defaults() throws {
        let settings = try loadConfig("[alerts]\ncategory = \"unhealthy\"\n")
        #expect(settings.alerts == AlertSettings(standard: .us, category: "unhealthy"))
        #expect(settings.bar == DayAheadSettings(barPollen: .high, barUV: .high))
        #expect(try loadConfig("[alerts]\nbriefing = \"7:30\"\n").alerts?.briefingMinute == 7 * 60 + 30)
    }

    @Test("bad values name the key, the line and what is allowed", arguments: [
        ("[alerts]\npollen = \"severe\"\n", ":2: alerts.pollen: unknown value \"severe\"; allowed: low, moderate, high, very_high"),
        ("[alerts]\npollen = \"none\"\n", ":2: alerts.pollen: unknown value \"none\"; allowed: low,"),
        ("[alerts]\nuv = \"very high\"\n", ":2: alerts.uv: unknown value \"very high\"; allowed: low, moderate, high, very_high, extreme"),
        ("[alerts]\nuv = \"high\"\npre_alert = \"30m\"\n", ":3: alerts.pre_alert: must be a duration from 1h to 96h"),
        ("[alerts]\nuv = \"high\"\npre_alert = \"5d\"\n", ":3: alerts.pre_alert: must be a duration from 1h to 96h"),
        ("[alerts]\nbriefing = \"24:00\"\n", ":2: alerts.briefing: must be a local time from 00:00 to 23:59"),
        ("[alerts]\nbriefing = \"8pm\"\n", ":2: alerts.briefing: must be a local time"),
        ("[alerts]\nbriefing = \"20:0\"\n", ":2: alerts.briefing: must be a local time"),
        ("[alerts]\npre_alert = \"8h\"\nbriefing = \"20:00\"\n", "alerts.pre_alert: warns before a threshold is crossed"),
        ("[bar]\npollen = \"loud\"\n", ":2: bar.pollen: unknown value \"loud\""),
        ("[bar]\ntext = \"short\"\n", ":2: bar.text: unknown key \"text\" in [bar]; allowed: pollen, uv"),
    ])
    func invalid(text: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) { try loadConfig(text) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
