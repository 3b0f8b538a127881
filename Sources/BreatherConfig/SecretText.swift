#if canImport(Glibc)
import Glibc
#endif
import BreatherIO
import BreatherLocale
import BreatherModel

/// What an API key or token may be: one line of printable ASCII, at most 256 bytes, white space
/// around it ignored. A key file pointed at the wrong file (a config, a log, a binary) would
/// otherwise be sent whole to a provider as `key=…`; refusing it names no byte of it.
public enum SecretText {
    /// The longest key accepted, in bytes (providers' keys are 32-64 characters).
    public static let maximumBytes = 256
    /// The most a key file is read: room for white space around the longest key, no more.
    static let readLimit = 1024

    /// The key in `bytes` with the white space around it removed; nil when there is none.
    /// Throws a reason that shows none of the content: what is wrong, not what is there.
    public static func value(of bytes: some Collection<UInt8>) throws(SecretProblem) -> String? {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return nil }
        let trimmed = Array(bytes[first...].reversed().drop(while: isSpace).reversed())
        if trimmed.contains(where: { $0 == 0x0A || $0 == 0x0D }) { throw .severalLines }
        if trimmed.contains(where: { !(0x20...0x7E).contains($0) }) { throw .notPrintable }
        if trimmed.count > maximumBytes { throw .tooLong }
        return String(decoding: trimmed, as: UTF8.self)
    }
}

/// Why a key or token was refused, in words that show none of it.
public enum SecretProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line break inside: the wrong file, or two keys.
    case severalLines
    /// A byte outside printable ASCII (binary data, a tab, UTF-8 text).
    case notPrintable
    /// More than `SecretText.maximumBytes`.
    case tooLong

    /// "holds several lines: a key is one line of at most 256 printable ASCII characters".
    public var description: String {
        let rule = tr("a key is one line of at most %s printable ASCII characters").filled(String(SecretText.maximumBytes))
        return switch self {
        case .severalLines: tr("holds several lines: %s").filled(rule)
        case .notPrintable: tr("holds bytes that are not printable ASCII: %s").filled(rule)
        case .tooLong: tr("is longer than %s bytes: %s").filled(String(SecretText.maximumBytes), rule)
        }
    }
}

/// An API key or token as loaded, with what a user should hear about how it is kept.
public struct LoadedSecret: Sendable, Equatable {
    /// The key itself: never logged, printed or put anywhere but the provider's request.
    public let value: String
    /// "… can be read by other users (mode 0644): chmod 600 …", for one warning; nil when fine.
    public let warning: String?
}

extension ConfigLoader {
    /// Reads and checks a key file (`key_file`, `token_file`, a systemd credential): a regular
    /// file (a FIFO or a directory is refused at once) holding one line of printable ASCII.
    /// `warnIfShared`: a file that group or others can read earns a warning.
    public static func readKeyFile(_ path: String, kind: String = "key", warnIfShared: Bool = true) throws(ConfigError) -> LoadedSecret? {
        let bytes: [UInt8]
        do {
            bytes = try SmallFile.readBytes(path, limit: SecretText.readLimit, regularFileOnly: true)
        } catch .tooLarge {
            throw ConfigError(file: path, reason: tr("the %s file %s").filled(kind, SecretProblem.tooLong.description))
        } catch {
            throw ConfigError(file: path, reason: cannotRead(kind, error))
        }
        let value: String?
        do {
            value = try SecretText.value(of: bytes)
        } catch {
            throw ConfigError(file: path, reason: tr("the %s file %s").filled(kind, error.description))
        }
        guard let value else { return nil }
        var info = stat()
        let shared = warnIfShared && stat(path, &info) == 0 && info.st_mode & 0o044 != 0
        let mode = String(info.st_mode & 0o777, radix: 8)
        return LoadedSecret(value: value, warning: shared
            ? tr("%s: the %s file can be read by other users (mode 0%s): chmod 600 %s").filled(path, kind, mode, path) : nil)
    }
}
