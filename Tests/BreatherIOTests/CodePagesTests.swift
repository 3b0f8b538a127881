@testable import BreatherIO
import Foundation
import Testing

@Suite("code pages handed back between refreshes")
struct CodePagesTests {
    static let maps = """
        55d0c0a00000-55d0c0b00000 r--p 00000000 fe:01 2621      /usr/bin/breather
        55d0c0b00000-55d0c0f00000 r-xp 00100000 fe:01 2621      /usr/bin/breather
        7f3a20000000-7f3a20021000 rw-p 00000000 00:00 0
        7f3a30000000-7f3a30100000 r-xp 00000000 fe:01 77        /usr/lib/x86_64-linux-gnu/libcurl.so.4.8.0 (deleted)
        7f3a40000000-7f3a40008000 r-xp 00000000 fe:01 78        /home/me/my libs/libx.so
        7f3a50000000-7f3a50100000 r-xp 00028000 fe:01 79        /usr/lib/x86_64-linux-gnu/libc.so.6
        7f3a50200000-7f3a50210000 r-xp 00000000 fe:01 80        /usr/lib/x86_64-linux-gnu/libm.so.6
        7f3a50300000-7f3a50310000 r-xp 00001000 fe:01 81        /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
        7f3a50400000-7f3a50410000 r-xp 00000000 fe:01 82        /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30
        7f3a50500000-7f3a50510000 r-xp 00000000 fe:01 83        /usr/lib/x86_64-linux-gnu/libgcc_s.so.1
        7ffd4a9f0000-7ffd4a9f2000 r-xp 00000000 00:00 0         [vdso]

        """

    @Test("candidates: a file's r-xp mappings, even deleted or with spaces; not data, [vdso] or the C/C++ runtime")
    func picksCode() {
        #expect(CodePages.codeMappings(maps: Array(Self.maps.utf8))
                == [0x55d0c0b00000..<0x55d0c0f00000, 0x7f3a30000000..<0x7f3a30100000, 0x7f3a40000000..<0x7f3a40008000])
    }

    @Test("a clean code mapping leaves RSS and reads back the same; a page changed after the first look keeps its change")
    func releasesOnlyCleanPages() throws {
        let bytes = (0..<(512 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
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
        func touch() -> Int {
            stride(from: 0, to: bytes.count, by: 4096).reduce(0) {
                $0 + Int(clean.load(fromByteOffset: $1, as: UInt8.self)) + Int(changed.load(fromByteOffset: $1, as: UInt8.self))
            }
        }
        // Larger than CodePages.everyRefresh, so every call checks them. A fresh instance lists
        // these mappings now; later calls reuse the list (the loader's counts do not move:
        // these mappings were not made by it).
        let pages = CodePages()
        let sum = touch()
        #expect(try Self.smapsField("Rss", of: clean) == 512, "\(sum)")
        pages.release()
        #expect(try Self.smapsField("Rss", of: clean) == 0)
        #expect(try Self.smapsField("Rss", of: changed) == 0)

        // After that first look, the page is patched, as a debugger sets a breakpoint or the
        // kernel a uprobe: writable, written, executable again.
        #expect(touch() == sum)
        #expect(mprotect(changed, 4096, PROT_READ | PROT_WRITE) == 0)
        changed.storeBytes(of: 0xCC, toByteOffset: 100, as: UInt8.self)
        #expect(mprotect(changed, 4096, PROT_READ | PROT_EXEC) == 0)
        pages.release()

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
