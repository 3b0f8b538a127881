import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

/// A sensor that answers with `pm25` µg/m³, or fails as unreachable when nil, and counts its calls.
final class StubSensor: LocalSensor, @unchecked Sendable {
    let id: ProviderID
    let pm25: Double?
    private(set) var calls = 0

    init(_ id: ProviderID, pm25: Double?) {
        self.id = id
        self.pm25 = pm25
    }

    func reading() async throws(ProviderFailure) -> SensorReading {
        calls += 1
        guard let pm25 else { throw ProviderFailure(provider: id, part: .air, kind: .unavailable, message: "cannot connect") }
        return SensorReading(source: id.rawValue, pm2_5: pm25)
    }
}

/// A model with every gas and the particles too, or failing when `fails`.
struct StubModel: AirQualityProvider {
    let id: ProviderID
    var fails = false

    func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        if fails { throw ProviderFailure(provider: id, part: .air, kind: .unavailable, message: "HTTP 503: service unavailable") }
        return Pollution(source: id.rawValue, hourly: HourlySeries([.pm2_5: [40, 40, 40], .o3: [120, 120, 120], .no2: [30, 30, 30]]))
    }
}

@Suite("air sources: a sensor's particles, the next source's gases, and the fallbacks")
struct SensorFallbackTests {
    func fetch(_ air: [any AirQualityProvider], standard: AQIStandard = .us) async -> CityConditions {
        await ConditionsFetcher(air: air, weather: [], asthma: []).fetchUntimed(at: place, FetchRequest(standard: standard, parts: [.air]))
    }

    @Test("the sensor's PM2.5, the model's ozone and NO2, each with its source")
    func combined() async throws {
        let conditions = await fetch([StubSensor(.purpleAir, pm25: 7.2), StubModel(id: .openMeteo)])
        let pollution = try #require(conditions.pollution)
        #expect(pollution.source == "purpleair")
        #expect(pollution.hourly?.values[.pm2_5] == [7.2])
        #expect(pollution.hourly?.values[.o3] == [120, 120, 120])
        #expect(pollution.source(of: .pm2_5) == "purpleair")
        #expect(pollution.source(of: .o3) == "open-meteo")
        #expect(conditions.failures.isEmpty)
        #expect(conditions.airFallbackFrom.isEmpty)
        // The model's own air, its PM2.5 included, kept for a sensor poll that finds the sensor gone.
        #expect(conditions.nextAir?.pollution.hourly?.values[.pm2_5] == [40, 40, 40])
        #expect(conditions.nextAir?.pollution.source == "open-meteo")
        #expect(conditions.nextAir?.fetchedAt == conditions.fetchedAt)
    }

    @Test("a sensor that fails: the model's own PM2.5, the sensor named as what it stands in for")
    func sensorFails() async throws {
        let conditions = await fetch([StubSensor(.purpleAir, pm25: nil), StubModel(id: .openMeteo)])
        let pollution = try #require(conditions.pollution)
        #expect(pollution.source == "open-meteo")
        #expect(pollution.hourly?.values[.pm2_5] == [40, 40, 40])
        #expect(pollution.pollutantSources == nil)
        #expect(conditions.nextAir?.pollution == pollution, "kept for the sensor polls while the sensor stays down")
        #expect(conditions.airFallbackFrom == ["purpleair"])
    }

    @Test("a second sensor is the first one's fallback, not asked when the first answers")
    func secondSensor() async throws {
        let second = StubSensor(.sensorCommunity, pm25: 15)
        let answered = await fetch([StubSensor(.purpleAir, pm25: 7.2), second, StubModel(id: .openMeteo)])
        #expect(answered.pollution?.hourly?.values[.pm2_5] == [7.2])
        #expect(second.calls == 0)
        let fellBack = await fetch([StubSensor(.purpleAir, pm25: nil), second, StubModel(id: .openMeteo)])
        #expect(fellBack.pollution?.source == "sensor-community")
        #expect(fellBack.pollution?.hourly?.values[.pm2_5] == [15])
        #expect(fellBack.pollution?.source(of: .o3) == "open-meteo")
        #expect(fellBack.airFallbackFrom == ["purpleair"])
    }

    @Test("a sensor poll asks the sensors that lead the list, never the model nor a sensor after it (the model's fallback)")
    func sensorPoll() async throws {
        let sensor = StubSensor(.purpleAir, pm25: 7.2)
        let poll = FetchRequest(standard: .us, parts: [.air], sensorsOnly: true)
        let read = await ConditionsFetcher(air: [sensor, StubModel(id: .openMeteo, fails: true)], weather: [], asthma: []).fetchUntimed(at: place, poll)
        #expect(read.pollution?.source == "purpleair")
        #expect(read.failures.isEmpty, "the model was not asked")
        #expect(read.polledAt == nil, "a sensor poll is no full poll")
        let fallback = StubSensor(.purpleAir, pm25: 7.2)
        let none = await ConditionsFetcher(air: [StubModel(id: .openMeteo, fails: true), fallback], weather: [], asthma: []).fetchUntimed(at: place, poll)
        #expect(none.pollution == nil && none.failures.isEmpty)
        #expect(fallback.calls == 0)
    }

    @Test("the model down too: the sensor's particles alone still give the index")
    func modelFails() async throws {
        let conditions = await fetch([StubSensor(.purpleAir, pm25: 7.2), StubModel(id: .openMeteo, fails: true)])
        let pollution = try #require(conditions.pollution)
        #expect(pollution.source == "purpleair")
        #expect(pollution.hourly?.values[.o3] == nil)
        #expect(try pollution.report(for: .us).index.mainPollutants == [.pm2_5])
        #expect(conditions.failures.map(\.provider) == ["open-meteo"])
        #expect(conditions.airFallbackFrom == [], "the model was asked after the sensor, to complete it: the sensor is no fallback")
        // The model first and the sensor its fallback: the model's failure is what the sensor stands in for.
        let fellBack = await fetch([StubModel(id: .openMeteo, fails: true), StubSensor(.purpleAir, pm25: 7.2)])
        #expect(fellBack.pollution?.source == "purpleair")
        #expect(fellBack.airFallbackFrom == ["open-meteo"])
    }

    @Test("a standard the sensor alone cannot serve (the AQHI needs NO2 and O3) is served once the model fills in")
    func canada() async throws {
        let conditions = await fetch([StubSensor(.purpleAir, pm25: 7.2), StubModel(id: .openMeteo)], standard: .canada)
        #expect(try conditions.pollution?.report(for: .canada).computed == true)
        #expect(conditions.failures.isEmpty)
    }
}

@Suite("indoor sensors, read beside the outdoor air")
struct IndoorFetchTests {
    @Test("the indoor reading comes with the outdoor air; a failing indoor sensor is an indoor failure only")
    func indoor() async throws {
        let answered = await ConditionsFetcher(air: [StubModel(id: .openMeteo)], weather: [], asthma: [],
                                               indoor: [StubSensor(.airGradient, pm25: 3)])
            .fetchUntimed(at: place, FetchRequest(standard: .us, parts: [.air]))
        #expect(answered.indoor?.source == "airgradient")
        #expect(answered.indoor?.pm2_5 == 3)
        #expect(answered.pollution?.source == "open-meteo", "an indoor sensor never stands in for the outdoor air")
        let failed = await ConditionsFetcher(air: [StubModel(id: .openMeteo)], weather: [], asthma: [],
                                             indoor: [StubSensor(.awair, pm25: nil), StubSensor(.airGradient, pm25: 4)])
            .fetchUntimed(at: place, FetchRequest(standard: .us, parts: [.air]))
        #expect(failed.indoor?.source == "airgradient", "the next indoor sensor is the fallback")
        #expect(failed.failures.map(\.part) == [.indoor])
        #expect(failed.failures.first?.provider == "awair")
    }

    @Test("a refresh that cannot read the indoor sensor keeps its last reading")
    func carriedOver() {
        let place = Location(latitude: 40.7, longitude: -73.9)
        let earlier = CityConditions(location: place, fetchedAt: Timestamp(timeIntervalSince1970: 100),
                                     indoor: SensorReading(source: "airgradient", co2PPM: 900))
        let newer = CityConditions(location: place, pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [5]])),
                                   failures: [ProviderFailure(provider: .airGradient, part: .indoor, kind: .unavailable, message: "cannot connect")],
                                   fetchedAt: Timestamp(timeIntervalSince1970: 200))
        #expect(earlier.merged(with: newer).indoor?.co2PPM == 900)
        // No indoor sensor asked any more (a reload took it out of [sources] indoor): no reading left.
        var unasked = newer
        unasked.failures = []
        #expect(earlier.merged(with: unasked).indoor == nil)
    }
}

/// A sensor whose own clock is `offset` seconds off, stamping its reading with that time.
struct ClockedSensor: LocalSensor {
    let id: ProviderID
    let offset: Double
    let now: Timestamp

    func reading() async throws(ProviderFailure) -> SensorReading {
        SensorReading(source: id.rawValue, observedAt: Timestamp(timeIntervalSince1970: now.timeIntervalSince1970 + offset), pm2_5: 9)
    }
}

@Suite("a sensor's own clock")
struct SensorClockTests {
    let now = Timestamp(timeIntervalSince1970: 1_795_000_000)

    func fetch(offset: Double) async -> CityConditions {
        let fetcher = ConditionsFetcher(air: [ClockedSensor(id: .purpleAir, offset: offset, now: now)], weather: [], asthma: [],
                                        indoor: [ClockedSensor(id: .awair, offset: offset, now: now)], now: { [now] in now })
        return await fetcher.fetchUntimed(at: place, FetchRequest(standard: .us, parts: [.air]))
    }

    @Test("a clock days ahead: the reading counts as read now, not as fresh until next week")
    func ahead() async throws {
        let conditions = await fetch(offset: 6 * 86_400)
        #expect(conditions.pollution?.observedAt == now)
        #expect(conditions.indoor?.observedAt == now)
    }

    @Test("a clock behind keeps its time: the reading is that old, and shows as stale when it is too old")
    func behind() async throws {
        let conditions = await fetch(offset: -420)
        #expect(conditions.pollution?.observedAt == Timestamp(timeIntervalSince1970: now.timeIntervalSince1970 - 420))
        #expect(conditions.indoor?.observedAt == Timestamp(timeIntervalSince1970: now.timeIntervalSince1970 - 420))
    }
}
