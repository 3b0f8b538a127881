import BreatherModel
import Foundation  // Date and ISO8601DateFormatter: an independent check of Timestamp's clock and calendar
import Glibc
import PropertyBased
import Testing

/// `Timestamp`, Breather's stand-in for Foundation's `Date`: the clock it reads, its arithmetic
/// and order, and RFC 3339 reading and writing checked against Foundation.
@Suite struct TimestampTests {
    @Test func nowReadsTheSystemClockSince1970() {
        // Bracketed by two readings of the same wall clock through other APIs; two seconds' margin
        // each way for time(2)'s truncation and its coarse clock (a tick behind CLOCK_REALTIME:
        // 256.004 s was read against a time() of 255), far below any mistake in the epoch or units.
        let before = time(nil)
        let foundationBefore = Date().timeIntervalSince1970
        let now = Timestamp.now()
        let foundationAfter = Date().timeIntervalSince1970
        let after = time(nil)
        #expect(now.timeIntervalSince1970 >= Double(before) - 2)
        #expect(now.timeIntervalSince1970 <= Double(after) + 2)
        // Foundation reads CLOCK_REALTIME as well, with fractions: Timestamp keeps them too.
        #expect(now.timeIntervalSince1970 >= foundationBefore - 0.001)
        #expect(now.timeIntervalSince1970 <= foundationAfter + 0.001)
    }

    @Test func nowNeverRunsBackwardsBetweenTwoReadings() {
        let first = Timestamp.now()
        let second = Timestamp.now()
        #expect(second >= first)
    }

    @Test func arithmetic() {
        let t = Timestamp(timeIntervalSince1970: 1_795_000_000)
        #expect(t.timeIntervalSince1970 == 1_795_000_000)
        #expect(t.addingTimeInterval(90.5).timeIntervalSince1970 == 1_795_000_090.5)
        #expect(t.addingTimeInterval(-3600) == Timestamp(timeIntervalSince1970: 1_794_996_400))
        #expect(t.addingTimeInterval(90.5).timeIntervalSince(t) == 90.5)
        #expect(t.timeIntervalSince(t.addingTimeInterval(600)) == -600)
        #expect(t.timeIntervalSince(t) == 0)
        #expect(Timestamp(timeIntervalSince1970: -86_400).timeIntervalSince(Timestamp(timeIntervalSince1970: 0)) == -86_400)
    }

    @Test func orderAndEquality() {
        let early = Timestamp(timeIntervalSince1970: 100)
        let late = Timestamp(timeIntervalSince1970: 100.25)
        #expect(early < late)
        #expect(!(late < early))
        #expect(!(early < early))
        #expect(early <= early && early >= early)
        #expect(early != late)
        #expect(min(late, early) == early)
        #expect(max(late, early) == late)
        #expect([late, Timestamp(timeIntervalSince1970: -5), early].sorted()
                == [Timestamp(timeIntervalSince1970: -5), early, late])
        #expect(Set([early, late, Timestamp(timeIntervalSince1970: 100)]).count == 2)
    }

    @Test(arguments: [
        ("2026-10-03T12:00", 0, 1_791_028_800.0),
        ("2026-10-03T12:00", 7200, 1_791_021_600),  // Open-Meteo: local time and a separate offset
        ("2026-10-03 12:00:30", 0, 1_791_028_830),
        ("2021-09-03T21:00:00.000Z", 3600, 1_630_702_800),  // a zone wins over the offset given
        ("2021-09-03T21:00:00.250Z", 0, 1_630_702_800.25),
        ("2021-09-03T23:30:00+02:30", 0, 1_630_702_800),
        ("2021-09-03T19:00:00-0200", 0, 1_630_702_800),
        ("1970-01-01T00:00:00Z", 0, 0),
        ("1969-12-31T23:59:59Z", 0, -1),
        ("2024-02-29T00:00:00Z", 0, 1_709_164_800),
    ] as [(String, Int, Double)])
    func parse(_ text: String, utcOffsetSeconds: Int, expected: Double) {
        #expect(Timestamp.parse(text, utcOffsetSeconds: utcOffsetSeconds) == Timestamp(timeIntervalSince1970: expected))
    }

    @Test(arguments: ["", "2026-10-03", "2026-10-03T12", "2026/10/03T12:00", "2026-13-03T12:00", "2026-10-00T12:00",
                      "2026-10-03T24:00", "2026-10-03T12:60", "2026-10-03T12:00Q", "2026-10-03T12:00+x", "ab26-10-03T12:00"])
    func parseRefuses(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func rfc3339WritesWholeSecondsInUTC() {
        #expect(Timestamp.rfc3339(Timestamp(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.rfc3339(Timestamp(timeIntervalSince1970: 1_795_000_000.9)) == "2026-11-18T11:06:40Z")
        #expect(Timestamp.rfc3339(Timestamp(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        // Outside what RFC 3339 can write: clamped, not trapped on.
        #expect(Timestamp.rfc3339(Timestamp(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.rfc3339(Timestamp(timeIntervalSince1970: -1e300)) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.rfc3339(Timestamp(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
    }

    @Test("property: any whole second of 1600-9999 is written as Foundation writes it and read back")
    func rfc3339AgreesWithFoundation() async {
        let foundation = ISO8601DateFormatter()
        foundation.timeZone = TimeZone(identifier: "UTC")
        // From 1600: Foundation's Gregorian calendar turns Julian before October 1582, while
        // RFC 3339 (and Timestamp) stay proleptic Gregorian.
        let seconds = Gen.int(in: -11_676_096_000...253_402_300_799)
        await propertyCheck(count: 1000, input: seconds) { second in
            let t = Timestamp(timeIntervalSince1970: Double(second))
            let text = Timestamp.rfc3339(t)
            #expect(text == foundation.string(from: Date(timeIntervalSince1970: Double(second))))
            #expect(Timestamp.parse(text) == t, "\(text)")
        }
    }
}
