import BreatherLocale

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
    /// `next()`'s record, kept between calls.
    private var scratch = RawRecord()

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

    /// The next record with its fields as strings; nil at the end.
    mutating func next() throws -> Record? {
        var raw = RawRecord()
        swap(&raw, &scratch)  // the buffers the last record grew, not new ones
        defer { scratch = raw }
        guard try next(into: &raw) else { return nil }
        return Record(line: raw.line, fields: (0..<raw.count).map { raw.text($0) })
    }

    /// Reads the next record into `record` (its buffers reused: no allocation a record once they
    /// have grown); false at the end. Each field is checked to be UTF-8 text with no NUL.
    mutating func next(into record: inout RawRecord) throws -> Bool {
        guard try current() != nil else { return false }
        record.line = line
        record.bytes.removeAll(keepingCapacity: true)
        record.ends.removeAll(keepingCapacity: true)
        var quoted = false
        var fieldStart = 0
        while let byte = try current() {
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if try current() == UInt8(ascii: "\"") { record.bytes.append(byte); index += 1 } else { quoted = false }
                } else {
                    if byte == 10 { line += 1 }
                    record.bytes.append(byte)
                }
                continue
            }
            if byte == 13, try current() == 10 { continue }  // CRLF: the LF ends the record
            switch byte {
            case UInt8(ascii: "\""):
                guard record.bytes.count == fieldStart else { throw HistoryImportError(line: line, reason: tr("a quote inside an unquoted field")) }
                quoted = true
            case UInt8(ascii: ","):
                try Self.finishField(&record, from: &fieldStart, line: line)
            case 10:
                try Self.finishField(&record, from: &fieldStart, line: line)
                line += 1
                return true
            default:
                record.bytes.append(byte)
            }
        }
        guard !quoted else { throw HistoryImportError(line: record.line, reason: tr("a quoted field is not closed")) }
        try Self.finishField(&record, from: &fieldStart, line: line)
        return true
    }

    /// Ends the field that began at `start`, once its bytes are known to be text. Nearly every
    /// field is ASCII with no NUL: only the others go through `String(validating:)`, which looks
    /// up generic metadata on each call (14 % of an import's time when used for every field).
    private static func finishField(_ record: inout RawRecord, from start: inout Int, line: Int) throws(HistoryImportError) {
        // An index loop, not `for byte in field`: the same in a release build, but a debug build
        // (the test suite's child processes) walked the slice through generic iterator calls.
        var ascii = true
        var position = start
        let end = record.bytes.count
        while position < end {
            let byte = record.bytes[position]
            if byte == 0 || byte >= 0x80 { ascii = false; break }
            position += 1
        }
        if !ascii {
            let field = record.bytes[start...]
            guard !field.contains(0), String(validating: field, as: UTF8.self) != nil else {
                throw HistoryImportError(line: line, reason: tr("not text (binary or non-UTF-8 bytes)"))
            }
        }
        record.ends.append(record.bytes.count)
        start = record.bytes.count
    }
}

/// One record's fields as bytes, unquoted, one after another: field `i` is `bytes[range(i)]`.
struct RawRecord {
    /// The line the record starts on.
    var line = 0
    var bytes: [UInt8] = []
    /// Where each field ends in `bytes`.
    var ends: [Int] = []

    var count: Int { ends.count }

    func range(_ field: Int) -> Range<Int> { (field == 0 ? 0 : ends[field - 1])..<ends[field] }

    /// Field `field` as a string (its bytes were checked to be UTF-8 as it was read).
    func text(_ field: Int) -> String { String(decoding: bytes[range(field)], as: UTF8.self) }
}
