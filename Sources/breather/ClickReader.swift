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
        nonisolated(unsafe) var pending: [UInt8] = []  // only touched on `queue`
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else {
                source.cancel()  // end of input (or an error): the bar stopped sending clicks
                return
            }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if isClick(line) { onClick(button(line) ?? 1) }
            }
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
