#if canImport(Glibc)
import Glibc
#endif
import Synchronization

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

    /// The code mappings last scanned (their lines in /proc/self/maps) and which of them are
    /// clean. smaps costs about 1 ms to read, maps a tenth of that: smaps is read again only
    /// when the code mappings change (libcurl loaded at the first request, a library opened).
    private let scanned = Mutex<(codeLines: [UInt8], clean: [Range<UInt>])>(([], []))

    /// Drops this process's mappings of clean code pages. Costs about 0.1 ms when the code
    /// mappings are those of the last call. Failing to read /proc changes nothing.
    public func release() {
        guard let maps = try? SmallFile.readBytes("/proc/self/maps", limit: 8 << 20) else { return }
        let codeLines = Self.codeLines(maps: maps)
        let clean = scanned.withLock { state -> [Range<UInt>]? in
            if state.codeLines != codeLines {
                guard let smaps = try? SmallFile.readBytes("/proc/self/smaps", limit: 64 << 20) else { return nil }
                state = (codeLines, Self.cleanCode(smaps: smaps))
            }
            return state.clean
        }
        for range in clean ?? [] {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: range.lowerBound), Int(range.upperBound - range.lowerBound), MADV_DONTNEED)
        }
    }

    /// The lines of /proc/self/maps that map a file as private executable code (`r-xp`).
    static func codeLines(maps: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for line in maps.split(separator: UInt8(ascii: "\n")) where mapping(line)?.isFileCode == true {
            result += line
            result.append(UInt8(ascii: "\n"))
        }
        return result
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
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: UInt8(ascii: "-")),
              let start = hex(fields[0][..<dash]), let end = hex(fields[0][(dash + 1)...]), start < end
        else { return nil }
        let path = fields.count > 5 ? fields[5].drop(while: { $0 == UInt8(ascii: " ") }) : []
        let isFileCode = fields[1].elementsEqual("r-xp".utf8) && path.first == UInt8(ascii: "/")
        return (start..<end, isFileCode)
    }

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }
}
