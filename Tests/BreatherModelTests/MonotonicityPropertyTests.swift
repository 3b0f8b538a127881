import BreatherModel
import Foundation
import PropertyBased
import Testing

/// One table a standard indexes a pollutant by: (standard, pollutant, averaging period).
struct IndexedColumn: Sendable, CustomStringConvertible {
    var standard: AQIStandard
    var pollutant: Pollutant
    var period: AveragingPeriod
    var description: String { "\(standard.rawValue) \(pollutant.rawValue) \(period.rawValue)" }

    /// Every column of every max-of-sub-indices standard (the AQHI sums terms: see below).
    static let all: [IndexedColumn] = AQIStandard.allCases.filter { !$0.sumsTerms }.flatMap { standard in
        Pollutant.allCases.flatMap { pollutant in
            AveragingPeriod.allCases.compactMap { period in
                standard.breakpoints(for: pollutant, period: period).isEmpty
                    ? nil : IndexedColumn(standard: standard, pollutant: pollutant, period: period)
            }
        }
    }
}

/// A concentration from 0.01 to 100 000 µg/m³, spread evenly over the seven decades, so every
/// table (PM in µg/m³, CO in mg/m³ or ppm, gases in ppb) is crossed from bottom to top.
let anyConcentration = Gen.double(in: -2...5).map { pow(10, $0) }
/// 0.01 to about 4 900 µg/m³: a value and a raise of it stay under every pollutant's physical
/// limit (`UnitConversion.physicalLimit`, PM 10 000 µg/m³), above which nothing is indexed.
let physicalConcentration = Gen.double(in: -2...3.69).map { pow(10, $0) }

/// Counts the cases a property really compared, from inside its (non-escaping) body.
final class CheckCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
}

@Suite("property: a higher concentration never lowers an index")
struct MonotonicityPropertyTests {
    @Test("any column of any standard, any two concentrations: the higher one's sub-index is not lower")
    func subIndexNeverFalls() async {
        #expect(IndexedColumn.all.count >= 30, "\(IndexedColumn.all)")
        let compared = CheckCount()
        await propertyCheck(count: 3000, input: Gen.int(in: 0...(IndexedColumn.all.count - 1)), anyConcentration, anyConcentration) {
            columnNumber, a, b in
            let column = IndexedColumn.all[columnNumber]
            func index(_ value: Double) -> Int? {
                let reading = PollutantReading(pollutant: column.pollutant, period: column.period, value: value, unit: .microgramsPerCubicMetre)
                return try? column.standard.index(from: [reading]).value
            }
            let (low, high) = (min(a, b), max(a, b))
            // A table may refuse values outside its own range (US 1-h ozone below 0.125 ppm,
            // 8-h ozone above 0.200 ppm); the rule is about two values it indexes.
            guard let lowIndex = index(low), let highIndex = index(high) else { return }
            compared.add()
            #expect(highIndex >= lowIndex, "\(column): \(high) µg/m³ → \(highIndex), but \(low) µg/m³ → \(lowIndex)")
        }
        #expect(compared.count >= 1500, "only \(compared.count) of 3000 pairs could be compared")
    }

    @Test("Canada AQHI: raising one of NO2, O3 and PM2.5, the others unchanged, never lowers it")
    func aqhiNeverFalls() async {
        let pollutants: [Pollutant] = [.no2, .o3, .pm2_5]
        let compared = CheckCount()
        await propertyCheck(count: 1000, input: physicalConcentration.array(of: 3), Gen.int(in: 0...2), physicalConcentration) {
            levels, raised, extra in
            func aqhi(_ values: [Double]) -> Int? {
                let readings = zip(pollutants, values).map {
                    PollutantReading(pollutant: $0, period: .hours3, value: $1, unit: .microgramsPerCubicMetre)
                }
                return try? AQIStandard.canada.index(from: readings).value
            }
            var higher = levels
            higher[raised] += extra
            guard let before = aqhi(levels), let after = aqhi(higher) else {
                Issue.record("the AQHI refused \(levels) or \(higher)")
                return
            }
            compared.add()
            #expect(after >= before, "\(pollutants[raised]) +\(extra) µg/m³ on \(levels): \(before) → \(after)")
        }
        #expect(compared.count == 1000)
    }
}
