import BreatherLocale
import BreatherModel

/// One `[[place]]` table: a place Breather follows beside the others. The first is the primary:
/// its location is `Settings.location`, so everything that knows one place sees it.
public struct PlaceSettings: Sendable, Equatable {
    /// `name`: the place's key everywhere state lives (cache entry, history rows, alerts, MQTT
    /// device, Prometheus label, `--place`); lower-case letters, digits, `-` and `_`.
    public var name: String
    /// `short`: a short label or glyph for the compact bar (`⌂`); nil shows the name.
    public var short: String?
    /// Where it is: coordinates, a city to geocode, or the IP lookup (`auto = true`).
    public var location: LocationSettings
    /// `alerts`: whether its crossings notify; default on for the primary only.
    public var alerts: Bool

    /// A place named `name` at `location`, alerting as `alerts` says.
    public init(name: String, short: String? = nil, location: LocationSettings, alerts: Bool) {
        self.name = name
        self.short = short
        self.location = location
        self.alerts = alerts
    }

    /// What the bar shows for the place: its `short` label, else its name.
    public var label: String { short ?? name }

    /// The longest `name` accepted: it becomes part of file names, MQTT topics and unique ids.
    public static let maximumNameLength = 32

    /// Why `name` cannot be a place's name, or nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return tr("needs a name, like %s").filled("name = \"home\"") }
        if name.utf8.count > maximumNameLength { return tr("%s is longer than %s characters").filled("\"\(name)\"", "\(maximumNameLength)") }
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard allowed else { return tr("%s may hold only lower-case letters, digits, - and _ (it keys files, topics and ids)").filled("\"\(name)\"") }
        if SensorPlace(rawValue: name) != nil { return "\"\(name)\" is taken: a sensor's place = \"\(name)\" means indoors or outdoors" }
        return nil
    }
}

extension Settings {
    /// The places followed: the `[[place]]` tables in order, or the single `[location]` as one
    /// place named `primaryPlaceName` when there are none.
    public var allPlaces: [PlaceSettings] {
        places.isEmpty ? [PlaceSettings(name: Settings.primaryPlaceName, location: location, alerts: true)] : places
    }

    /// The name of the one place a config with only `[location]` follows.
    public static let primaryPlaceName = "primary"

    /// The place shown: `--place`'s, else the primary (the first `[[place]]`, or `[location]`).
    public var currentPlace: PlaceSettings {
        selectedPlace.flatMap(place(named:)) ?? allPlaces[0]
    }

    /// Shows `name`'s place (`--place`): its location becomes `location`. False when the
    /// config has no place of that name.
    public mutating func select(place name: String) -> Bool {
        guard let place = place(named: name) else { return false }
        selectedPlace = name
        location = place.location
        origins["place"] = "flag"
        return true
    }

    /// The place called `name`, if the config has one (`--place`, `[[output]] place`).
    public func place(named name: String) -> PlaceSettings? {
        allPlaces.first { $0.name == name }
    }
}

/// `[bar] places`: what a bar shows of several places.
public enum BarPlaces: String, Sendable, CaseIterable {
    /// Every place's index in one line, `⌂ 42 · ▣ 88`, in the worst one's colour.
    case all
    /// One place at a time, the middle click (or SIGRTMIN+3) showing the next with no request.
    case one
}
