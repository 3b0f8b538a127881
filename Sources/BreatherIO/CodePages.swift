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
/// on the stripped release build: about 21 MB of RSS between polls without this, 13–15 MB with
/// it, for about 85 minor faults (0.3 ms) per refresh to map back what it runs (README
/// "What it costs while idle").
///
/// Only code that is still the file's is dropped. Candidates are private, executable,
/// non-writable mappings of a file (`r-xp` in /proc/self/maps), except the C and C++ runtime;
/// and right before each `MADV_DONTNEED`, /proc/self/pagemap must show no page of the mapping
/// copied on write or swapped (a library's text relocations, a debugger's breakpoint, a
/// uprobe): dropping such a page would bring back the file's bytes. `MADV_DONTNEED` removes
/// this process's page-table entries; the pages stay in the page cache and are mapped again
/// from it on use, with the same contents.
public final class CodePages: Sendable {
    /// The one instance: the list of code mappings is remembered across refreshes.
    public static let shared = CodePages()

    /// The loader's counts when /proc/self/maps was last read, and the code mappings it held.
    /// Code is mapped by the loader alone, so the list is read again only when it has loaded or
    /// unloaded an object since (libcurl at the first request); reading the counts makes no
    /// system call.
    private let scanned = Mutex<(loads: LoaderCounts?, code: [Range<UInt>])>((nil, []))

    init() {}

    /// Mappings this large are handed back after every refresh; smaller ones only after the
    /// loader's counts move. Of libcurl's ~30 libraries most are small and run only while
    /// loading (64 KiB each stays mapped); checking and dropping each of them on every refresh
    /// cost more than the few KiB it kept away. The binary, libcrypto, GnuTLS and libcurl, which
    /// refreshes run, are all larger.
    static let everyRefresh: UInt = 256 << 10

    /// Drops this process's mappings of code pages that are still the file's. Failing to read
    /// /proc changes nothing.
    public func release() {
        let loads = LoaderCounts.now()
        let code = scanned.withLock { state -> [Range<UInt>] in
            guard state.loads != loads else { return state.code.filter { $0.count >= Self.everyRefresh } }
            guard let maps = try? SmallFile.readBytes("/proc/self/maps", limit: 8 << 20) else { return [] }
            state = (loads, Self.codeMappings(maps: maps))
            return state.code
        }
        let pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        guard pagemap >= 0 else { return }
        defer { close(pagemap) }
        for range in code where Self.isUnchanged(range, pagemap: pagemap) {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: range.lowerBound), Int(range.upperBound - range.lowerBound), MADV_DONTNEED)
        }
    }

    private static let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))

    /// The address ranges of /proc/self/maps's private executable file mappings (`r-xp`),
    /// the C and C++ runtime left out.
    static func codeMappings(maps: [UInt8]) -> [Range<UInt>] {
        maps.split(separator: UInt8(ascii: "\n")).compactMap(codeMapping)
    }

    /// Whether no page of `range` is a private copy: pagemap (8 bytes a page) says for each
    /// page whether it is present (bit 63), swapped (bit 62) and a page of a file (bit 61). A
    /// present page that is not the file's, or a swapped one (file pages are never swapped),
    /// was copied on write. Unreadable means changed.
    static func isUnchanged(_ range: Range<UInt>, pagemap: Int32) -> Bool {
        let pages = Int((range.upperBound - range.lowerBound) / pageSize)
        var entries = [UInt64](repeating: 0, count: pages)
        let bytes = entries.count * MemoryLayout<UInt64>.size
        let read = entries.withUnsafeMutableBytes { pread(pagemap, $0.baseAddress, bytes, off_t(range.lowerBound / pageSize) * 8) }
        guard read == bytes else { return false }
        let present: UInt64 = 1 << 63, swapped: UInt64 = 1 << 62, filePage: UInt64 = 1 << 61
        return !entries.contains { $0 & swapped != 0 || ($0 & present != 0 && $0 & filePage == 0) }
    }

    /// `7f00…-7f01… r-xp 00000000 fe:01 1234   /usr/lib/…/libcurl.so.4.8.0` → its range, when it
    /// is private executable code from a file outside the C and C++ runtime; nil for any other line.
    private static func codeMapping(_ line: ArraySlice<UInt8>) -> Range<UInt>? {
        guard let first = line.first, hexDigit(first) != nil else { return nil }
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6, fields[1].elementsEqual("r-xp".utf8), let dash = fields[0].firstIndex(of: UInt8(ascii: "-")),
              let start = hex(fields[0][..<dash]), let end = hex(fields[0][(dash + 1)...]), start < end
        else { return nil }
        let path = fields[5].drop(while: { $0 == UInt8(ascii: " ") })
        guard path.first == UInt8(ascii: "/"), !isSharedRuntime(path) else { return nil }
        return start..<end
    }

    /// The C and C++ runtime (libc, libm, the dynamic loader, libstdc++, libgcc_s): every
    /// refresh runs it (a fifth of the faults a hand-back costs) and nearly every other process
    /// on a desktop keeps its pages resident anyway.
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
