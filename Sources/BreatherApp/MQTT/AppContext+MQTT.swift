#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherLocale

extension AppContext {
    /// The MQTT password: env `BREATHER_MQTT_PASSWORD`, else `$CREDENTIALS_DIRECTORY/mqtt.password`
    /// (systemd LoadCredential=), else `password_file`, which must be a regular file of one line.
    /// Never a flag, never logged.
    func mqttPassword(_ settings: MQTTSettings) throws(CommandFailure) -> String? {
        if let file = settings.passwordFile, loader.environment("BREATHER_MQTT_PASSWORD") == nil {
            var status = stat()
            if stat(file, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
                throw CommandFailure(status: .configuration, message: "config: " + L10n.$language.withValue(interfaceLanguage) {
                    tr("%s: the MQTT password file must be a regular file").filled(file)
                })
            }
        }
        let password: String?
        do {
            let secret = try loadSecret(envVar: "BREATHER_MQTT_PASSWORD", credential: "mqtt.password", keyFile: settings.passwordFile)
            // As for an API key: no core dump from here on, and a file others can read is warned about.
            holding(secret)
            password = secret?.value
        } catch {
            throw CommandFailure(status: .configuration, message: "mqtt: \(error)")
        }
        if settings.username != nil, password == nil {
            throw CommandFailure(status: .configuration, message: "mqtt: " + L10n.$language.withValue(interfaceLanguage) {
                tr("username is set but no password: set password_file (or BREATHER_MQTT_PASSWORD)")
            })
        }
        return password
    }
}
