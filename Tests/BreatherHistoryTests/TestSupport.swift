#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherHistory
import BreatherModel

/// A private folder for one test's files, removed when the test's value goes away.
final class TempFolder {
    let path: String

    init() {
        var template = Array("/tmp/breather-history-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func write(_ name: String, _ bytes: [UInt8]) {
        let fd = open(file(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func read(_ name: String) -> [UInt8]? {
        guard let handle = fopen(file(name), "rb") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    func names() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    deinit { _ = system("rm -rf '\(path)'") }
}

let brooklyn = HistoryPlace(latitude: 40.6769, longitude: -73.9423, name: "Brooklyn")

/// 2026-11-20T00:00:00Z.
let day0 = 1_795_132_800

func reading(_ variable: String, _ value: Double, at time: Int, source: String = "open-meteo", place: HistoryPlace = brooklyn) -> HistoryReading {
    HistoryReading(place: place, source: source, time: time, variable: variable, value: value)
}

/// One test at a time may pin TZ: the zone is the process's, and suites run in parallel.
final class TimeZoneLock: @unchecked Sendable {
    static let shared = TimeZoneLock()
    private var mutex = pthread_mutex_t()
    private init() { pthread_mutex_init(&mutex, nil) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
}

/// Whether the process's zone is UTC already: an offset of 0 in winter and summer, 2025–2027.
let processZoneIsUTC: Bool = {
    tzset()
    return [1_736_942_400, 1_752_580_800, 1_768_478_400, 1_784_116_800, 1_800_014_400, 1_815_652_800].allSatisfy { seconds in
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return parts.tm_gmtoff == 0
    }
}()

/// Pins TZ to UTC for a test's local times; only UTC: the zone is the whole process's, so
/// pinning any other would shift the local days of every suite running meanwhile (a German
/// evening-prompt test once saw Berlin's day). Tests of a real zone's offsets and DST run the
/// binary with TZ in the child's environment (BreatherEndToEndTests' LocalTimeLogTests).
///
/// Where the process is in UTC already (CI, this machine) it changes nothing. Elsewhere it sets
/// TZ, one test at a time; TZ is added to the environment at most once and never removed.
/// Adding or removing a variable makes glibc reallocate `environ`, and a suite spawning a process
/// meanwhile (which copies `environ`) crashed in `Process.run`; replacing an existing value swaps
/// one pointer, and glibc keeps the old string. ":/etc/localtime" is how glibc reads an unset
/// TZ, so it restores that.
///
/// A pin changes the zone of every test running meanwhile: a test that reads the process's own
/// zone runs in `inProcessZone`, so no pin can switch it between two of its reads.
func withTimeZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
    precondition(zone == "UTC", "pin only UTC in-process: test other zones end to end with TZ in the child's environment")
    if processZoneIsUTC { return try body() }
    TimeZoneLock.shared.lock()
    defer { TimeZoneLock.shared.unlock() }
    let before = getenv("TZ").map { String(cString: $0) } ?? ":/etc/localtime"
    setenv("TZ", zone, 1)
    tzset()
    defer { setenv("TZ", before, 1); tzset() }
    return try body()
}

/// Runs `body` in the process's zone, whichever it is, with no pin (`withTimeZone`) changing it
/// meanwhile: for a test that formats or reads local times more than once and compares them (a
/// line and its expected prefix, an export and its re-export). Outside UTC a pin switches the
/// whole process to UTC for its body; such a test running beside it once saw both zones
/// (`TZ=America/New_York`: an export written at -05:00, its re-export at +00:00).
func inProcessZone<T>(_ body: () throws -> T) rethrows -> T {
    if processZoneIsUTC { return try body() }
    TimeZoneLock.shared.lock()
    defer { TimeZoneLock.shared.unlock() }
    return try body()
}
