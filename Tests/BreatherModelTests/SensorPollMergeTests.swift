import BreatherModel
import Testing

/// A sensor poll (`FetchRequest.sensorsOnly`) brings the sensor's particles alone: the merge
/// completes them with the air on hand and keeps the parts it did not ask for.
@Suite("merge: a sensor poll between the main polls")
struct SensorPollMergeTests {
    let place = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)
    let main = Timestamp(timeIntervalSince1970: 1_795_000_000)
    var poll: Timestamp { main.addingTimeInterval(60) }

    func onHand() -> CityConditions {
        let sensor = Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [7]]))
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40], .o3: [120]]), pollen: [.birch: 12])
        return CityConditions(location: place, weather: Weather(temperatureC: 8, source: "open-meteo"), pollution: sensor.filled(from: model),
                              failures: [ProviderFailure(provider: "propeller", part: .asthma, kind: .timeout, message: "slow")], fetchedAt: main)
    }

    @Test("the new PM2.5 beside the model's ozone and pollen; weather and its failures kept with their own times")
    func completed() throws {
        let reading = CityConditions(location: place, pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]])), fetchedAt: poll)
        let merged = onHand().merged(withSensorPoll: reading)
        let pollution = try #require(merged.pollution)
        #expect(pollution.hourly?.values[.pm2_5] == [9])
        #expect(pollution.source(of: .pm2_5) == "purpleair")
        #expect(pollution.hourly?.values[.o3] == [120])
        #expect(pollution.source(of: .o3) == "open-meteo")
        #expect(pollution.pollen == [.birch: 12])
        #expect(merged.partsFetchedAt.air == poll)
        #expect(merged.partsFetchedAt.weather == main)
        #expect(merged.weather?.temperatureC == 8)
        #expect(merged.failures.map(\.provider) == ["propeller"])
        // The plain merge would have dropped the model's ozone.
        #expect(onHand().merged(with: reading).pollution?.hourly?.values[.o3] == nil)
    }

    /// What the main poll brought with a sensor first: its reading completed by the model, and the model's own air.
    func onHandWithNextAir() -> CityConditions {
        var conditions = onHand()
        conditions.nextAir = NextAir(pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40], .o3: [120]])), fetchedAt: main)
        return conditions
    }

    var sensorDown: CityConditions {
        CityConditions(location: place, failures: [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer")],
                       fetchedAt: poll)
    }

    @Test("a sensor that failed in the poll, with the model's air from the main poll: that air at once, a fallback from the sensor, not carried over")
    func fallsBack() throws {
        let merged = onHandWithNextAir().merged(withSensorPoll: sensorDown)
        let pollution = try #require(merged.pollution)
        #expect(pollution.source == "open-meteo")
        #expect(pollution.hourly?.values[.pm2_5] == [40])
        #expect(merged.partsFetchedAt.air == main, "the model's air is as old as the poll that brought it")
        #expect(merged.airFallbackFrom == ["purpleair"])
        #expect(!merged.isCarriedOver(.air))
        // The next sensor poll that answers is completed from it; the model's air stays for the next fallback.
        let back = merged.merged(withSensorPoll: CityConditions(location: place, pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]])),
                                                                fetchedAt: poll.addingTimeInterval(60)))
        #expect(back.pollution?.source(of: .pm2_5) == "purpleair")
        #expect(back.pollution?.source(of: .o3) == "open-meteo")
        #expect(back.airFallbackFrom == [])
        #expect(back.nextAir == merged.nextAir)
    }

    @Test("every source down at the main poll, then the sensor answers: its particles alone, the model's failure no fallback, nothing carried over")
    func sensorBackModelDown() throws {
        let earlier = main.addingTimeInterval(-3600)
        var everythingDown = onHand()
        everythingDown.failures = [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer"),
                                   ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503"),
                                   ProviderFailure(provider: "open-meteo", part: .weather, kind: .unavailable, message: "HTTP 503")]
        everythingDown.partsFetchedAt = PartTimes(air: earlier, weather: earlier)
        #expect(everythingDown.isCarriedOver(.air))
        let reading = CityConditions(location: place, pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]])), fetchedAt: poll)
        let merged = everythingDown.merged(withSensorPoll: reading)
        let pollution = try #require(merged.pollution)
        #expect(pollution.hourly?.values[.pm2_5] == [9])
        #expect(pollution.hourly?.values[.o3] == nil, "the ozone kept from an hour ago is not the sensor's air now, and a main poll would not show it")
        #expect(merged.airFallbackFrom == [], "the sensor is the first source: nothing stands in for it")
        #expect(!merged.isCarriedOver(.air))
        let modelAir = try #require(merged.failures.first { $0.provider == "open-meteo" && $0.part == .air })
        #expect(modelAir.completing)
        #expect(merged.failures.contains { $0.part == .weather }, "the weather's failure stays: the poll did not ask it")
        #expect(merged.isCarriedOver(.weather))
    }

    @Test("every source down at the main poll, and the sensor still down at the next sensor poll: its last reading stays, stale; not the model's older air")
    func everythingStillDown() throws {
        let earlier = main.addingTimeInterval(-3600)
        var everythingDown = onHand()
        everythingDown.failures = [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer"),
                                   ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503")]
        everythingDown.partsFetchedAt = PartTimes(air: earlier, weather: earlier)
        everythingDown.polledAt = main
        everythingDown.nextAir = NextAir(pollution: Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40]])), fetchedAt: earlier)
        let merged = everythingDown.merged(withSensorPoll: sensorDown)
        #expect(merged.pollution?.source == "purpleair", "the sensor's last reading, kept")
        #expect(merged.pollution?.hourly?.values[.pm2_5] == [7])
        #expect(merged.isCarriedOver(.air), "shown stale")
        #expect(merged.airFallbackFrom == [])
        // The sensor's failure first, as a main poll lists them; the model's is no completing one now.
        #expect(merged.failures.filter { $0.part == .air }.map(\.provider) == ["purpleair", "open-meteo"])
        #expect(merged.failures.allSatisfy { !$0.completing })
    }

    /// What a main poll brought with the sensor down: the model's air, shown and kept as `nextAir`.
    var fellBack: CityConditions {
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40], .o3: [120]]))
        return CityConditions(location: place, pollution: model,
                              failures: [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer")],
                              fetchedAt: main, nextAir: NextAir(pollution: model, fetchedAt: main), polledAt: main)
    }

    @Test("the model's air shown for a sensor, then the whole fetch failing (a subscriber's publisher gone offline): kept, stale, no fallback named")
    func fallbackThenOffline() {
        var conditions = fellBack
        #expect(conditions.airFallbackFrom == ["purpleair"] && !conditions.isCarriedOver(.air))
        // What the view model does with a fetch that throws: that failure alone, at the time of the attempt.
        conditions.failures = [ProviderFailure(provider: "mqtt", part: .air, kind: .unavailable, message: "the publisher is offline")]
        conditions.fetchedAt = poll
        #expect(conditions.isCarriedOver(.air), "the air is the publisher's last, not fresh")
        #expect(conditions.airFallbackFrom == [], "mqtt is no air source the model stands in for")
    }

    @Test("a main poll that fell back already (the sensor down, the model's air shown): the sensor polls after it keep that air, fresh")
    func stillDown() {
        let fellBack = self.fellBack
        #expect(fellBack.airFallbackFrom == ["purpleair"])
        let merged = fellBack.merged(withSensorPoll: sensorDown)
        #expect(merged.pollution == fellBack.pollution)
        #expect(!merged.isCarriedOver(.air))
        #expect(merged.airFallbackFrom == ["purpleair"])
        #expect(merged.polledAt == main)
    }

    @Test("the fallback's own source failing too (a main poll with no air at all): the air shown is carried over, stale")
    func fallbackFailsToo() {
        let fellBack = onHandWithNextAir().merged(withSensorPoll: sensorDown)
        let nothing = CityConditions(location: place, failures: [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer"),
                                                                 ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503")],
                                     fetchedAt: poll.addingTimeInterval(3600))
        let merged = fellBack.merged(with: nothing)
        #expect(merged.pollution?.source == "open-meteo")
        #expect(merged.isCarriedOver(.air))
        #expect(merged.airFallbackFrom == [])
        // The sensor polls after it ask the sensor alone: the model's failure stands until a main
        // poll asks it again, so the model's old air stays stale, never a fresh fallback.
        let polled = merged.merged(withSensorPoll: CityConditions(location: place, failures: sensorDown.failures,
                                                                  fetchedAt: poll.addingTimeInterval(3660)))
        #expect(polled.pollution?.source == "open-meteo")
        #expect(polled.isCarriedOver(.air))
        #expect(polled.failures.contains { $0.provider == "open-meteo" && $0.part == .air })
    }

    @Test("a store written before the last full poll's time was kept: a sensor poll counts its fetch as that poll")
    func storeWithoutPollTime() {
        let old = onHand()
        #expect(old.polledAt == nil)
        let merged = old.merged(withSensorPoll: CityConditions(location: place, pollution: Pollution(source: "purpleair", hourly: HourlySeries([.pm2_5: [9]])),
                                                               fetchedAt: poll))
        #expect(merged.polledAt == main, "max_age still counts from the old store's fetch, not from the sensor's read")
    }

    @Test("a sensor that failed in the poll: the air on hand stays, marked carried over")
    func sensorFailed() {
        let failed = CityConditions(location: place, failures: [ProviderFailure(provider: "purpleair", part: .air, kind: .timeout, message: "no answer")],
                                    fetchedAt: poll)
        let merged = onHand().merged(withSensorPoll: failed)
        #expect(merged.pollution == onHand().pollution)
        #expect(merged.isCarriedOver(.air))
        #expect(Set(merged.failures.map(\.provider)) == ["propeller", "purpleair"])
    }
}
