/// The Swift side of the one loader (`CLoader`) of the libraries Breather opens at first use
/// rather than links (libcurl, libmosquitto): the C loader's reason turned into the one line a
/// user reads, naming the Debian package to install.
public enum LoadedLibrary {
    /// Runs `load` (a C `*_load(soname, error, size)` returning 0 or -1 with a reason) and
    /// returns nil on success, else "cannot load NAME (REASON); install the PACKAGE package".
    public static func load(_ name: String, package: String,
                            _ load: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        var reason = [CChar](repeating: 0, count: 512)
        let status = reason.withUnsafeMutableBufferPointer { load($0.baseAddress!, $0.count) }
        guard status != 0 else { return nil }
        let text = String(decoding: reason.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "cannot load \(name) (\(text)); install the \(package) package"
    }
}
