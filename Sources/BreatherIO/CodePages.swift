#if canImport(Glibc)
import Glibc
#endif
import CLoadedObjects
import Synchronization

/// dl_iterate_phdr(3)'s counts of objects loaded and unloaded since the process started.
struct LoaderCounts: Equatable {
    var adds: UInt64
    var subs: UInt64

    static func now() -> LoaderCounts {
        var counts = LoaderCounts(adds: 0, subs: 0)
        cloadedobjects_counts(&counts.adds, &counts.subs)
        return counts
    }
}

/// Hands back the code pages a refresh ran, once it is done, so that a daemon or `watch`
/// sleeping for `interval` does not hold them mapped.
///
/// A refresh runs code spread over the binary and libcurl's libraries; with the kernel's
/// fault-around (64 KiB per fault) that keeps about 7 MB of code mapped, and start-up code
/// (config, TOML, libcurl's set-up) 5 MB more, for the minutes until the next poll. Measured
/// on the release build: 21.1 MB RSS idle, 9.0 MB once handed back, and about 100 minor faults
/// (a fraction of a millisecond) to map back what the next refresh runs (README "The daemon
/// at rest").
///
/// Only clean code is dropped: private, executable, non-writable mappings of a file, without
/// a single copied-on-write page (`Anonymous: 0 kB` in smaps). `MADV_DONTNEED` removes this
/// process's page-table entries for them; the pages stay in the page cache, shared with any
/// other process, and are mapped again from it on use, with the same contents. A mapping that
/// holds a changed page (a library with text relocations, a debugger's breakpoint) is left
/// alone, since dropping it would bring back the file's unchanged bytes.
public final class CodePages: Sendable {
    /// The one instance: the scan of smaps is remembered across refreshes.
    public static let shared = CodePages()

    init() {}

    /// The loader's load and unload counts at the last scan of smaps, and the clean code
    /// ranges it found. smaps costs about 1 ms to read, so it is read again only when the
    /// loader has loaded or unloaded an object since (libcurl at the first request): code is
    /// mapped by the loader alone, and reading the counts makes no system call.
    private let scanned = Mutex<(loads: LoaderCounts?, clean: [Range<UInt>])>((nil, []))

    /// Drops this process's mappings of clean code pages. Failing to read /proc changes nothing.
    public func release() {
        let loads = LoaderCounts.now()
        let clean = scanned.withLock { state -> [Range<UInt>] in
            if state.loads != loads {
                guard let smaps = try? SmallFile.readBytes("/proc/self/smaps", limit: 64 << 20) else { return [] }
                state = (loads, Self.cleanCode(smaps: smaps))
            }
            return state.clean
        }
        for range in clean {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: range.lowerBound), Int(range.upperBound - range.lowerBound), MADV_DONTNEED)
        }
    }

    /// The address ranges of /proc/self/smaps's file-backed `r-xp` mappings whose
    /// `Anonymous:` is 0 kB.
    static func cleanCode(smaps: [UInt8]) -> [Range<UInt>] {
        var clean: [Range<UInt>] = []
        var current: Range<UInt>?
        for line in smaps.split(separator: UInt8(ascii: "\n")) {
            if let header = mapping(line) {
                current = header.isFileCode ? header.range : nil
            } else if let range = current, line.starts(with: Array("Anonymous:".utf8)) {
                let digits = line.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                if digits.allSatisfy({ $0 == UInt8(ascii: "0") }) { clean.append(range) }
                current = nil
            }
        }
        return clean
    }

    /// `7f00…-7f01… r-xp 00000000 fe:01 1234   /usr/lib/…/libcurl.so.4.8.0` → its range, and
    /// whether it is private executable code from a file; nil for any other line (smaps's
    /// `Rss:` and similar, which start with a capital letter, never with a hex digit).
    private static func mapping(_ line: ArraySlice<UInt8>) -> (range: Range<UInt>, isFileCode: Bool)? {
        guard let first = line.first, hexDigit(first) != nil else { return nil }
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: UInt8(ascii: "-")),
              let start = hex(fields[0][..<dash]), let end = hex(fields[0][(dash + 1)...]), start < end
        else { return nil }
        let path = fields.count > 5 ? fields[5].drop(while: { $0 == UInt8(ascii: " ") }) : []
        let isFileCode = fields[1].elementsEqual("r-xp".utf8) && path.first == UInt8(ascii: "/") && !isSharedRuntime(path)
        return (start..<end, isFileCode)
    }

    /// The C and C++ runtime (libc, libm, the dynamic loader, libstdc++, libgcc_s): nearly every
    /// process on a desktop maps their code, so the pages stay mapped whatever Breather does, and
    /// handing them back would only move Breather's RSS figure while the next refresh paid for
    /// mapping them again (a fifth of its faults).
    private static func isSharedRuntime(_ path: ArraySlice<UInt8>) -> Bool {
        let name = path.split(separator: UInt8(ascii: "/")).last ?? []
        return sharedRuntimePrefixes.contains { name.starts(with: $0) }
    }

    private static let sharedRuntimePrefixes = ["libc.so.", "libm.so.", "ld-linux", "libstdc++.so.", "libgcc_s.so."].map { Array($0.utf8) }

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for digit in digits {
            guard let nibble = hexDigit(digit) else { return nil }
            value = value << 4 | nibble
        }
        return value
    }

    /// /proc writes addresses in lowercase hex.
    private static func hexDigit(_ byte: UInt8) -> UInt? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
