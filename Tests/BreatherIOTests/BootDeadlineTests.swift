import BreatherIO
import BreatherModel
import BreatherTestSupport
import Testing

/// The two clocks a deadline reads, moved by hand: time since boot and the wall clock.
struct Clocks {
    let boot = TestClock(at: Timestamp(timeIntervalSince1970: 1000))
    let wall = TestClock()

    var readings: BootDeadline.Readings { .init(boot: boot.now.timeIntervalSince1970, wall: wall.now.timeIntervalSince1970) }

    /// Time passing (awake or asleep: both clocks run on).
    func pass(_ seconds: Double) {
        boot.advance(seconds)
        wall.advance(seconds)
    }
}

@Suite("deadlines that count time asleep")
struct BootDeadlineTests {
    @Test("a 4-minute poll deadline with a night asleep in between is due at resume, and the wait ends then")
    func suspend() {
        let clocks = Clocks()
        let poll = BootDeadline(after: 240, now: clocks.readings)
        clocks.pass(60)
        let wake = poll.wallClockWait(clocks.readings)
        #expect(wake == clocks.readings.wall + 180, "the wait ends when the deadline is due, the wall clock keeping step")
        clocks.pass(8 * 3600)  // asleep: the monotonic clock would not have moved
        #expect(poll.isDue(clocks.readings))
        #expect(wake <= clocks.readings.wall, "the wall-clock instant waited for passed during the night: the wait ends at resume")
    }

    @Test("a wall clock set forward or back makes nothing due early; the wait is taken up again from the boot clock")
    func wallClockSteps() {
        let clocks = Clocks()
        let poll = BootDeadline(after: 900, now: clocks.readings)
        clocks.wall.advance(86_400)
        #expect(!poll.isDue(clocks.readings))
        #expect(poll.wallClockWait(clocks.readings) == clocks.readings.wall + 900)
        clocks.wall.advance(-86_400 - 3600)
        clocks.pass(10)
        #expect(!poll.isDue(clocks.readings))
        #expect(poll.wallClockWait(clocks.readings) == clocks.readings.wall + 890)
        clocks.pass(890)
        #expect(poll.isDue(clocks.readings), "due by the boot clock, whatever the wall clock says")
    }
}
