/// A schema brought forward one version at a time: `steps[i]` takes a file at version `i` to
/// `i + 1`, recorded in `PRAGMA user_version`. Steps are only ever appended: a released step is
/// never edited, so every older file reaches the same schema.
public struct Migrations: Sendable {
    /// The SQL of each step, oldest first.
    public let steps: [String]

    /// Migrations made of `steps`, in order.
    public init(_ steps: [String]) { self.steps = steps }

    /// The version the last step brings a file to.
    public var latestVersion: Int { steps.count }

    /// Runs every step the file has not had, each in its own transaction with its version
    /// bump, up to `target` (all by default). A file newer than these migrations is refused:
    /// an older Breather must not write into a schema it does not know.
    public func migrate(_ database: Database, to target: Int? = nil) throws(SQLiteError) {
        let goal = target ?? latestVersion
        let current = try database.userVersion
        guard current <= latestVersion else {
            throw SQLiteError(code: 1, message: "\(database.path) has schema version \(current), newer than this Breather knows (\(latestVersion))")
        }
        guard current < goal else { return }
        for version in current..<goal {
            try database.transaction { () throws(SQLiteError) in
                try database.execute(steps[version])
                try database.setUserVersion(version + 1)
            }
        }
    }
}
