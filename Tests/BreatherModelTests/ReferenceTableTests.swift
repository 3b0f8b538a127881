import BreatherModel
import Foundation
import Testing

/// The Swift tables and categories must equal the reference JSON (catches typos).
@Suite struct ReferenceTableTests {
    /// Every standard with breakpoint rows (Canada's AQHI is a formula).
    static let tabled: [AQIStandard] = [.us, .china, .china2012, .eu, .uk, .india]

    @Test(arguments: tabled)
    func breakpointRowsEqualReferenceJSON(_ standard: AQIStandard) throws {
        let json = try ReferenceJSON.standard(ReferenceJSON.id(standard))
        let pollutants = try #require(json["pollutants"] as? [[String: Any]])
        var compared = 0
        for entry in pollutants {
            let key = try #require(entry["key"] as? String)
            guard let (pollutant, period) = ReferenceJSON.pollutantAndPeriod(key) else { continue }
            let rows = try #require(entry["breakpoints"] as? [[Any]])
            let expected = rows.map { row in row.map { ReferenceJSON.number($0) } }
            let actual = standard.breakpoints(for: pollutant, period: period).map {
                [$0.cLo, $0.cHi, Double($0.iLo), Double($0.iHi)]
            }
            #expect(actual == expected, "\(standard.rawValue) \(key)")
            compared += 1
        }
        #expect(compared >= 5)
    }

    @Test(arguments: AQIStandard.allCases)
    func categoriesEqualReferenceJSON(_ standard: AQIStandard) throws {
        let json = try ReferenceJSON.standard(ReferenceJSON.id(standard))
        let categories = try #require(json["categories"] as? [[String: Any]])
        for category in categories {
            let name = try #require(category["name"] as? String)
            let color = try #require(category["color_hex"] as? String)
            let lo = try #require(ReferenceJSON.number(category["i_lo"]).map { Int($0) })
            let hi = ReferenceJSON.number(category["i_hi"]).map { Int($0) } ?? lo + 5
            let id = name.lowercased().replacingOccurrences(of: " ", with: "_")
            for index in Set([lo, (lo + hi) / 2, hi]) {
                let actual = standard.category(forIndex: index)
                #expect(actual == AQICategory(id: id, name: name, color: color), "\(standard.rawValue) \(index)")
            }
        }
        // Above the table → the top category where it is open-ended; the US and China scales end
        // at 500 and say "beyond" (FootnoteRuleTests checks those).
        let top = try #require(categories.last?["name"] as? String)
        #expect(standard.category(forIndex: 10_000).name == (standard.beyondCategory?.name ?? top))
    }

    @Test func snakeCaseIds() {
        #expect(AQIStandard.us.category(forIndex: 120).id == "unhealthy_for_sensitive_groups")
        #expect(AQIStandard.china.category(forIndex: 120).id == "lightly_polluted")
    }

    @Test func displayNamesAndValues() {
        #expect(AQIStandard.us.displayName == "US EPA (2024)")
        #expect(AQIStandard.china.displayName == "China HJ 633-2026")
        #expect(AQIStandard.china2012.displayName == "China HJ 633-2012")
        #expect(AQIStandard.us.displayValue(57) == "57")
        #expect(AQIStandard.canada.displayValue(10) == "10")
        #expect(AQIStandard.canada.displayValue(13) == "10+")
    }
}
