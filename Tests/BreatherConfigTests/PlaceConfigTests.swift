import BreatherConfig
import BreatherModel
import Testing

@Suite("config: several places ([[place]])")
struct PlaceConfigTests {
    static let three = """
        [[place]]
        name = "home"
        short = "⌂"
        latitude = 52.52
        longitude = 13.41

        [[place]]
        name = "school"
        short = "▣"
        city = "Potsdam"
        alerts = true

        [[place]]
        name = "here"
        auto = true
        """

    @Test("three places in order, the first the primary: its location is [location]'s, alerts on for it by default")
    func threePlaces() throws {
        let settings = try loadConfig(Self.three)
        #expect(settings.places.map(\.name) == ["home", "school", "here"])
        #expect(settings.places.map(\.label) == ["⌂", "▣", "here"])
        #expect(settings.places.map(\.alerts) == [true, true, false], "the primary alerts by default, another only with alerts = true")
        #expect(settings.location.latitude == 52.52 && settings.location.longitude == 13.41)
        #expect(settings.location.name == "home" && !settings.location.auto)
        #expect(settings.places[1].location.city == "Potsdam" && settings.places[1].location.latitude == nil)
        #expect(settings.places[2].location.auto && settings.places[2].location.city == nil)
        #expect(settings.origins["place.school"]?.hasSuffix(":8") == true, "where each place came from: its name's line")
        #expect(settings.origins["location.latitude"]?.hasPrefix("[[place]] home, ") == true && settings.origins["location.latitude"]?.hasSuffix(":2") == true,
                "the location lines are the primary's, not defaults: \(settings.origins["location.latitude"] ?? "none")")
        #expect(settings.place(named: "school")?.location.city == "Potsdam")
        #expect(settings.place(named: "work") == nil)
    }

    @Test("a config with [location] only keeps one place, the same settings as before")
    func singleLocationUnchanged() throws {
        let settings = try loadConfig("[location]\nlatitude = 40.6769\nlongitude = -73.9423\nname = \"Brooklyn\"")
        #expect(settings.places.isEmpty)
        #expect(settings.location == {
            var location = LocationSettings()
            (location.latitude, location.longitude, location.name) = (40.6769, -73.9423, "Brooklyn")
            return location
        }())
        #expect(settings.allPlaces.map(\.name) == [Settings.primaryPlaceName])
        #expect(settings.allPlaces.first?.location == settings.location)
    }

    @Test("sensors stand at a place by name; [[output]] writes one place's file")
    func sensorsAndOutputs() throws {
        let settings = try loadConfig(Self.three + """

            [sources]
            air = ["purpleair", "open-meteo"]
            [providers.purpleair]
            url = "http://192.168.1.50"
            place = "home"
            [[output]]
            path = "/tmp/breather-school.txt"
            place = "school"
            """)
        #expect(settings.providers.sensors[.purpleAir]?.site == "home")
        #expect(settings.providers.sensors[.purpleAir]?.place == nil, "it follows the list it is in: outdoors")
        #expect(settings.outputs.first?.place == "school")
    }

    @Test("mistakes in [[place]] tables are one line naming the file, the line and the fix", arguments: [
        ("[[place]]\nname = \"home\"\nlatitude = 1\nlongitude = 2\n[[place]]\nname = \"home\"\ncity = \"Paris\"",
         6, "place.name: \"home\" is given twice: each [[place]] needs its own name"),
        ("[[place]]\nname = \"home\"", 2, "place.name: place \"home\" needs latitude and longitude, city = \"…\" or auto = true"),
        ("[[place]]\nname = \"home\"\nlatitude = 52.5", 3, "place.latitude: place \"home\": latitude and longitude must be set together"),
        ("[[place]]\nname = \"home\"\nlatitude = 95\nlongitude = 2", 3, "place.latitude: must be between -90 and 90"),
        ("[[place]]\nname = \"home\"\ncity = \"Paris\"\nauto = true", 2, "place.name: place \"home\": give one of latitude/longitude, city or auto = true"),
        ("[[place]]\ncity = \"Paris\"", nil, "place.name: each [[place]] needs a name, like name = \"home\""),
        ("[[place]]\nname = \"My Home\"\ncity = \"Paris\"", 2, "place.name: \"My Home\" may hold only lower-case letters, digits, - and _"),
        ("[[place]]\nname = \"indoor\"\ncity = \"Paris\"", 2, "place.name: \"indoor\" is taken"),
        ("[[place]]\nname = \"home\"\ncity = \"Paris\"\nlabel = \"⌂\"", 4, "place.label: unknown key \"label\" in [[place]]"),
        ("[[place]]\nname = \"a\"\nauto = true\n[[place]]\nname = \"b\"\nauto = true", 6, "place.auto: only one [[place]] can be located by IP address"),
        ("[location]\ncity = \"Paris\"\n[[place]]\nname = \"home\"\ncity = \"Paris\"", 1, "location: [location] and [[place]] cannot both be set"),
        ("place = \"home\"", 1, "place: must be an array of tables: [[place]]"),
        ("[[place]]\nname = \"home\"\ncity = \"Paris\"\n[[output]]\npath = \"/tmp/x\"\nplace = \"work\"", 6,
         "output.place: names no [[place]] \"work\"; the places: home"),
        ("[[place]]\nname = \"home\"\ncity = \"Paris\"\n[providers.awair]\nurl = \"http://192.168.1.60\"\nplace = \"work\"", 6,
         "providers.awair.place: unknown value \"work\"; allowed: outdoor, indoor or a [[place]] name (home)"),
    ] as [(String, Int?, String)])
    func mistakes(text: String, line: Int?, reason: String) {
        let error = configError { () throws(ConfigError) in try loadConfig(text) }
        #expect(error?.line == line)
        #expect(error?.reason.hasPrefix(reason) == true, "\(error?.reason ?? "no error")")
    }
}
