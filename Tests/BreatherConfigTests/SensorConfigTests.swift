import BreatherConfig
import BreatherModel
import Testing

@Suite("config: sensors on the home network")
struct SensorConfigTests {
    @Test("PRODUCT.md's keys: a PurpleAir first in air, an AirGradient indoors, their tables read with defaults")
    func sample() throws {
        let settings = try loadConfig("""
            [sources]
            air = ["purpleair", "open-meteo"]
            indoor = ["airgradient"]

            [providers.purpleair]
            url = "http://192.168.1.50"
            place = "outdoor"

            [providers.airgradient]
            url = "http://airgradient_ecda3b1eaaaf.local"
            interval = "30s"
            """)
        #expect(settings.sources.air == [.purpleAir, .openMeteo])
        #expect(settings.sources.indoor == [.airGradient])
        let purpleAir = try #require(settings.providers.sensors[.purpleAir])
        #expect(purpleAir.url == "http://192.168.1.50")
        #expect(purpleAir.place == .outdoor)
        #expect(purpleAir.intervalSeconds == 60, "a sensor has no quota: once a minute by default")
        #expect(purpleAir.correction == .epa, "the US EPA correction is on unless switched off")
        let airGradient = try #require(settings.providers.sensors[.airGradient])
        #expect(airGradient.place == nil, "unset: it follows the list it is in")
        #expect(airGradient.intervalSeconds == 30)
        #expect(settings.origins["providers.airgradient.interval"]?.hasSuffix(":11") == true)
    }

    @Test("an empty indoor list is the default, spelled out")
    func emptyIndoor() throws {
        let settings = try loadConfig("[sources]\nindoor = []")
        #expect(settings.sources.indoor.isEmpty)
        let error = configError { () throws(ConfigError) in try loadConfig("[sources]\nair = []") }
        #expect(error?.reason.contains("must be a non-empty list") == true)
    }

    @Test("the PurpleAir correction can be switched off")
    func correctionOff() throws {
        let settings = try loadConfig("""
            [providers.purpleair]
            url = "http://purpleair-ca95.local"
            correction = "none"
            """)
        #expect(settings.providers.sensors[.purpleAir]?.correction == PM25Correction.none)
    }

    @Test("mistakes are config errors naming the key and the fix", arguments: [
        ("[sources]\nair = [\"purpleair\", \"open-meteo\"]",
         "names purpleair, which needs [providers.purpleair] url = \"http://…\" (its address on the home network)"),
        ("[providers.awair]\nplace = \"indoor\"", "[providers.awair] needs url = \"http://…\": the sensor's address on the home network"),
        ("[providers.awair]\nurl = \"ftp://192.168.1.60\"", "must be an http:// or https:// URL"),
        ("[providers.awair]\nurl = \"http://192.168.1.60\"\ncorrection = \"none\"", "unknown key"),
        ("[providers.purpleair]\nurl = \"http://192.168.1.50\"\ncorrection = \"lrapa\"", "epa"),
        ("[providers.purpleair]\nurl = \"http://192.168.1.50\"\nplace = \"garden\"", "outdoor"),
        ("[providers.purpleair]\nurl = \"http://192.168.1.50\"\ninterval = \"0s\"", "must be a duration from 1s to 1d"),
        ("[sources]\nindoor = [\"open-meteo\"]", "unknown provider"),
        ("[sources]\nair = [\"awair\"]\n[providers.awair]\nurl = \"http://192.168.1.60\"\nplace = \"indoor\"",
         "names awair, whose [providers.awair] place is \"indoor\": list it in [sources] indoor"),
        ("[sources]\nair = [\"awair\"]\nindoor = [\"awair\"]\n[providers.awair]\nurl = \"http://192.168.1.60\"",
         "names awair, which [sources] air names too"),
    ])
    func mistakes(text: String, reason: String) {
        let error = configError { () throws(ConfigError) in try loadConfig(text) }
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "no error")")
    }
}
