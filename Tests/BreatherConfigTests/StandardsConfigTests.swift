import BreatherConfig
import BreatherModel
import Testing

@Suite("the standards a scroll cycles through")
struct StandardsConfigTests {
    @Test("standards = [...] keeps the order given; unset means every standard")
    func parsed() throws {
        #expect(try loadConfig("standards = [\"china\", \"us\", \"eu\"]\n").standards == [.china, .us, .eu])
        #expect(try loadConfig("").standards.isEmpty)
    }

    @Test("an unknown standard, an empty list or a non-list is an error naming the key", arguments: [
        ("standards = [\"mars\"]\n", "unknown value \"mars\"; allowed: us, china"),
        ("standards = []\n", "must be a non-empty list"),
        ("standards = \"us\"\n", "must be a non-empty list"),
        ("standards = [1]\n", "must be a list of standard names"),
    ])
    func rejected(text: String, message: String) {
        do {
            _ = try loadConfig(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect("\(error)".contains("standards") && "\(error)".contains(message), "\(error)")
        }
    }
}
