import BreatherHTTP
import Testing

/// `redactingSecrets` hides credentials in URLs before they reach a log line or an error.
@Suite("redactingSecrets")
struct RedactionTests {
    @Test("secret query parameters are replaced, other parameters kept", arguments: [
        ("https://api.airvisual.com/v2/nearest_city?lat=1&lon=2&key=abc123",
         "https://api.airvisual.com/v2/nearest_city?lat=1&lon=2&key=REDACTED"),
        ("https://api.waqi.info/feed/geo:1;2/?token=abc", "https://api.waqi.info/feed/geo:1;2/?token=REDACTED"),
        ("https://api.openweathermap.org/data/2.5/air_pollution?lat=1&lon=2&appid=abc",
         "https://api.openweathermap.org/data/2.5/air_pollution?lat=1&lon=2&appid=REDACTED"),
        ("http://h/p?apikey=abc&x=1", "http://h/p?apikey=REDACTED&x=1"),
        ("http://h/p?api_key=abc", "http://h/p?api_key=REDACTED"),
        ("http://h/p?lat=1&key=abc&lon=2", "http://h/p?lat=1&key=REDACTED&lon=2"),
        ("http://h/p?key=a=b", "http://h/p?key=REDACTED"),
        ("http://h/p?key=abc&token=def", "http://h/p?key=REDACTED&token=REDACTED"),
    ])
    func parameters(url: String, expected: String) {
        #expect(redactingSecrets(url) == expected)
    }

    @Test("parameter names match without regard to case", arguments: [
        ("http://h/p?KEY=abc", "http://h/p?KEY=REDACTED"),
        ("http://h/p?Token=abc", "http://h/p?Token=REDACTED"),
        ("http://h/p?AppId=abc", "http://h/p?AppId=REDACTED"),
        ("http://h/p?API_KEY=abc", "http://h/p?API_KEY=REDACTED"),
    ])
    func caseInsensitive(url: String, expected: String) {
        #expect(redactingSecrets(url) == expected)
    }

    @Test("names that only contain a secret name are not secrets", arguments: [
        "http://h/p?monkey=1", "http://h/p?keyboard=1", "http://h/p?tokens=2", "http://h/p?key", "http://h/key=abc",
        "http://h/p", "http://h/p?", "http://h/p?a=1&&b=2",
    ])
    func untouched(url: String) {
        #expect(redactingSecrets(url) == url)
    }

    @Test("fragments are kept, and secrets in them are redacted too", arguments: [
        ("http://h/p?key=abc#section", "http://h/p?key=REDACTED#section"),
        ("http://h/p?lat=1#token=abc", "http://h/p?lat=1#token=REDACTED"),
        ("http://h/p#access&key=abc", "http://h/p#access&key=REDACTED"),
        ("http://h/p?key=abc#", "http://h/p?key=REDACTED#"),
    ])
    func fragments(url: String, expected: String) {
        #expect(redactingSecrets(url) == expected)
    }

    @Test("a password in the URL's user info is redacted, the user name kept", arguments: [
        ("http://user:pa55@proxy.example:8080/v1?lat=1", "http://user:REDACTED@proxy.example:8080/v1?lat=1"),
        ("https://user@h/v1", "https://user@h/v1"),
        ("https://h/v1?email=a@b.c", "https://h/v1?email=a@b.c"),
        ("https://u:p@h/v1?key=k", "https://u:REDACTED@h/v1?key=REDACTED"),
    ])
    func userInfo(url: String, expected: String) {
        #expect(redactingSecrets(url) == expected)
    }
}
