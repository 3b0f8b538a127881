import BreatherConfig
import BreatherModel
import BreatherProviders
import BreatherViewModel
import BreatherViews

/// The one-shot with `--source mqtt://…` (or `[sources] state`): the state a Breather daemon
/// keeps retained on the broker, rendered once, with no provider request and no store write.
/// Exit codes: 0 with a state (a publisher gone offline shows its last state marked stale,
/// with one warning line); 78 for a login or TLS the broker refuses; 69 for a broker that
/// cannot be reached or holds no state; 75 for a broker that did not answer within the run's
/// deadline; 65 for a state that is not Breather's.
extension OneShot {
    func run(_ context: AppContext, source: MQTTURL) async throws(CommandFailure) -> ExitStatus {
        // The one-shot's error line says what failed; the retry lines are for the daemon.
        let subscription = try MQTTSubscription.make(source: source, context: context, retryLogLevel: .info)
        subscription.start {}
        let deadline = FetchDeadline.current ?? FetchDeadline(seconds: context.fetchDeadlineSeconds)
        await subscription.firstWord(within: deadline.remainingSeconds)
        let heard = subscription.heard
        // A clean goodbye to a broker that answered; one that did not would hold the exit for
        // the client's 2 s goodbye, past the run's deadline.
        defer { if heard.connected { subscription.stop() } }
        guard let latest = heard.latest else {
            throw Self.noState(heard, subscription: subscription, deadline: deadline, broker: source)
        }
        let session = try Session(context: context, source: .subscription(subscription))
        let viewModel = session.viewModel
        if let standard = options.standard { viewModel.inputs.aqiStandard(standard) }
        // The state itself first: a publisher gone offline makes the refresh fail, and the
        // state then shows as kept data, marked stale with its age.
        viewModel.seed(with: latest)
        viewModel.inputs.viewDidRefresh()
        viewModel.finish()
        var final: Output?
        for await output in viewModel.outputs { final = output }
        guard let output = final else { return .unavailable }
        let outputsWritten = try write(output, context: context, history: session.history)
        let status = report(output, fromStore: false, printedBarLine: options.template == nil && (options.format ?? .plain).isBar,
                            logger: context.logger, keptData: "its last state")
        return outputsWritten ? status : .unavailable
    }

    /// Why the broker gave no state: its own failure (refused login 78, unreachable 69,
    /// unreadable 65), no answer at all before the deadline (75), or no retained state (69).
    private static func noState(_ heard: MQTTSubscription.Heard,
                                subscription: MQTTSubscription, deadline: FetchDeadline, broker: MQTTURL) -> CommandFailure {
        let within = "within \(deadline)"
        if let problem = heard.problem { return CommandFailure(status: ExitStatus(problem.kind), message: problem.message) }
        guard heard.connected else {
            return CommandFailure(status: .temporary, message: "mqtt: no answer from \(broker.host):\(broker.port) \(within)")
        }
        return CommandFailure(status: .unavailable, message: "mqtt: no state on \(subscription.stateTopic) \(within): "
            + "is a Breather daemon publishing with [mqtt] topic_prefix = \"\(subscription.stateTopic.dropLast("/state".count))\"?")
    }
}
