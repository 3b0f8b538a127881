import BreatherIO
import Testing

@Suite("deadlines that count time asleep")
struct BootDeadlineTests {
    @Test("a 4-minute poll deadline with a night asleep in between is due at resume")
    func suspend() {
        let poll = BootDeadline(after: 240, now: 1000)
        #expect(!poll.isDue(1000 + 60))
        // Asleep for 8 h: CLOCK_BOOTTIME ran on (CLOCK_MONOTONIC would not have moved).
        #expect(poll.isDue(1000 + 60 + 8 * 3600))
    }

    @Test("the deadline is an absolute boot-clock instant for the timer, kept within a year")
    func timerValue() {
        let poll = BootDeadline(after: 1.25, now: 1000.5)
        #expect(poll.bootTime.tv_sec == 1001 && poll.bootTime.tv_nsec == 750_000_000)
        #expect(BootDeadline(after: .infinity, now: 0).boot == 86_400 * 366)
        #expect(BootDeadline(after: -5, now: 7).boot == 7 && BootDeadline(after: .nan, now: 7).boot == 7)
    }
}
