import BreatherJSON
import BreatherModel
import BreatherViewModel

/// json `pollen`, `uv` and `outlook`. Machine times are RFC 3339 with the local offset, as
/// `updated_at`; hours for people (`peak_hour`) are local clock times as the display strings are.
extension JSONRenderer {
    /// `pollen`: every species the provider counted, highest level first, as
    /// `{species, count, level}`; null where the provider has no pollen (never zeros).
    func pollen(_ output: Output) -> JSONValue {
        output.data.pollen.isEmpty ? .null : .array(output.data.pollen.map(pollenCount))
    }

    func pollenCount(_ count: OutputData.PollenValue) -> JSONValue {
        .object(["species": .string(count.species), "count": .number(count.count), "level": .string(count.level)])
    }

    /// `uv`: `{index, clear_sky, category, color, peak, peak_hour, peak_at}`; null without UV data.
    func uv(_ output: Output) -> JSONValue {
        guard let uv = output.data.uv else { return .null }
        return .object(["index": .number(uv.index), "clear_sky": uv.clearSky.map(JSONValue.number) ?? .null,
                        "category": .string(uv.category), "color": .string(uv.color),
                        "peak": uv.peak.map(JSONValue.number) ?? .null, "peak_hour": uv.peakHour.isEmpty ? .null : .string(uv.peakHour),
                        "peak_at": uv.peakAt.isEmpty ? .null : .string(uv.peakAt)])
    }

    /// `outlook`: the local days ahead (worst air hour, pollen day means, UV peak), the
    /// forecast crossings of the `[alerts]` thresholds, and the briefing text.
    func outlook(_ output: Output) -> JSONValue {
        let outlook = output.outlook
        let days = outlook.days.map { day -> JSONValue in
            var air: JSONValue = .null
            if let worst = day.air, day.airHours != nil {
                let main: JSONValue = worst.index.mainPollutants.isEmpty ? .null
                    : .string(worst.index.mainPollutants.map(\.rawValue).joined(separator: ","))
                air = .object(["aqi": .integer(Int64(worst.index.value)), "category": .string(worst.index.category.name),
                               "category_id": .string(worst.index.category.id), "main_pollutant": main,
                               "from": .string(day.airFromAt), "to": .string(day.airToAt)])
            }
            let uv: JSONValue = day.uvPeakValue.map {
                .object(["peak": .number($0.peak), "category": .string($0.category), "at": .string($0.at)])
            } ?? .null
            let pollen = day.pollenValues
            return .object(["date": .string(day.date), "air": air,
                            "pollen": pollen.isEmpty ? .null : .array(pollen.map(pollenCount)), "uv": uv])
        }
        let warnings = outlook.warnings.map { warning -> JSONValue in
            .object(["kind": .string(warning.kind.rawValue), "level": .string(warning.level),
                     "start": .string(warning.startAt), "end": .string(warning.endAt),
                     "summary": .string(warning.summary), "detail": .string(warning.detail)])
        }
        return .object(["days": .array(days), "warnings": .array(warnings),
                        "briefing": outlook.briefing.isEmpty ? .null : .string(outlook.briefing)])
    }
}
