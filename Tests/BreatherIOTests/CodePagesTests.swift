@testable import BreatherIO
import Foundation
import Testing

@Suite("code pages handed back between refreshes")
struct CodePagesTests {
    static let smaps = """
        55d0c0a00000-55d0c0b00000 r--p 00000000 fe:01 2621      /usr/bin/breather
        Rss:                 120 kB
        Anonymous:             0 kB
        55d0c0b00000-55d0c0f00000 r-xp 00100000 fe:01 2621      /usr/bin/breather
        Rss:                3400 kB
        Anonymous:             0 kB
        7f3a10000000-7f3a10200000 r-xp 00020000 fe:01 4410      /usr/lib/x86_64-linux-gnu/libtextrel.so
        Rss:                 900 kB
        Anonymous:             4 kB
        7f3a20000000-7f3a20021000 rw-p 00000000 00:00 0
        Rss:                  12 kB
        Anonymous:            12 kB
        7f3a30000000-7f3a30100000 r-xp 00000000 fe:01 77        /usr/lib/x86_64-linux-gnu/libcurl.so.4.8.0 (deleted)
        Rss:                 468 kB
        Anonymous:             0 kB
        7ffd4a9f0000-7ffd4a9f2000 r-xp 00000000 00:00 0         [vdso]
        Rss:                   4 kB
        Anonymous:             0 kB

        """

    @Test("only a file's r-xp mappings without a changed page are dropped: not data, not [vdso], not text-relocated code")
    func picksCleanCode() {
        let ranges = CodePages.cleanCode(smaps: Array(Self.smaps.utf8))
        #expect(ranges == [0x55d0c0b00000..<0x55d0c0f00000, 0x7f3a30000000..<0x7f3a30100000])
    }

    @Test("libc, libm, the loader, libstdc++ and libgcc_s stay mapped: every process maps them")
    func keepsSharedRuntime() {
        let smaps = ["/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
                     "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30",
                     "/usr/lib/x86_64-linux-gnu/libgcc_s.so.1", "/usr/lib/x86_64-linux-gnu/libcurl.so.4.8.0"]
            .enumerated().map { index, path in
                "7f00000\(index)0000-7f00000\(index)8000 r-xp 00000000 fe:01 1\(index)    \(path)\nAnonymous:  0 kB\n"
            }.joined()
        #expect(CodePages.cleanCode(smaps: Array(smaps.utf8)) == [0x7f0000050000..<0x7f0000058000])
    }

    @Test("a clean code mapping leaves RSS and reads back the same; a changed one keeps its change")
    func releasesOnlyCleanPages() throws {
        let bytes = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("codepages-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        // Two private executable mappings of the file, as the loader maps code.
        let clean = try #require(mmap(nil, bytes.count, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0))
        let changed = try #require(mmap(nil, bytes.count, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0))
        try #require(clean != MAP_FAILED && changed != MAP_FAILED)
        defer { munmap(clean, bytes.count); munmap(changed, bytes.count) }
        var sum = 0
        for offset in stride(from: 0, to: bytes.count, by: 4096) {
            sum += Int(clean.load(fromByteOffset: offset, as: UInt8.self)) + Int(changed.load(fromByteOffset: offset, as: UInt8.self))
        }
        // A text relocation: the loader makes the page writable, patches it and makes it executable again.
        #expect(mprotect(changed, 4096, PROT_READ | PROT_WRITE) == 0)
        changed.storeBytes(of: 0xCC, toByteOffset: 100, as: UInt8.self)
        #expect(mprotect(changed, 4096, PROT_READ | PROT_EXEC) == 0)
        #expect(try Self.smapsField("Rss", of: clean) == 256, "\(sum)")

        // A new instance scans smaps now: these mappings were not made by the loader, whose
        // counts tell `shared` when to scan again.
        CodePages().release()

        #expect(try Self.smapsField("Rss", of: clean) == 0)
        #expect(try Self.smapsField("Anonymous", of: changed) == 4)
        #expect(changed.load(fromByteOffset: 100, as: UInt8.self) == 0xCC)
        #expect(Array(UnsafeRawBufferPointer(start: clean, count: bytes.count)) == bytes)
    }

    /// A field (in kB) of the smaps entry that starts at `address`.
    static func smapsField(_ name: String, of address: UnsafeMutableRawPointer) throws -> Int? {
        let start = String(UInt(bitPattern: address), radix: 16) + "-"
        let text = try SmallFile.read("/proc/self/smaps", limit: 64 << 20)
        var inEntry = false
        for line in text.split(separator: "\n") {
            let first = line.prefix(while: { $0 != " " })
            if first.contains("-") && first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                inEntry = line.hasPrefix(start)
            } else if inEntry, line.hasPrefix(name + ":") {
                return Int(line.split(separator: " ")[1])
            }
        }
        return nil
    }
}
