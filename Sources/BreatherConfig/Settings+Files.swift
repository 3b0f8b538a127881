import BreatherIO
import BreatherLocale

/// One file Breather reads or writes, named by what it is for ("the config file").
public struct FileRole: Sendable, Equatable {
    /// What the file is, as a user would say it: "the conditions cache", "[[output]]".
    public var role: String
    /// The path as configured (`~/` expanded).
    public var path: String

    /// A file with a role.
    public init(_ role: String, _ path: String) {
        self.role = role
        self.path = path
    }
}

extension Settings {
    /// Every file an output must not be: the config file, the key and token files, and the
    /// stores the caller keeps (`stores`: the conditions cache, the location cache, and the
    /// history store's database when `[history]` is configured — it joins through `stores`).
    public func filesOutputsMustSpare(stores: [FileRole]) -> [FileRole] {
        var files: [FileRole] = []
        if let configFile { files.append(FileRole(tr("the config file"), configFile)) }
        files += stores
        let p = providers
        for (key, path) in [("providers.airvisual.key_file", p.airVisualKeyFile), ("providers.waqi.token_file", p.waqiTokenFile),
                            ("providers.openweathermap.key_file", p.openWeatherMapKeyFile)] {
            if let path { files.append(FileRole(tr("the %s", context: "file setting").filled(key), path)) }
        }
        return files
    }

    /// Refuses outputs that would overwrite another file Breather uses: an `[[output]]` path or
    /// `--output` (`commandLineOutput`) that resolves (symlinks followed, a file not yet written
    /// through its folder) to the config file, a key file, a store, or another output. The same
    /// path given as `--output` and as an `[[output]]` is one output (written once), as before.
    /// Checked whenever a config is loaded: `breather config`, every start, every reload.
    public func checkOutputsSpareOtherFiles(stores: [FileRole], commandLineOutput: String?) throws(ConfigError) {
        var outputs = self.outputs.map { FileRole("[[output]] path", $0.path) }
        if let commandLineOutput, !outputs.contains(where: { $0.path == commandLineOutput }) {
            outputs.append(FileRole("--output", commandLineOutput))
        }
        let others = filesOutputsMustSpare(stores: stores).map { ($0, ResolvedPath($0.path)) }
        let resolvedOutputs = outputs.map { ($0, ResolvedPath($0.path)) }
        for (index, (output, resolved)) in resolvedOutputs.enumerated() {
            let earlierOutputs = resolvedOutputs[..<index].map {
                (FileRole($0.0.role == "--output" ? tr("the --output") : tr("the [[output]] path"), $0.0.path), $0.1)
            }
            for (other, otherResolved) in others + earlierOutputs where resolved.isSameFile(as: otherResolved) {
                throw ConfigError(file: configFile, reason: tr("%s %s is the same file as %s %s: writing the output would overwrite it; give the output a file of its own")
                    .filled(output.role == "--output" ? "--output" : tr("[[output]] path"), "\"\(output.path)\"", other.role, "\"\(other.path)\""))
            }
        }
    }
}
