/// `breather dashboard [-o FILE]`: the one-shot run with `--format html` (the parser sets it),
/// a page to open in a browser. Only its help lives here.
enum DashboardCommand {
    static let help = CommandHelp(
        abstract: "Write the dashboard: one self-contained HTML page to open in a browser.",
        discussion: "The conditions now, the last 48 hours and 30 days from the history store (the standard's bands, "
            + "each category named), the next hours' forecast, the days ahead with pollen and UV. No script, font or "
            + "file from elsewhere: it opens from a file:// path with no network, follows the system's light or dark "
            + "mode, fits a phone and prints. It reloads itself every `interval`; the daemon keeps it current with "
            + "[[output]] format = \"html\". Breather opens no port: serve the file with any static web server if you "
            + "want it elsewhere. -o FILE (--output) writes it atomically, else it goes to stdout.",
        usage: "[-o FILE] [options]",
        optionNames: CommonOptions.specs.map(\.name).filter { !["format", "template", "chart", "width", "height"].contains($0) })
}
