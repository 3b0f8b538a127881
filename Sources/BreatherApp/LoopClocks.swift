import BreatherConfig
import BreatherModel
import BreatherViewModel

/// What the controller loop's timers run on: the poll interval, and the briefing's local time
/// (`[alerts] briefing`, nil when off). A reload may change both.
struct LoopTiming: Sendable, Equatable {
    /// Seconds between polls.
    var intervalSeconds: Int
    /// `[alerts]` as configured (the briefing's time and lateness); nil = no alerts, no briefing.
    var alerts: AlertSettings?
    /// Seconds between sensor polls (`Settings.sensorPollSeconds`); nil = no sensor timer.
    var sensorSeconds: Int?
}

/// The loop's clocks under one `LoopTiming`: the poll ticker, the sensors' ticker and the
/// briefing's clock, started together and cancelled together (a reload starts new ones).
struct LoopClocks {
    private let tasks: [Task<Void, Never>]

    init(_ timing: LoopTiming, _ events: AsyncStream<ControllerEvent>.Continuation) {
        tasks = [startTicker(seconds: timing.intervalSeconds, events),
                 timing.sensorSeconds.map { startTicker(seconds: $0, events, event: .sensorTick) },
                 startBriefingClock(timing.alerts, localTime: Session.localTime, events)].compactMap { $0 }
    }

    func cancel() { tasks.forEach { $0.cancel() } }
}

extension Settings {
    /// The controller loop's timing under these settings, with the sensors' own poll when this
    /// loop reads them (an MQTT subscriber does not: the publisher does).
    func loopTiming(readsSensors: Bool) -> LoopTiming {
        LoopTiming(intervalSeconds: intervalSeconds, alerts: alerts, sensorSeconds: readsSensors ? sensorPollSeconds : nil)
    }
}

/// The briefing's clock: yields `.briefingTime` at the next local occurrence of the briefing's
/// wall time, then a day later in local time (so a summer-time change moves the instant, not
/// the "20:00"). One wakeup a day; no task at all when the briefing is off.
///
/// It sleeps on `LoopExecutor` like the ticker, on a deadline that counts time asleep: after a
/// suspend over the briefing's time it wakes at resume and yields only while the briefing is
/// still due (`AlertSettings.isBriefingTime`: at most three hours late). The briefing is a
/// wall-clock time and the wait runs on the boot clock, so each wakeup asks the wall clock
/// again: one that comes early (the wall clock was set back, or NTP slewed it) sleeps the rest.
func startBriefingClock(_ alerts: AlertSettings?, localTime: LocalTime,
                        _ events: AsyncStream<ControllerEvent>.Continuation) -> Task<Void, Never>? {
    guard let alerts, let minute = alerts.briefingMinute else { return nil }
    return Task(executorPreference: LoopExecutor.shared) {
        var due = localTime.next(minuteOfDay: minute, after: Timestamp.now())
        while !Task.isCancelled {
            let now = Timestamp.now()
            if now >= due {
                if alerts.isBriefingTime(localMinute: localTime.minuteOfDay(now)) { events.yield(.briefingTime) }
                due = localTime.next(minuteOfDay: minute, after: now)
            }
            do { try await LoopExecutor.shared.sleep(seconds: max(due.timeIntervalSince(now), 0)) } catch { return }
        }
    }
}
