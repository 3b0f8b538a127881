/// One place on a dashboard of several (`[[place]]`): its name and label, what is known of
/// it now and its past from the history store. Plain values, read by the caller.
public struct DashboardPlace: Sendable {
    /// The place's name (`[[place]] name`), the key of its element ids.
    public var name: String
    /// Its label (`[[place]] short`, else the name).
    public var label: String
    /// Its output under the standard shown; nil before anything was fetched or stored for it.
    public var output: Output?
    /// Its last 48 hours and 30 days; `.none` without a store or a reading.
    public var history: DashboardHistory
    /// Whether it is the place the page is about (its charts are the page's own).
    public var isShown: Bool

    /// `name`, labelled `label`, with `output` and `history`; `isShown` for the page's own place.
    public init(name: String, label: String, output: Output?, history: DashboardHistory, isShown: Bool) {
        self.name = name
        self.label = label
        self.output = output
        self.history = history
        self.isShown = isShown
    }
}
