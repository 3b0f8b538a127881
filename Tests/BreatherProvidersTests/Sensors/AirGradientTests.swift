import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

@Suite("AirGradient local server: /measures/current")
struct AirGradientTests {
    func sensor(_ reply: FakeHTTP.Reply) -> (AirGradient, FakeHTTP) {
        let http = FakeHTTP(["/measures/current": reply])
        return (AirGradient(url: "http://airgradient_ecda3b1eaaaf.local", http: http), http)
    }

    @Test("the documented example decodes: pm02, CO2 ppm, compensated temperature and humidity, VOC and NOx indices")
    func docsExample() async throws {
        let (airGradient, http) = sensor(FakeHTTP.fixture("airgradient/measures_current.docs.json"))
        let reading = try await airGradient.reading()
        #expect(http.requested == ["http://airgradient_ecda3b1eaaaf.local/measures/current"])
        #expect(reading.source == "airgradient")
        // No pm02Compensated: the raw pm02 7 gets the US EPA correction with the raw rhum 43:
        // 0.524·7 − 0.0862·43 + 5.75 = 3.668 − 3.7066 + 5.75 = 5.7114.
        #expect(abs((reading.pm2_5 ?? 0) - 5.7114) < 1e-9)
        #expect(reading.pm10 == 8)
        #expect(reading.pm1 == 3)
        #expect(reading.co2PPM == 447)
        #expect(reading.temperatureC == 24.47, "atmpCompensated, not atmp 25.87")
        #expect(reading.humidity == 49, "rhumCompensated, not rhum 43")
        #expect(reading.voc == 100)
        #expect(reading.noxIndex == 1)
        #expect(reading.correction == AirGradient.correctedLabel, "no pm02Compensated in this firmware")
    }

    @Test("an Open Air just restarted: VOC and NOx indices 0 (Sensirion's warm-up) are no index yet, not a fault; the A/B means are read, not the channels")
    func warmingUp() async throws {
        let (airGradient, _) = sensor(FakeHTTP.fixture("airgradient/measures_current.open_air_warming_up.json"))
        let reading = try await airGradient.reading()
        #expect(reading.voc == nil)
        #expect(reading.noxIndex == nil)
        #expect(reading.pm2_5 == 7.31)
        #expect(reading.pm10 == 11.5)
        #expect(reading.humidity == 63.41)
        #expect(reading.co2PPM == nil, "an Open Air has no CO2 sensor")
    }

    @Test("pm02Compensated wins over pm02 and says so")
    func compensated() async throws {
        let (airGradient, _) = sensor(FakeHTTP.fixture("airgradient/measures_current.open_air_compensated.json"))
        let reading = try await airGradient.reading()
        #expect(reading.pm2_5 == 24.6)
        #expect(reading.co2PPM == 1520)
        #expect(reading.correction?.contains("pm02Compensated") == true)
    }

    @Test("a compensated 0 beside a real raw value is 'not computed': the raw values are read, PM2.5 corrected as without one")
    func zeroCompensated() async throws {
        let (airGradient, _) = sensor(FakeHTTP.fixture("airgradient/measures_current.zero_compensated.json"))
        let reading = try await airGradient.reading()
        // pm02 34 in the 30–50 blend: w = 34/20 − 3/2 = 0.2; (0.786·0.2 + 0.524·0.8)·34 = 19.5976;
        // − 0.0862·32 + 5.75 → 22.5892.
        #expect(abs((reading.pm2_5 ?? 0) - 22.5892) < 1e-9)
        #expect(reading.temperatureC == 23.1)
        #expect(reading.humidity == 32)
        #expect(reading.correction == AirGradient.correctedLabel)
    }

    @Test("as an air source: PM2.5 and PM10 from the monitor, indexed as a labelled 1-hour value")
    func airQuality() async throws {
        let (airGradient, _) = sensor(FakeHTTP.fixture("airgradient/measures_current.open_air_compensated.json"))
        let pollution = try await airGradient.airQuality(at: place)
        #expect(pollution.source == "airgradient")
        #expect(pollution.hourly?.values[.pm2_5] == [24.6])
        #expect(pollution.hourly?.values[.pm10] == [44.9])
        #expect(pollution.hourly?.values[.o3] == nil, "a particle counter measures no ozone")
        let us = try pollution.report(for: .us)
        #expect(us.source == "airgradient")
        #expect(us.index.subIndices.first { $0.pollutant == .pm2_5 }?.period == .hour1)
    }

    @Test("a negative PM value is refused, naming the field")
    func negativePM() async {
        let (airGradient, _) = sensor(FakeHTTP.fixture("airgradient/measures_current.negative_pm.json"))
        let failure = await sensorFailure { () throws(ProviderFailure) in try await airGradient.reading() }
        #expect(failure?.kind == .badData)
        #expect(failure?.provider == "airgradient")
        #expect(failure?.message == "implausible value: pm2_5 -3 µg/m³ (expected 0 to 5000 µg/m³)")
    }

    @Test("unreachable, slow and garbage replies are failures of the source with one clear message", arguments: [
        (FakeHTTP.Reply.failure(.cannotConnect(url: "http://airgradient_ecda3b1eaaaf.local/measures/current")), FailureKind.unavailable, "cannot connect"),
        (.failure(.cannotResolve(host: "airgradient_ecda3b1eaaaf.local")), .unavailable, "cannot resolve host airgradient_ecda3b1eaaaf.local"),
        (.failure(.timeout(url: "http://airgradient_ecda3b1eaaaf.local/measures/current", seconds: 3)), .timeout, "timed out after"),
        (FakeHTTP.body("<html><body>Not Found</body></html>"), .badData, "unreadable reply"),
        (FakeHTTP.body("[1, 2, 3]"), .badData, "unexpected reply"),
        (FakeHTTP.body("{\"wifi\": -50, \"boot\": 2}"), .badData, "no particle or CO2 value in the reply"),
    ])
    func faults(reply: FakeHTTP.Reply, kind: FailureKind, message: String) async {
        let (airGradient, _) = sensor(reply)
        let failure = await sensorFailure { () throws(ProviderFailure) in try await airGradient.reading() }
        #expect(failure?.kind == kind)
        #expect(failure?.provider == "airgradient")
        #expect(failure?.message.hasPrefix(message) == true, "\(failure?.message ?? "")")
    }

    @Test("the request has a short connect timeout and a small body cap: a LAN device answers at once or not at all")
    func requestLimits() {
        let request = SensorRequest.make("http://192.168.1.40/", "/measures/current")
        #expect(request.url == "http://192.168.1.40/measures/current")
        #expect(request.connectTimeoutSeconds == 3)
        #expect(request.maxBodyBytes == 64 << 10)
    }
}
