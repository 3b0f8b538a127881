#if canImport(Glibc)
import Glibc
#endif
import BreatherJSON
import Dispatch

/// Reads i3bar click events from stdin (`[`, then one JSON object per line, comma-led) as they
/// arrive, through a dispatch read source: no thread sits blocked in `read`.
enum ClickReader {
    /// Calls `onClick` with the button of every click object (1 when it names none); end of input stops reading.
    static func start(_ onClick: @escaping @Sendable (Int) -> Void) -> any DispatchSourceRead {
        let queue = DispatchQueue(label: "breather.clicks")
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        nonisolated(unsafe) var lines = ClickLineBuffer()  // only touched on `queue`
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else {
                source.cancel()  // end of input (or an error): the bar stopped sending clicks
                return
            }
            for line in lines.append(buffer[0..<count]) where isClick(line) { onClick(button(line) ?? 1) }
        }
        source.resume()
        return source
    }

    /// The `button` of a click line: 1 left, 2 middle, 3 right, 4/5 scroll up/down.
    static func button(_ line: String) -> Int? {
        var text = Substring(line)
        while let first = text.first, first == "," || first == "[" || first == " " { text = text.dropFirst() }
        guard let value = try? JSON.parse(String(text)), let button = try? JSONCursor(value)["button"].int() else { return nil }
        return button
    }

    /// True for a line holding one click object (leading `[`, `,` and spaces allowed).
    static func isClick(_ line: String) -> Bool {
        var text = Substring(line)
        while let first = text.first, first == "," || first == "[" || first == " " { text = text.dropFirst() }
        guard text.first == "{", case .object? = try? JSON.parse(String(text)) else { return false }
        return true
    }
}

/// Splits the click stream into lines, keeping at most `maximumLineBytes` of an unfinished one:
/// a longer line (no click object is near that size) is dropped whole, up to its newline, so a
/// writer that never sends a newline cannot make Breather buffer without limit.
struct ClickLineBuffer {
    /// 4 KiB: an i3bar click object is about 200 bytes.
    static let maximumLineBytes = 4096
    private var pending: [UInt8] = []
    /// In a line already over the limit: its bytes are dropped until its newline.
    private var discarding = false

    /// The lines `bytes` completes, in order, without their newlines; over-long ones left out.
    mutating func append(_ bytes: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let chunk = rest[..<(newline ?? rest.endIndex)]
            if !discarding {
                if pending.count + chunk.count > Self.maximumLineBytes {
                    pending = []
                    discarding = true
                } else {
                    pending.append(contentsOf: chunk)
                }
            }
            guard let newline else { break }
            if !discarding { lines.append(String(decoding: pending, as: UTF8.self)) }
            pending = []
            discarding = false
            rest = rest[rest.index(after: newline)...]
        }
        return lines
    }
}
