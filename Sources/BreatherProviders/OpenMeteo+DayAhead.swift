import BreatherJSON
import BreatherModel

/// Pollen by species and the UV index from the same `/air-quality` reply as the pollutants.
/// Open-Meteo models pollen for Europe only, in season (CAMS Europe); elsewhere every pollen
/// value is null, and such a series is left out rather than read as zeros.
extension OpenMeteo {
    /// `uv_index,uv_index_clear_sky`: the index with clouds and under a clear sky.
    static let uvVariables = "uv_index,uv_index_clear_sky"

    /// Each species' hourly counts from the first hour of the reply; nil when every value of
    /// every species is null or missing.
    static func decodePollenHourly(_ json: JSONCursor, times: [String], offset: Int) throws(JSONError) -> [PollenType: HourlyValues]? {
        guard let start = times.first.flatMap({ Timestamp.parse($0, utcOffsetSeconds: offset) }) else { return nil }
        var result: [PollenType: HourlyValues] = [:]
        for type in PollenType.allCases {
            let name = "\(type.rawValue)_pollen"
            guard json["hourly"][name].exists else { continue }
            let values = try json["hourly"][name].doubles()
            if values.contains(where: { $0 != nil }) { result[type] = HourlyValues(start: start, values: values) }
        }
        return result.isEmpty ? nil : result
    }

    /// The UV index now (with clouds and under a clear sky) and hourly; nil when the reply has
    /// no UV value at all.
    static func decodeUV(_ json: JSONCursor, times: [String], offset: Int) throws(JSONError) -> UVIndex? {
        let index = try json["current"]["uv_index"].optionalDouble()
        let clearSky = try json["current"]["uv_index_clear_sky"].optionalDouble()
        var hourly: HourlyValues?
        if json["hourly"]["uv_index"].exists, let start = times.first.flatMap({ Timestamp.parse($0, utcOffsetSeconds: offset) }) {
            let values = try json["hourly"]["uv_index"].doubles()
            if values.contains(where: { $0 != nil }) { hourly = HourlyValues(start: start, values: values) }
        }
        guard index != nil || clearSky != nil || hourly != nil else { return nil }
        return UVIndex(index: index, clearSky: clearSky, hourly: hourly)
    }
}
