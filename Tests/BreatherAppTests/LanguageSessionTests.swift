@testable import BreatherApp
import BreatherConfig
import BreatherLocale
import BreatherModel
import BreatherViewModel
import BreatherViews
import Testing

/// The language chosen by the config and the flag, through the real session builder.
@Suite("Languages through the session: [display] language, native_names, --language")
struct LanguageSessionTests {
    static let china = "standard = \"china\"\n" + HomeAssistantDiscoveryTests.location + HomeAssistantDiscoveryTests.mqtt

    /// One reading for every test here: the documents compared carry its fetch time.
    static let conditions = HomeAssistantDiscoveryTests.openMeteo(pollenAndUV: true)

    static func output(_ config: String) async throws -> Output {
        try await HomeAssistantDiscoveryTests.output(config, conditions).1
    }

    @Test("[display] language = \"zh_CN\" shows HJ 633's names and Chinese words, whatever locales the machine has")
    func chineseFromConfig() async throws {
        let output = try await Self.output(Self.china + "[display]\nlanguage = \"zh_CN\"\n")
        let line = PlainRenderer().render(output)
        #expect(line.contains(" 优 ") || line.contains(" 良 ") || line.contains("污染"), "\(line)")
        #expect(line.contains("哮喘"), "\(line)")
        #expect(output.forPeople.language == .chinese)
    }

    @Test("the MQTT state document and Home Assistant's discovery are byte-identical in every language")
    func mqttIdentical() async throws {
        let english = try await Self.output(Self.china + "[display]\nlanguage = \"en\"\n")
        let node = "test-node"
        let englishState = MQTTStateDocument.encode(english, node: node)
        let settings = try #require(try AppHarness.context(Self.china).settings.mqtt)
        let discovery = HomeAssistantDiscovery(settings: settings, version: "0.0.0-test")
        let englishPlan = discovery.plan(EntityInput(output: english, alerts: []), pollSeconds: 300)
        for language in ["zh_CN", "fr", "de", "es"] {
            let other = try await Self.output(Self.china + "[display]\nlanguage = \"\(language)\"\nnative_names = true\n")
            #expect(PlainRenderer().render(other) != PlainRenderer().render(english), "\(language) really is another language")
            // The documents carry the time of the render: compare with it set equal.
            var state = String(decoding: MQTTStateDocument.encode(other, node: node), as: UTF8.self)
            let expected = String(decoding: englishState, as: UTF8.self)
            state = Self.sameAge(state, as: expected)
            #expect(state == expected, "\(language)")
            let plan = discovery.plan(EntityInput(output: other, alerts: []), pollSeconds: 300)
            #expect(plan.present == englishPlan.present, "\(language)")
        }
    }

    /// `text` with its ages (`age_seconds`, `display.age`, `age_short`) as in `reference`: two
    /// renders a second apart differ there only. Token by token, so any other difference stays.
    static func sameAge(_ text: String, as reference: String) -> String {
        let mine = text.split(separator: ",", omittingEmptySubsequences: false)
        let theirs = reference.split(separator: ",", omittingEmptySubsequences: false)
        guard mine.count == theirs.count else { return text }
        return zip(mine, theirs).map { $0.hasPrefix("\"age") ? $1 : $0 }.joined(separator: ",")
    }

    @Test("[display] refuses a language with no catalog and a native_names that is no boolean, naming the key")
    func configErrors() throws {
        #expect { try ConfigLoader().load(text: "[display]\nlanguage = \"ja\"\n") } throws: { error in
            "\(error)".contains("language") && "\(error)".contains("zh_CN")
        }
        #expect { try ConfigLoader().load(text: "[display]\nnative_names = \"yes\"\n") } throws: { error in
            "\(error)".contains("native_names") && "\(error)".contains("true or false")
        }
        #expect { try ConfigLoader().load(text: "[display]\nlanguge = \"fr\"\n") } throws: { _ in true }
        let settings = try ConfigLoader().load(text: "[display]\nlanguage = \"de_DE.UTF-8\"\nnative_names = true\n")
        #expect(settings.language == .german)
        #expect(settings.nativeNames)
    }

    @Test("--language over [display] language; a locale name is accepted")
    func flagOverConfig() throws {
        guard case .run(nil, let options, _) = try CommandLineParser.parse(["--language", "fr_CA.UTF-8"]) else {
            Issue.record("not a run")
            return
        }
        var settings = try ConfigLoader().load(text: "[display]\nlanguage = \"de\"\n")
        _ = options.apply(to: &settings)
        #expect(settings.language == .french)
        #expect(settings.origins["display.language"] == "flag")
    }

    /// A daemon started in German, its config then changed to French with native names: what
    /// the reload hands the view model (`Daemon.reload`: `inputs.language(new.interfaceLanguage, …)`).
    @Test("a reload's [display] language and native_names re-render the people's copy in them; json unchanged")
    func reloadChangesLanguage() async throws {
        let old = try AppHarness.context(Self.china + "[display]\nlanguage = \"de\"\n")
        let new = try AppHarness.context(Self.china + "[display]\nlanguage = \"fr\"\nnative_names = true\n")
        #expect(new.interfaceLanguage == .french && old.interfaceLanguage == .german)
        let session = try Session(context: old, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let german = try #require(await AppHarness.finalOutput(session.viewModel) { $0.seed(with: Self.conditions) })
        let reloaded = try Session(context: old, source: .providers(ProviderSessionOptions(staleAfterSeconds: 600)))
        let french = try #require(await AppHarness.finalOutput(reloaded.viewModel) { viewModel in
            viewModel.seed(with: Self.conditions)
            viewModel.inputs.language(new.interfaceLanguage, new.settings.nativeNames)
        })
        #expect(german.forPeople.language == .german && PlainRenderer().render(german).contains("Asthma"), "\(PlainRenderer().render(german))")
        let line = PlainRenderer().render(french)
        #expect(french.forPeople.language == .french && french.forPeople.nativeNames, "\(line)")
        #expect(line.contains("Asthme"), "French words: \(line)")
        #expect(line.contains("污染") || line.contains(" 优 ") || line.contains(" 良 "), "China's own names: \(line)")
        // The two sessions render a second apart at most: the age fields may differ.
        #expect(Self.sameAge(JSONRenderer().render(french), as: JSONRenderer().render(german)) == JSONRenderer().render(german))
        // And back to the environment's language when the key goes.
        let unset = try AppHarness.context(Self.china)
        #expect(unset.interfaceLanguage == Language.fromEnvironment(Environment.get))
    }
}
