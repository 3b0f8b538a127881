import BreatherModel

/// `[advice]`: the thresholds of "what to do now" (windows, purifier, smoke, the best hours
/// outside). Each default names its source; README "What to do now" explains them.
public struct AdviceSettings: Sendable, Equatable {
    /// How long a piece of advice holds before it may change to another (hysteresis): at most one
    /// change per hold, so a value wobbling on a threshold does not flap. 20 min by default. A
    /// change to or from `unknown` is not held: stale data never keeps a guess on screen.
    public var holdSeconds = 20 * 60
    /// Indoor CO2 (ppm) from which the room needs air: 1,000 ppm, the German Environment
    /// Agency's (UBA, "Gesundheitliche Bewertung von Kohlendioxid in der Innenraumluft", 2008)
    /// level from which to ventilate; EN 16798-1 category II allows about 800 ppm above outdoor
    /// air (~1,220 ppm).
    public var co2PPM = 1_000.0
    /// Indoor PM2.5 (µg/m³) counted as high: 15, the WHO 2021 24-hour guideline.
    public var indoorPM2_5 = 15.0
    /// Outdoor PM2.5 (µg/m³) counted as poor: 35.5, where US EPA's 2024 AQI reaches "Unhealthy
    /// for Sensitive Groups".
    public var outdoorPM2_5 = 35.5
    /// Outdoor PM10 (µg/m³) counted as poor: 155, US EPA's "Unhealthy for Sensitive Groups".
    public var outdoorPM10 = 155.0
    /// Outdoor ozone (µg/m³) counted as poor: 140 (≈ 71 ppb), US EPA's 8-hour "Unhealthy for
    /// Sensitive Groups" (Open-Meteo's hourly value is compared).
    public var outdoorO3 = 140.0
    /// Outdoor NO2 (µg/m³) counted as poor: 200, the EU's 1-hour limit value (2008/50/EC).
    public var outdoorNO2 = 200.0
    /// Outdoor PM2.5 this many times the indoor (and at least `indoorPM2_5`) keeps windows shut: 2.
    public var ratio = 2.0
    /// A pollen species at this NAB level or higher keeps windows shut: `high`.
    public var pollen = PollenLevel.high
    /// Outdoor air this cold (°C) or colder counts as poor: −10 (cold air is a common asthma
    /// trigger, GINA 2024).
    public var coldC = -10.0
    /// Indoor relative humidity (%) at or below which drier outdoor air counts as poor: 30, the
    /// low end of the 30–50 % range the US EPA advises indoors.
    public var dryHumidity = 30.0
    /// Indoor relative humidity (%) at or above which drier outdoor air is a reason to air: 60
    /// (mould and dust mites grow above it, US EPA "Mold Course" and WHO 2009 dampness guidance).
    public var humidHumidity = 60.0
    /// Smoke likely from this outdoor PM2.5 (µg/m³) up, when the particles are fine: 35.5.
    public var smokePM2_5 = 35.5
    /// Smoke likely only when PM2.5 is at least this share of PM10: 0.8 (smoke is fine particles).
    public var smokeRatio = 0.8
    /// Or when PM2.5 rose by this much (µg/m³) in 3 hours: 20.
    public var smokeRise = 20.0
    /// The indoor sensor's reading is stale (advice `unknown`) after this many seconds: 10 min.
    public var indoorStaleSeconds = 10 * 60
    /// The outdoor air (or weather) is stale after this many seconds: 3 h (two missed hourly
    /// publications, as the air shown goes stale).
    public var outdoorStaleSeconds = 3 * 3600
    /// The waking hours the best hours outside are chosen in, local minutes after midnight: 07:00–22:00.
    public var wakingStartMinute = 7 * 60
    /// The end of the waking hours (exclusive).
    public var wakingEndMinute = 22 * 60
    /// An hour outside is good below this PM2.5 (µg/m³): 15, the WHO 2021 24-hour guideline
    /// (exercise raises the dose breathed).
    public var outsidePM2_5 = 15.0
    /// … and below this ozone (µg/m³): 100, the WHO 2021 8-hour guideline.
    public var outsideO3 = 100.0
    /// … and below this UV index: 6, where WHO's "high" begins (protection required, seek shade at midday).
    public var outsideUV = 6.0

    /// The defaults above.
    public init() {}
}
