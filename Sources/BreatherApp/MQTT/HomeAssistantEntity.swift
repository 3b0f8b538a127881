import BreatherModel
import BreatherViewModel

/// What an entity's reading is made from: the daemon's output, the alerts' states and the clock's zone.
struct EntityInput {
    let output: Output
    /// Each configured alert kind and whether it holds (`AlertMonitor.alertStates`).
    var alerts: [(kind: String, on: Bool)] = []
    var localTime: LocalTime = Session.localTime
}

/// One reading as the state document carries it: numbers in `sensors`, the rest in `states`.
enum EntityValue: Equatable {
    case number(Double)
    case integer(Int)
    case text(String)
    case on(Bool)
}

/// One Home Assistant entity: how it is announced and how its reading is taken from an
/// `Output`: from what the views read (`Output.data` and the strings), never from the model's
/// `conditions`, so a reading is what the bar shows. Adding an entity is one row of
/// `HomeAssistantEntity.table`.
struct HomeAssistantEntity: Sendable {
    enum Component: String, Sendable {
        case sensor
        case binarySensor = "binary_sensor"
    }

    /// The part of a refresh the reading comes from. When that part failed this time, a
    /// missing reading is an outage: the entity reads unavailable and stays announced. When
    /// it answered without the reading, the configuration no longer produces it and its
    /// entity is removed. `pollen` and `uv` are air, but stale on their own when they are
    /// kept beside a sensor's fresh particles (json `stale_parts`, the bar's "grass high*").
    /// `alerts` come from `[alerts]` alone.
    enum Source: String, Sendable {
        case air, weather, asthma, pollen, uv, indoor, alerts
    }

    /// The object id: the key in the state document and the end of every id.
    let id: String
    var component: Component = .sensor
    let name: String
    var deviceClass: String?
    var unit: String?
    /// `measurement` for numbers (they go in the state's `sensors`); nil for text, enums,
    /// timestamps and binary sensors (in `states`).
    var stateClass: String? = "measurement"
    /// Decimals of the state and Home Assistant's `suggested_display_precision`; 0 publishes
    /// an integer; nil for text.
    var decimals: Int?
    var icon: String?
    /// The standard's short name follows the name ("Air quality index (US AQI)").
    var namesStandard = false
    /// The `json_attributes_template` over the state document, if any.
    var attributes: String?
    /// The options of an `enum` entity under the standard shown.
    var options: (@Sendable (AQIStandard) -> [String])?
    let source: Source
    /// The reading now, nil when there is none.
    let value: @Sendable (EntityInput) -> EntityValue?

    /// Where the state document keeps this entity's reading.
    var documentKey: String { component == .sensor && stateClass != nil ? "sensors" : "states" }

    /// Home Assistant's entity id domain and the discovery topic's component.
    var domain: String { component.rawValue }
}

extension HomeAssistantEntity {
    static let micrograms = "\u{03BC}g/m\u{00B3}"  // μg/m³ with GREEK SMALL LETTER MU, as HA ≥ 2025.9 spells it

    /// Every entity Breather may announce, in the order the state document lists them.
    static let table: [HomeAssistantEntity] = index + Pollutant.allCases.map(pollutant) + weather + asthma
        + PollenType.allCases.map(pollen) + [uv] + forecast + indoor + advice + alerts

    /// The index, named with its standard, and its category.
    static let index: [HomeAssistantEntity] = [
        HomeAssistantEntity(id: "aqi", name: "Air quality index", deviceClass: "aqi", decimals: 0, namesStandard: true,
                            attributes: "{{ {'standard': value_json.standard, 'index': value_json.display.index_title} | tojson }}",
                            source: .air) { $0.output.airQuality.map { .integer($0.index.value) } },
        HomeAssistantEntity(id: "aqi_category", name: "Air quality", deviceClass: "enum", stateClass: nil, icon: "mdi:air-filter",
                            options: { $0.categories.map(\.name) }, source: .air) { $0.output.airQuality.map { .text($0.index.category.name) } },
    ]

    static let weather: [HomeAssistantEntity] = [
        weatherReading("temperature", "Temperature", "temperature", "°C", 1) { $0.temperatureC },
        weatherReading("humidity", "Humidity", "humidity", "%", 0) { $0.humidity },
        weatherReading("pressure", "Pressure", "atmospheric_pressure", "hPa", 1) { $0.pressureHPa },
        weatherReading("wind_speed", "Wind speed", "wind_speed", "m/s", 1) { $0.windSpeedMS },
    ]

    static let asthma: [HomeAssistantEntity] = [
        HomeAssistantEntity(id: "asthma_probability", name: "Asthma probability", unit: "%", decimals: 0, icon: "mdi:lungs",
                            source: .asthma) { input in input.output.data.asthma?.probability.map { .number($0 * 100) } },
        HomeAssistantEntity(id: "asthma_risk", name: "Asthma risk", deviceClass: "enum", stateClass: nil, icon: "mdi:lungs",
                            options: { _ in AsthmaRisk.allCases.map(\.displayName) }, source: .asthma) { input in
            input.output.data.asthma.flatMap { AsthmaRisk(rawValue: $0.risk) }.map { .text($0.displayName) }
        },
    ]

    /// Home Assistant has no UV device class; its own integrations (OpenUV, AccuWeather) use this unit.
    static let uv = HomeAssistantEntity(id: "uv_index", name: "UV index", unit: "UV index", decimals: 1, icon: "mdi:weather-sunny-alert",
                                        source: .uv) { $0.output.data.uv.map { .number($0.index) } }

    /// PM2.5 … CO: μg/m³ as the providers give them, but CO in ppm (at 25 °C and 1 atm), the
    /// one unit Home Assistant's `carbon_monoxide` accepts on every release since 2025.9.
    static func pollutant(_ pollutant: Pollutant) -> HomeAssistantEntity {
        let (name, deviceClass): (String, String) = switch pollutant {
        case .pm2_5: ("PM2.5", "pm25")
        case .pm10: ("PM10", "pm10")
        case .o3: ("Ozone", "ozone")
        case .no2: ("Nitrogen dioxide", "nitrogen_dioxide")
        case .so2: ("Sulphur dioxide", "sulphur_dioxide")
        case .co: ("Carbon monoxide", "carbon_monoxide")
        }
        return HomeAssistantEntity(id: pollutant.rawValue, name: name, deviceClass: deviceClass, unit: pollutant == .co ? "ppm" : micrograms,
                                   decimals: pollutant == .co ? 3 : 1, source: .air) { input in
            guard let latest = input.output.data.latest(pollutant) else { return nil }
            return .number(pollutant == .co ? latest / (ReferenceConditions.celsius25.microgramsPerPPB(.co) ?? 1.145) / 1000 : latest)
        }
    }

    static func weatherReading(_ id: String, _ name: String, _ deviceClass: String, _ unit: String, _ decimals: Int,
                        _ reading: @escaping @Sendable (OutputData.WeatherValues) -> Double?) -> HomeAssistantEntity {
        HomeAssistantEntity(id: id, name: name, deviceClass: deviceClass, unit: unit, decimals: decimals, source: .weather) { input in
            input.output.data.weather.flatMap(reading).map { .number($0) }
        }
    }

    /// A species' count: no device class in Home Assistant; the unit its AccuWeather integration uses.
    static func pollen(_ type: PollenType) -> HomeAssistantEntity {
        HomeAssistantEntity(id: "pollen_\(type.rawValue)", name: "\(type.rawValue.prefix(1).uppercased())\(type.rawValue.dropFirst()) pollen",
                            unit: "p/m³", decimals: 0, icon: "mdi:flower-pollen", source: .pollen) { input in
            input.output.data.pollen.first { $0.species == type.rawValue }.map { .number($0.count) }
        }
    }

    /// The worst hour of the coming 24 (its index and when), and tomorrow in one line and one index.
    static let forecast: [HomeAssistantEntity] = [
        HomeAssistantEntity(id: "forecast_worst_aqi", name: "Worst index in the next 24 hours", deviceClass: "aqi", decimals: 0,
                            namesStandard: true, source: .air) { input in worstHour(input.output).map { .integer($0.hour.index.value) } },
        HomeAssistantEntity(id: "forecast_worst_at", name: "Worst hour in the next 24 hours", deviceClass: "timestamp", stateClass: nil,
                            source: .air) { input in
            worstHour(input.output).flatMap { input.output.data.forecast.indices.contains($0.offset) ? .text(input.output.data.forecast[$0.offset].time) : nil }
        },
        HomeAssistantEntity(id: "tomorrow_aqi", name: "Worst index tomorrow", deviceClass: "aqi", decimals: 0, namesStandard: true,
                            source: .air) { input in
            input.output.outlook.tomorrow(localTime: input.localTime)?.air.map { .integer($0.index.value) }
        },
        HomeAssistantEntity(id: "outlook_tomorrow", name: "Outlook for tomorrow", stateClass: nil, icon: "mdi:calendar-arrow-right",
                            source: .air) { input in
            guard let day = input.output.outlook.tomorrow(localTime: input.localTime) else { return nil }
            let line = Outlook.briefing(day, title: "Tomorrow", standard: input.output.standard, localTime: input.localTime)
            // Home Assistant drops a text state over 255 characters.
            return line.isEmpty ? nil : .text(String(line.unicodeScalars.prefix(255)))
        },
    ]

    /// The forecast hour with the highest index (the first of equals) and its place in `forecast`.
    static func worstHour(_ output: Output) -> (offset: Int, hour: ForecastHour)? {
        output.forecast.enumerated().reduce(nil) { worst, next in
            guard let worst else { return (next.offset, next.element) }
            return next.element.index.value > worst.hour.index.value ? (next.offset, next.element) : worst
        }
    }

    /// The indoor sensor (`[sources] indoor`); its index is of particles alone.
    static let indoor: [HomeAssistantEntity] = [
        HomeAssistantEntity(id: "indoor_aqi", name: "Indoor air quality index", deviceClass: "aqi", decimals: 0, namesStandard: true,
                            source: .indoor) { $0.output.data.indoor?.aqi.map { .integer($0) } },
        indoorReading("indoor_pm2_5", "Indoor PM2.5", "pm25", micrograms, 1) { $0.pm2_5 },
        indoorReading("indoor_pm10", "Indoor PM10", "pm10", micrograms, 1) { $0.pm10 },
        indoorReading("indoor_co2", "Indoor CO₂", "carbon_dioxide", "ppm", 0) { $0.co2PPM },
        indoorReading("indoor_temperature", "Indoor temperature", "temperature", "°C", 1) { $0.temperatureC },
        indoorReading("indoor_humidity", "Indoor humidity", "humidity", "%", 1) { $0.humidity },
    ]

    static func indoorReading(_ id: String, _ name: String, _ deviceClass: String, _ unit: String, _ decimals: Int,
                       _ reading: @escaping @Sendable (OutputData.IndoorValues) -> Double?) -> HomeAssistantEntity {
        HomeAssistantEntity(id: id, name: name, deviceClass: deviceClass, unit: unit, decimals: decimals, source: .indoor) { input in
            input.output.data.indoor.flatMap(reading).map { .number($0) }
        }
    }

    /// What to do now (docs/ADVICE.md), so automations key on a state: the action as an `enum`,
    /// on while it is `ventilate`, and on while smoke is likely.
    static let advice: [HomeAssistantEntity] = [
        HomeAssistantEntity(id: "advice", name: "Advice", deviceClass: "enum", stateClass: nil, icon: "mdi:window-open-variant",
                            options: { _ in Advice.Action.allCases.map(\.rawValue) }, source: .air) { input in
            input.output.advice.map { .text($0.action.rawValue) }
        },
        HomeAssistantEntity(id: "ventilate", component: .binarySensor, name: "Ventilate", stateClass: nil, icon: "mdi:window-open-variant",
                            source: .air) { input in input.output.advice.map { .on($0.action == .ventilate) } },
        HomeAssistantEntity(id: "smoke", component: .binarySensor, name: "Smoke likely", deviceClass: "smoke", stateClass: nil,
                            source: .air) { input in input.output.advice.map { .on($0.smoke) } },
    ]

    /// One binary sensor per `[alerts]` threshold, on while its alert holds (from the
    /// notification of the crossing to the one of the recovery). The CO₂ threshold (set by
    /// default) only with an indoor sensor.
    static let alerts: [HomeAssistantEntity] = [
        ("air", "Air quality alert"), ("asthma", "Asthma alert"), ("pollen", "Pollen alert"), ("uv", "UV alert"), ("co2", "CO₂ alert"),
    ].map { kind, name in
        HomeAssistantEntity(id: "alert_\(kind)", component: .binarySensor, name: name, deviceClass: "problem", stateClass: nil,
                            source: kind == "co2" ? .indoor : .alerts) { input in
            guard kind != "co2" || input.output.data.indoor != nil else { return nil }
            return input.alerts.first { $0.kind == kind }.map { .on($0.on) }
        }
    }
}
