import BreatherModel

/// The documented exit codes (sysexits.h values), PRODUCT.md "Exit codes".
enum ExitStatus: Int32 {
    case ok = 0
    case usage = 64
    case dataError = 65
    case unavailable = 69
    /// A fault of Breather's own (EX_SOFTWARE): a `watch` service ended out of turn.
    case software = 70
    case temporary = 75
    case configuration = 78

    init(_ kind: FailureKind) {
        switch kind {
        case .configuration: self = .configuration
        case .rateLimited, .timeout: self = .temporary
        case .badData: self = .dataError
        case .unavailable, .notFound: self = .unavailable
        }
    }
}

/// An error that ends the command with a message and exit code (no backtrace).
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String

    /// The location lookup's failure as a provider's, so the fetch reports it and stored data
    /// can stand in (an outage): the one place an exit code turns back into a kind.
    var asLocationFailure: ProviderFailure {
        let kind: FailureKind = switch status {
        case .configuration, .usage: .configuration
        case .temporary: .timeout
        case .dataError: .badData
        case .ok, .unavailable, .software: .unavailable
        }
        return ProviderFailure(provider: "location", part: .location, kind: kind, message: message)
    }
}
