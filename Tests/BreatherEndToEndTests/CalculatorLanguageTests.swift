import BreatherTestSupport
import Foundation
import Testing

@Suite("breather aqi in the people's language, end to end")
struct CalculatorLanguageTests {
    @Test("--language de: the result in German with decimal commas; LANGUAGE=fr: a refusal in French, exit 64")
    func resultAndRefusal() async throws {
        let sandbox = try Sandbox()
        let german = try await sandbox.run(["--language", "de", "aqi", "--standard", "us", "pm2_5=40", "o3=0.078ppm", "no2:1h=120ppb"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout == """
            US EPA (2024): 126 Ungesund für empfindliche Gruppen (#FF7E00)
            Hauptschadstoff: O3
              PM2.5 24h: 40 ug/m3 -> 112
              O3 8h: 0,078 ppm -> 126
              NO2 1h: 120 ppb -> 105

            """)
        // O3 1-h below the 1-hour table, no 8-h value: refused with the rule and the reading to add.
        let french = try await sandbox.run(["aqi", "o3:1h=0.1ppm", "pm2_5=12"], environment: ["LANGUAGE": "fr"])
        #expect(french.status == 64)
        #expect(french.stdout.isEmpty)
        #expect(french.stderr.hasPrefix("breather aqi: error: O3 1 h 0,1 ppm est inférieur à 0,125 ppm"), "\(french.stderr)")
        #expect(french.stderr.hasSuffix("; donnez o3:8h\n"), "\(french.stderr)")
        let english = try await sandbox.run(["aqi", "o3:1h=0.1ppm", "pm2_5=12"])
        #expect(english.stderr.hasPrefix("breather aqi: error: O3 1-h 0.1 ppm is below 0.125 ppm") && english.stderr.hasSuffix("; give o3:8h\n"),
                "\(english.stderr)")
    }

    @Test("a unit warning and a bad reading in Chinese; --format json byte-identical in every language")
    func warningAndJSON() async throws {
        let sandbox = try Sandbox()
        let warned = try await sandbox.run(["--language", "zh_CN", "aqi", "co=0.9", "pm2_5=12"])
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr == "breather aqi: warning: 'co=0.9' 相当于 0.9 ug/m3，低于任何室外空气中的含量；单位似乎有误 (mg/m3?)\n", "\(warned.stderr)")
        let bad = try await sandbox.run(["aqi", "pm2_5=12", "o3=abc"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(bad.status == 64 && bad.stderr.hasPrefix("breather aqi: error: 'o3=abc' 没有数值"), "\(bad.stderr)")
        // A conversion (UK, ppb) and a note (US O3 8-h above 0.200 ppm): the same bytes whatever the language.
        for arguments in [["aqi", "--standard", "uk", "--format", "json", "so2=100ppb", "pm10=60"],
                          ["aqi", "--standard", "us", "--format", "json", "o3=0.25ppm", "no2=100ppb"]] {
            let json = try await sandbox.run(arguments)
            #expect(json.status == 0 && json.stdout.contains("\"category\""), "\(json.stderr)")
            for language in ["de", "fr", "es", "zh_CN"] {
                let other = try await sandbox.run(["--language", language] + arguments)
                #expect(other.stdout == json.stdout, "\(language)")
            }
        }
        #expect(try await sandbox.run(["--language", "fr", "aqi", "--format", "json", "o3=0.25ppm"]).stdout.contains("is above 0.200 ppm"),
                "json's notes stay English")
    }
}
