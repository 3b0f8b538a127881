import Testing
@testable import BreatherHistory
import BreatherModel

@Suite("history: a sensor's particles and the model's gases")
struct SensorReadingsTests {
    @Test("each pollutant is recorded under the provider that measured it, at the sensor's time")
    func sources() {
        let now = Timestamp(timeIntervalSince1970: 1_795_000_000)
        let sensor = Pollution(source: "purpleair", observedAt: now, hourly: HourlySeries([.pm2_5: [7.2]]))
        let model = Pollution(source: "open-meteo", hourly: HourlySeries([.pm2_5: [40, 41], .o3: [118, 120]]),
                              uv: UVIndex(index: 6.2, clearSky: 7, hourly: nil))
        let conditions = CityConditions(location: Location(latitude: 40.7, longitude: -73.9), pollution: sensor.filled(from: model),
                                        fetchedAt: now)
        let readings = Dictionary(uniqueKeysWithValues: conditions.historyReadings.map { ($0.variable, $0) })
        #expect(readings["pm2_5"]?.source == "purpleair")
        #expect(readings["pm2_5"]?.value == 7.2)
        #expect(readings["o3"]?.source == "open-meteo")
        #expect(readings["o3"]?.value == 120)
        #expect(readings["o3"]?.time == 1_795_000_000)
        // The model's UV comes along with its gases (a sensor measures none).
        #expect(readings["uv_index"]?.value == 6.2)
    }
}
