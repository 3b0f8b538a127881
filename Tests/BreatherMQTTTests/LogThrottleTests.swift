import BreatherLocale
import BreatherMQTT
import Testing

@Suite struct LogThrottleTests {
    @Test func aFloodOfBadPayloadsIsTheFirstOfEachKindThenOneCountAMinute() {
        var throttle = LogThrottle(subject: "mqtt: home/state")
        var lines: [String] = []
        // 1,000 distinct bad payloads a second for 10 s, two kinds among them.
        for tick in 0..<10_000 {
            let kind = tick % 7 == 0 ? "version" : "unreadable"
            lines += throttle.unusable(kind: kind, line: "mqtt: home/state: bad \(tick)", at: Double(tick) / 1000)
        }
        #expect(lines == ["mqtt: home/state: bad 0", "mqtt: home/state: bad 1"])
        // A good state inside the minute says nothing; the first message after it, the count.
        #expect(throttle.usable(at: 30).isEmpty)
        #expect(throttle.usable(at: 60) == ["mqtt: home/state: 9998 more unusable messages in the last 60s, not logged one by one"])
        #expect(throttle.usable(at: 61).isEmpty)
        // The next bad one starts a new window with its own line.
        #expect(throttle.unusable(kind: "version", line: "again", at: 62) == ["again"])
        #expect(throttle.unusable(kind: "version", line: "once more", at: 63).isEmpty)
        #expect(throttle.unusable(kind: "version", line: "later", at: 122.5)
                == ["mqtt: home/state: 1 more unusable message in the last 61s, not logged one by one", "later"])
    }

    @Test("the count's line in the current language: German and French plurals, one Chinese form; the subject as it is")
    func countInPeoplesLanguage() {
        func count(_ unlogged: Int, in language: Language) -> [String] {
            L10n.$language.withValue(language) {
                var throttle = LogThrottle(subject: "mqtt: home/état")
                _ = throttle.unusable(kind: "version", line: "first", at: 0)
                for tick in 1...unlogged { _ = throttle.unusable(kind: "version", line: "more", at: Double(tick) / 100) }
                return throttle.usable(at: 60)
            }
        }
        #expect(count(1, in: .german) == ["mqtt: home/état: 1 weitere unbrauchbare Nachricht in den letzten 60 s, nicht einzeln protokolliert"])
        #expect(count(250, in: .german) == ["mqtt: home/état: 250 weitere unbrauchbare Nachrichten in den letzten 60 s, nicht einzeln protokolliert"])
        #expect(count(2, in: .french) == ["mqtt: home/état : 2 messages inutilisables de plus dans les dernières 60 s, non journalisés un par un"])
        #expect(count(3, in: .chinese) == ["mqtt: home/état：另有 3 条无法使用的消息（最近 60 秒内），未逐条记录"])
        #expect(count(2, in: .english) == ["mqtt: home/état: 2 more unusable messages in the last 60s, not logged one by one"])
    }
}
