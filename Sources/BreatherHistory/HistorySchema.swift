import BreatherStore

/// The history file's schema, one step per version (`PRAGMA user_version`). Append new steps;
/// never edit a released one (HistorySchemaTests migrates from every earlier version).
enum HistorySchema {
    static let migrations = Migrations([
        // 1: readings keyed by place, time, variable and source (one row whoever records the
        // same hour), with the places, sources and variables they name. WITHOUT ROWID: the key
        // is the table, about 20 bytes a reading.
        """
        CREATE TABLE place(id INTEGER PRIMARY KEY, latitude REAL NOT NULL, longitude REAL NOT NULL, name TEXT NOT NULL DEFAULT '',
                           UNIQUE(latitude, longitude));
        CREATE TABLE source(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE variable(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, unit TEXT NOT NULL, period TEXT NOT NULL);
        CREATE TABLE reading(place INTEGER NOT NULL, time INTEGER NOT NULL, variable INTEGER NOT NULL, source INTEGER NOT NULL,
                             value REAL NOT NULL, PRIMARY KEY(place, time, variable, source)) WITHOUT ROWID;
        """,
        // 2: retention tiers (raw readings roll up into hourly means, then daily summaries)
        // and how far each place has been rolled up, so a write looks only at new hours.
        """
        CREATE TABLE daily(place INTEGER NOT NULL, day INTEGER NOT NULL, variable INTEGER NOT NULL, source INTEGER NOT NULL,
                           mean REAL NOT NULL, min REAL NOT NULL, max REAL NOT NULL, count INTEGER NOT NULL,
                           PRIMARY KEY(place, day, variable, source)) WITHOUT ROWID;
        CREATE TABLE rollup(place INTEGER PRIMARY KEY, raw_through INTEGER NOT NULL DEFAULT 0, hourly_through INTEGER NOT NULL DEFAULT 0);
        """,
        // 3: each change of the advice shown at a place (README "What to do now"), with its
        // reasons joined by ", ". Kept as they are: a few rows a day.
        """
        CREATE TABLE advice(place INTEGER NOT NULL, time INTEGER NOT NULL, action TEXT NOT NULL, reasons TEXT NOT NULL,
                            PRIMARY KEY(place, time)) WITHOUT ROWID;
        """,
        // 4: the breathing log (`breather log`): one row per entry, at a time and a place (by
        // name: a place may be logged before any reading names it), with the day's exposure
        // snapshot beside it (`key=value;…`), since raw readings become hourly means after 90
        // days and hourly means daily summaries after a year. (time, place) is the entry's
        // identity: an import of the same export twice adds nothing.
        """
        CREATE TABLE log(id INTEGER PRIMARY KEY, time INTEGER NOT NULL, place TEXT NOT NULL DEFAULT '',
                         score INTEGER, reliever INTEGER, peak_flow INTEGER, night_waking INTEGER, activity_limited INTEGER,
                         cough INTEGER, wheeze INTEGER, chest_tightness INTEGER, breathlessness INTEGER,
                         tags TEXT NOT NULL DEFAULT '', note TEXT NOT NULL DEFAULT '', exposure TEXT NOT NULL DEFAULT '',
                         UNIQUE(time, place));
        """,
    ])
}
