import BreatherHistory
import BreatherModel
import Testing

@Suite("the history store records advice changes")
struct AdviceHistoryTests {
    @Test("a change is written once; the same action again (a one-shot, a restart) is not; read back oldest first")
    func changes() {
        let folder = TempFolder()
        let recorder = HistoryRecorder(path: folder.file("history.sqlite3"), keepRawSeconds: 90 * 86_400, backfillDays: 7,
                                       warn: { _ in }, clock: { day0 })
        let home = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)
        let t = Timestamp(timeIntervalSince1970: Double(day0))
        recorder.recordAdvice(at: home, action: "ventilate", reasons: ["outdoor air good"], time: t)
        recorder.recordAdvice(at: home, action: "ventilate", reasons: ["CO2 1100 ppm", "outdoor air good"], time: t.addingTimeInterval(60))
        recorder.recordAdvice(at: home, action: "keep_closed", reasons: ["smoke likely (PM2.5 82 µg/m³, 93% of PM10)"],
                              time: t.addingTimeInterval(1200))
        recorder.recordAdvice(at: Location(latitude: 1, longitude: 2), action: "unknown", reasons: [], time: t)
        let changes = recorder.adviceChanges(at: home, since: 0)
        #expect(changes.map(\.action) == ["ventilate", "keep_closed"])
        #expect(changes.map(\.time) == [day0, day0 + 1200])
        #expect(changes.last?.reasons == "smoke likely (PM2.5 82 µg/m³, 93% of PM10)")
        #expect(recorder.adviceChanges(at: home, since: day0 + 1).map(\.action) == ["keep_closed"])
    }
}
