/// RFC 4180 records read from chunks of bytes as they come (a file read a megabyte at a time:
/// memory stays bounded whatever its size): quoted fields may hold commas, doubled quotes and
/// line breaks; lines end in CRLF or LF; a UTF-8 byte order mark at the start (Excel's "CSV
/// UTF-8") is skipped. Bytes that are not UTF-8 text (a NUL, invalid sequences) fail with the
/// line they are on.
struct CSVRecords {
    private var buffer: [UInt8] = []
    private var index = 0
    private var line = 1
    private var started = false
    private var exhausted = false
    private let nextChunk: () throws -> [UInt8]?
    private var field: [UInt8] = []

    struct Record { var line: Int; var fields: [String] }

    /// Records from the chunks `nextChunk` hands over, until it returns nil; what it throws
    /// (a read error) passes through.
    init(chunks nextChunk: @escaping () throws -> [UInt8]?) { self.nextChunk = nextChunk }

    /// Records from bytes already in memory.
    init(_ bytes: [UInt8]) {
        var rest: [UInt8]? = bytes
        self.init { defer { rest = nil }; return rest }
    }

    /// The byte at `index`, reading the next chunk when this one is used up; nil at the end.
    private mutating func current() throws -> UInt8? {
        while index == buffer.count {
            guard !exhausted, let chunk = try nextChunk() else { exhausted = true; return nil }
            buffer = chunk
            index = 0
            if !started, !chunk.isEmpty {
                started = true
                if chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { index = 3 }
            }
        }
        return buffer[index]
    }

    /// `next()` over bytes whose reading cannot fail (in memory): only a line that is not text throws.
    mutating func nextRecord() throws(HistoryImportError) -> Record? {
        do {
            return try next()
        } catch let error as HistoryImportError {
            throw error
        } catch {
            throw HistoryImportError(line: line, reason: "\(error)")
        }
    }

    mutating func next() throws -> Record? {
        guard try current() != nil else { return nil }
        let start = line
        var fields: [String] = []
        var quoted = false
        func finishField(_ fields: inout [String], _ field: inout [UInt8], line: Int) throws(HistoryImportError) {
            // Nearly every field is ASCII with no NUL: decoded at once. `String(validating:)` looks
            // up generic metadata on each call (14 % of an import's time when used for every field).
            var ascii = true
            for byte in field where byte == 0 || byte >= 0x80 { ascii = false; break }
            if ascii {
                fields.append(String(decoding: field, as: UTF8.self))
            } else {
                guard !field.contains(0), let text = String(validating: field, as: UTF8.self) else {
                    throw HistoryImportError(line: line, reason: "not text (binary or non-UTF-8 bytes)")
                }
                fields.append(text)
            }
            field.removeAll(keepingCapacity: true)
        }
        while let byte = try current() {
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if try current() == UInt8(ascii: "\"") { field.append(byte); index += 1 } else { quoted = false }
                } else {
                    if byte == 10 { line += 1 }
                    field.append(byte)
                }
                continue
            }
            if byte == 13, try current() == 10 { continue }  // CRLF: the LF ends the record
            switch byte {
            case UInt8(ascii: "\""):
                guard field.isEmpty else { throw HistoryImportError(line: line, reason: "a quote inside an unquoted field") }
                quoted = true
            case UInt8(ascii: ","):
                try finishField(&fields, &field, line: line)
            case 10:
                try finishField(&fields, &field, line: line)
                line += 1
                return Record(line: start, fields: fields)
            default:
                field.append(byte)
            }
        }
        guard !quoted else { throw HistoryImportError(line: start, reason: "a quoted field is not closed") }
        try finishField(&fields, &field, line: line)
        return Record(line: start, fields: fields)
    }
}
