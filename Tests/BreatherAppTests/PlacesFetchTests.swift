@testable import BreatherApp
import BreatherCache
import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import BreatherViews
import Testing

/// Several places (`[[place]]`, issue 44): one Open-Meteo request per endpoint for all of them
/// per poll, each place's reply matched back and kept in its own store; a list the provider
/// refuses falls back to one request per place, so one bad place blanks no other.
@Suite("several places: one request per endpoint for all", .serialized)
struct PlacesFetchTests {
    static func config(_ base: String) -> String {
        """
        [[place]]
        name = "home"
        short = "⌂"
        latitude = 52.52
        longitude = 13.41
        [[place]]
        name = "work"
        short = "▣"
        latitude = 48.85
        longitude = 2.35
        [[place]]
        name = "gran"
        latitude = 41.9
        longitude = 12.5
        [providers.open-meteo]
        forecast_url = "\(base)/v1"
        air_quality_url = "\(base)/v1"
        """
    }

    static func server(refusing: [String] = []) async throws -> FixtureServer {
        try await FixtureServer.start(routes: [
            "/v1/forecast": .perPlace("open-meteo/forecast.current.json", refuse: refusing),
            "/v1/air-quality": .perPlace("open-meteo/air_quality.breather_subset.json", refuse: refusing),
        ])
    }

    /// A fetch of the shown place (home) through the one session builder, as a one-shot makes it.
    static func fetch(_ context: AppContext) async throws -> (Session, Output) {
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600, rendersEveryState: false)))
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { $0.inputs.viewDidRefresh() })
        return (session, output)
    }

    @Test("three places: 2 requests a poll (forecast and air quality, each listing the three), each place its own reply and store")
    func threePlacesTwoRequests() async throws {
        let server = try await Self.server()
        let folder = AppHarness.folder()
        let context = try AppHarness.context(Self.config(server.baseURL), folder: folder)
        let (session, output) = try await Self.fetch(context)
        let requests = server.requests
        #expect(requests.count == 2, "\(requests)")
        #expect(requests.allSatisfy { $0.contains("latitude=52.52,48.85,41.9&longitude=13.41,2.35,12.5") }, "\(requests)")
        #expect(output.status == .ok)
        #expect(output.conditions?.location.latitude == 52.52 && output.conditions?.pollution != nil)
        for (name, latitude) in [("work", 48.85), ("gran", 41.9)] {
            let kept = try #require(session.fetching.places.conditions(name))
            #expect(kept.location.latitude == latitude && kept.pollution != nil && kept.weather != nil && kept.failures.isEmpty)
            let stored = ConditionsCache(path: "\(folder)/conditions.\(name).json").load().storedConditions
            #expect(stored?.location.latitude == latitude, "each place keeps its own store entry")
        }
        #expect(ConditionsCache(path: "\(folder)/conditions.json").load().storedConditions?.location.latitude == 52.52,
                "the primary's store is the one a [location] config has")
    }

    @Test("one place's coordinates refused: the list falls back to one request per place; the other two show, that place is marked")
    func refusedPlaceBlanksNoOther() async throws {
        let server = try await Self.server(refusing: ["41.9"])
        let context = try AppHarness.context(Self.config(server.baseURL))
        let (session, output) = try await Self.fetch(context)
        // Two refused lists, then each place alone on each endpoint.
        #expect(server.requests.count == 2 + 2 * 3, "\(server.requests)")
        #expect(output.status == .ok, "the place shown answered: exit 0")
        #expect(output.conditions?.pollution != nil)
        #expect(session.fetching.places.conditions("work")?.pollution != nil)
        let gran = try #require(session.fetching.places.conditions("gran"))
        #expect(gran.pollution == nil && gran.weather == nil)
        #expect(gran.failures.contains { $0.part == .air && $0.message.contains("Cannot serve the coordinates given: 41.9") })
    }

    @Test("a [location] config asks exactly as before: one forecast and one air-quality request for its place, the same URLs")
    func singleLocationUnchanged() async throws {
        let server = try await Self.server()
        let context = try AppHarness.context("""
            [location]
            latitude = 40.6769
            longitude = -73.9423
            name = "Brooklyn"
            [providers.open-meteo]
            forecast_url = "\(server.baseURL)/v1"
            air_quality_url = "\(server.baseURL)/v1"
            """)
        let (_, output) = try await Self.fetch(context)
        let pollutants = "pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide"
        let pollen = "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen"
        let air = "\(pollutants),\(pollen),uv_index,uv_index_clear_sky"
        #expect(server.requests.sorted() == [
            "/v1/air-quality?latitude=40.6769&longitude=-73.9423&current=\(air)&hourly=\(air)&past_hours=24&forecast_hours=97&timezone=GMT",
            "/v1/forecast?latitude=40.6769&longitude=-73.9423&current=temperature_2m,relative_humidity_2m,surface_pressure,"
                + "wind_speed_10m,wind_direction_10m,weather_code&wind_speed_unit=ms&timezone=GMT",
        ])
        #expect(output.status == .ok)
        #expect(PlainRenderer().render(output).hasPrefix("Brooklyn · "))
    }
}

extension PlacesFetchTests {
    @Test("[bar] places = \"one\": a middle click's step shows the next place from what is on hand, with no request")
    func cycleWithoutRequest() async throws {
        let server = try await Self.server()
        let context = try AppHarness.context(Self.config(server.baseURL) + "\n[bar]\nplaces = \"one\"\n")
        let session = try Session(context: context, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        #expect(session.places.cycles, "a middle click steps the place, not the standard")
        let output = try #require(await AppHarness.finalOutput(session.viewModel) { viewModel in
            viewModel.inputs.viewDidRefresh()
            session.places.cursor.step()  // what ControllerLoop does for .nextPlace
            viewModel.inputs.redraw()
        })
        #expect(server.requests.count == 2, "one poll; the step asked nothing")
        let drawn = session.places.barOutput(output)
        #expect(drawn.conditions?.location.name == "work")
        #expect(drawn.barText.hasPrefix("▣ US AQI "), "\(drawn.barText)")
        #expect(drawn.barText.count <= Output.compactWidth)
        session.places.cursor.step()
        session.places.cursor.step()
        #expect(session.places.barOutput(output).conditions?.location.name == "home", "round the places and back")
        #expect(server.requests.count == 2)
    }

    @Test("[bar] places = \"all\": waybar shows ⌂ n · ▣ n · gran n, each place's row in the tooltip")
    func allInWaybar() async throws {
        let server = try await Self.server()
        let context = try AppHarness.context(Self.config(server.baseURL) + "\n[bar]\nplaces = \"all\"\n")
        let (session, output) = try await Self.fetch(context)
        let drawn = session.places.barOutput(output)
        let star = output.isStale ? "*" : ""
        #expect(drawn.barText == "⌂ \(output.aqi)\(star) · ▣ \(output.aqi)\(star) · gran \(output.aqi)\(star)")
        let waybar = WaybarRenderer().render(drawn)
        #expect(waybar.hasPrefix("{\"text\":\"⌂ "), "\(waybar)")
        #expect(waybar.contains("⌂ home: US AQI") && waybar.contains("▣ work: US AQI") && waybar.contains("gran: US AQI"))
        #expect(server.requests.count == 2)
    }
}

extension PlacesFetchTests {
    @Test("a sensor standing at another place is read with that place's fetch, and at each sensor poll, asking no provider")
    func sensorAtAnotherPlace() async throws {
        let server = try await FixtureServer.start(routes: [
            "/v1/forecast": .perPlace("open-meteo/forecast.current.json"),
            "/v1/air-quality": .perPlace("open-meteo/air_quality.breather_subset.json"),
            "/measures/current": .fixture("airgradient/measures_current.docs.json"),
        ])
        let context = try AppHarness.context(Self.config(server.baseURL) + """

            [sources]
            air = ["airgradient", "open-meteo"]
            [providers.airgradient]
            url = "\(server.baseURL)"
            place = "work"
            """)
        let (session, output) = try await Self.fetch(context)
        let sensorReads = { server.requests.filter { $0.hasPrefix("/measures/current") }.count }
        #expect(server.requests.count == 3 && sensorReads() == 1, "two lists, the sensor once (work's): \(server.requests)")
        #expect(output.conditions?.pollution?.source == "open-meteo", "home has no sensor")
        #expect(session.fetching.places.conditions("work")?.pollution?.source == "airgradient")
        _ = try await session.fetching.fetch(FetchRequest(standard: .us, parts: [.air], sensorsOnly: true))
        #expect(sensorReads() == 2 && server.requests.count == 4, "the sensor poll reads work's sensor, no provider: \(server.requests)")
        #expect(session.fetching.places.conditions("work")?.pollution?.source == "airgradient")
    }
}
