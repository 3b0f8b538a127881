#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BreatherStore

@Suite struct DatabaseTests {
    @Test func bindsAndReadsEveryType() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(i INTEGER, d REAL, s TEXT, n TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
        try insert.bind(-42, at: 1)
        try insert.bind(22.1, at: 2)
        try insert.bind("Kraków \"quoted\", ünïcode", at: 3)
        try insert.bind(nil as String?, at: 4)
        try insert.step()
        let query = try db.prepare("SELECT i, d, s, n FROM t")
        #expect(try query.step())
        #expect(query.int(at: 0) == -42)
        #expect(query.double(at: 1) == 22.1)
        #expect(query.text(at: 2) == "Kraków \"quoted\", ünïcode")
        #expect(query.optionalText(at: 3) == nil)
        #expect(query.isNull(at: 3))
        #expect(try query.step() == false)
    }

    @Test func errorsCarryCodeAndMessage() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(k INTEGER PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES (1)")
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.primaryCode == 19)  // SQLITE_CONSTRAINT
        #expect(error?.message.contains("UNIQUE constraint failed: t.k") == true)
        let syntax = #expect(throws: SQLiteError.self) { _ = try db.prepare("SELEC nothing") }
        #expect(syntax?.primaryCode == 1)
        #expect(syntax?.message.contains("syntax error") == true)
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(k INTEGER PRIMARY KEY)")
        #expect(throws: SQLiteError.self) {
            try db.transaction { () throws(SQLiteError) in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
        try db.transaction { () throws(SQLiteError) in try db.execute("INSERT INTO t VALUES (2)") }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 1)
    }

    @Test func aFileOfRandomBytesIsCorruption() throws {
        let path = "/tmp/breather-store-test-\(getpid())-garbage.sqlite3"
        defer { unlink(path) }
        let file = fopen(path, "w")!
        for i in 0..<8192 { fputc(Int32((i * 7919 + 13) % 256), file) }
        fclose(file)
        let db = try Database(path: path)
        let error = #expect(throws: SQLiteError.self) { _ = try db.userVersion }
        #expect(error?.isCorruption == true)
    }

    @Test func migrationsRunInOrderAndRecordTheVersion() throws {
        let migrations = Migrations(["CREATE TABLE a(x)", "CREATE TABLE b(y)", "INSERT INTO b VALUES (1)"])
        let db = try Database(path: ":memory:")
        try migrations.migrate(db, to: 1)
        #expect(try db.userVersion == 1)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'b'") == 0)
        try migrations.migrate(db)
        #expect(try db.userVersion == 3)
        #expect(try db.scalarInt("SELECT count(*) FROM b") == 1)
        try migrations.migrate(db)  // nothing left to do: no second row
        #expect(try db.scalarInt("SELECT count(*) FROM b") == 1)
    }

    @Test func aFailingStepLeavesTheVersionBehind() throws {
        let migrations = Migrations(["CREATE TABLE a(x)", "CREATE TABLE a(x)"])
        let db = try Database(path: ":memory:")
        #expect(throws: SQLiteError.self) { try migrations.migrate(db) }
        #expect(try db.userVersion == 1)
    }

    @Test func aNewerFileIsRefused() throws {
        let db = try Database(path: ":memory:")
        try db.setUserVersion(9)
        let error = #expect(throws: SQLiteError.self) { try Migrations(["CREATE TABLE a(x)"]).migrate(db) }
        #expect(error?.message.contains("newer than this Breather knows") == true)
    }
}

/// Kept statements (`Database.kept`) are compiled once; what a caller sees must be what a
/// freshly compiled statement would show.
@Suite("kept statements: reused, never a stale snapshot, never shared by two loops at once")
struct KeptStatementTests {
    @Test("the same statement comes back reset and unbound, and reads another connection's commit")
    func reusedAndSeesOtherCommits() throws {
        let path = "/tmp/breather-kept-\(getpid()).sqlite3"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        let db = try Database(path: path)
        _ = try db.scalarText("PRAGMA journal_mode=WAL")
        try db.execute("CREATE TABLE t(k INTEGER PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES (1), (2)")
        let first = try db.kept("SELECT k FROM t WHERE k >= ? ORDER BY k")
        try first.bind(1, at: 1)
        #expect(try first.step())  // left after its first row, then reset as the rule says
        first.reset()
        let other = try Database(path: path)
        try other.execute("INSERT INTO t VALUES (3)")
        let again = try db.kept("SELECT k FROM t WHERE k >= ? ORDER BY k")
        #expect(again === first)
        try again.bind(2, at: 1)
        var keys: [Int] = []
        while try again.step() { keys.append(again.int(at: 0)) }
        #expect(keys == [2, 3])
    }

    @Test("while a kept statement is between rows, asking for it again gives a new one")
    func aRunningStatementIsNotHandedOut() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t(k INTEGER PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES (1), (2), (3)")
        let sql = "SELECT k FROM t ORDER BY k"
        let outer = try db.kept(sql)
        defer { outer.reset() }
        var pairs: [[Int]] = []
        while try outer.step() {
            let inner = try db.kept(sql)
            #expect(inner !== outer)
            defer { inner.reset() }
            var row: [Int] = [outer.int(at: 0)]
            while try inner.step() { row.append(inner.int(at: 0)) }
            pairs.append(row)
        }
        #expect(pairs == [[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]])
    }
}

extension KeptStatementTests {
    @Test("a connection with kept statements still closes when its last user lets it go")
    func keptStatementsDoNotKeepTheConnection() throws {
        weak var released: Database?
        do {
            let db = try Database(path: ":memory:")
            let statement = try db.kept("SELECT 1")
            #expect(try statement.step())
            statement.reset()
            released = db
        }
        #expect(released == nil)
    }
}
