/// One row of a breakpoint table: concentrations `cLo…cHi` map linearly onto `iLo…iHi`.
/// `cHi == nil` marks an open-ended top row (e.g. India's "250+"). For banded indices
/// (EU EAQI, UK DAQI) `iLo == iHi` is the band number.
public struct Breakpoint: Sendable, Hashable {
    /// Lowest concentration of the row, in the unit the standard indexes this pollutant in.
    public var cLo: Double
    /// Highest concentration of the row; `nil` for an open-ended top row.
    public var cHi: Double?
    /// Index at `cLo` (the band number for banded indices).
    public var iLo: Int
    /// Index at `cHi` (the band number for banded indices).
    public var iHi: Int

    /// A row `[cLo, cHi, iLo, iHi]`, in the reference JSON's order.
    public init(_ cLo: Double, _ cHi: Double?, _ iLo: Int, _ iHi: Int) {
        self.cLo = cLo
        self.cHi = cHi
        self.iLo = iLo
        self.iHi = iHi
    }
}

/// What a table does with a concentration above its last row.
enum AboveTableRule: Sendable {
    /// Extrapolate the last segment with the same equation (US EPA TAD 2024 footnote 4).
    case extrapolate
    /// Report this index value (HJ 633: no concentration above IAQI 500 is defined → 500).
    case cap(Int)
}

/// A breakpoint table with the linear-interpolation equation every max-of-sub-indices
/// standard shares: `I = (IHi − ILo) / (BPHi − BPLo) × (C − BPLo) + ILo`
/// (EPA TAD Equation 1; HJ 633 Eq. (1); CPCB NAQI).
struct BreakpointTable: Sendable {
    var rows: [Breakpoint]

    init(_ rows: [[Double?]]) {
        self.rows = rows.map { Breakpoint($0[0] ?? 0, $0[1], Int($0[2] ?? 0), Int($0[3] ?? 0)) }
    }

    /// The unrounded index for `c`, or `nil` when `c` is below the first row (e.g. US O3
    /// 1-h < 0.125 ppm). Rows are searched in order and the first whose upper edge is ≥ `c`
    /// is used, so continuous tables (China: each row starts where the previous ends) resolve
    /// a shared edge to the lower row, and gapped tables (US, India) are used after the
    /// standard's truncation/rounding. An open-ended row (`cHi == nil`) gives its `iLo`.
    func rawIndex(_ c: Double, above: AboveTableRule) -> Double? {
        guard let first = rows.first, c >= first.cLo - 1e-12 else { return nil }
        for row in rows {
            guard let hi = row.cHi else { return Double(row.iLo) }
            if c <= hi + 1e-12 {
                return Self.interpolate(c, lo: row.cLo, hi: hi, iLo: row.iLo, iHi: row.iHi)
            }
        }
        guard let last = rows.last else { return nil }
        switch above {
        case .extrapolate:
            let hi = last.cHi ?? last.cLo
            return Self.interpolate(c, lo: last.cLo, hi: hi, iLo: last.iLo, iHi: last.iHi)
        case .cap(let value):
            return Double(value)
        }
    }

    /// The band (`iLo` of the row) for banded indices: the first row whose upper edge is ≥ `c`
    /// ("value ≤ upper edge → lower band", the EAQI convention in the reference JSON).
    func band(_ c: Double) -> Int? {
        guard let first = rows.first, c >= first.cLo - 1e-12 else { return nil }
        for row in rows {
            guard let hi = row.cHi else { return row.iLo }
            if c <= hi + 1e-12 { return row.iLo }
        }
        return rows.last?.iHi
    }

    static func interpolate(_ c: Double, lo: Double, hi: Double, iLo: Int, iHi: Int) -> Double {
        guard hi > lo else { return Double(iLo) }
        return Double(iHi - iLo) / (hi - lo) * (c - lo) + Double(iLo)
    }
}
