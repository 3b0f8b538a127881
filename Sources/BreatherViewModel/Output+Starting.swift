/// Which outputs a long-running view (the daemon's files, `watch`'s stdout) draws.
extension Output {
    /// True for the loading state before anything is known: no data on hand and no failure
    /// yet. The daemon and `watch` draw it, so a bar is never blank while the first fetch
    /// waits; a refresh's own loading state, with data or an error already shown, they skip
    /// (the bar would flicker at every poll).
    public var isStarting: Bool { isLoading && !hasData && error == nil }

    /// True for what a long-running view draws: every settled output, and the first loading state.
    public var isWorthDrawing: Bool { !isLoading || isStarting }
}
