import PipeProtocol
import PipeReading
import ToolSupport

/// The built-in provider `--provider open-meteo`: the forecast from Open-Meteo's `/v1/forecast`,
/// fetched with `curl` and read as `weather import --open-meteo` reads a response. Requests that
/// share their hours go in one call (Open-Meteo takes lists of coordinates). When Open-Meteo cannot
/// be had (no curl, no network, an HTTP error, an answer cut short or not JSON, or slower than the
/// timeout), one warning says why and every place gets the offline model's forecast instead; no
/// further call is tried in the same run.
public final class OpenMeteoProvider: ForecastProvider {
  /// The word that asks for it: `--provider open-meteo`.
  public static let name = "open-meteo"
  /// The public API, used unless `OPEN_METEO_URL` names another.
  public static let defaultURL = "https://api.open-meteo.com/v1/forecast"
  /// The credit Open-Meteo's licence (CC BY 4.0) asks for wherever its data is shown.
  public static let attribution = "Weather data by Open-Meteo.com, CC BY 4.0 (\(licenceURL))"
  /// The page of Open-Meteo's licence, which the credit names (and links to, in SVG).
  public static let licenceURL = "https://open-meteo.com/en/licence"
  /// At most this many places per call.
  static let placesPerCall = 50
  /// The hourly variables asked for.
  static let hourly = "temperature_2m,is_day,precipitation_probability,cloud_cover,weather_code"

  let baseURL: String
  let timeout: Double
  let model: ModelProvider
  let warn: (String) -> Void
  let curl: String?
  /// The moment (monotonic seconds) by which every call must be done.
  let deadline: Double
  /// Why Open-Meteo was given up, once it was.
  public private(set) var failure: String?
  var warnedNotes = false

  /// A provider fetching from `baseURL` with the `curl` found on PATH, within `timeout` seconds in
  /// all, falling back to the offline model with `seed`.
  public init(
    baseURL: String, timeout: Double, seed: Int, warn: @escaping (String) -> Void,
    curl: String? = Subprocess.find("curl")
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.model = ModelProvider(seed: seed)
    self.warn = warn
    self.curl = curl
    deadline = Subprocess.monotonicSeconds() + timeout
  }

  /// The base URL from `OPEN_METEO_URL` (when set and not empty), else the public API; a usage
  /// error when it is not an http or https URL.
  public static func baseURL(environment: String? = Environment.get("OPEN_METEO_URL")) throws(ToolError)
    -> String
  {
    guard let given = environment, !given.isEmpty else { return defaultURL }
    guard given.hasPrefix("http://") || given.hasPrefix("https://"),
      !given.contains(where: { $0.isWhitespace || $0 == "'" })
    else {
      throw .usage("OPEN_METEO_URL must be an http:// or https:// URL, not '\(TerminalText.safe(given))'")
    }
    return given
  }

  /// Answers the requests from Open-Meteo, or from the model once it cannot be had.
  public func forecasts(for requests: [ForecastRequest]) -> [PlaceForecast] {
    var answers = [PlaceForecast?](repeating: nil, count: requests.count)
    // Requests asking for the same hours and minutes go in one call.
    var groups: [[Int]] = []
    var groupOf: [String: Int] = [:]
    for (index, request) in requests.enumerated() {
      let key =
        "\(request.start) \(request.hours) \(request.minutes) \(request.minutes > 0 ? request.firstMinute : 0)"
      if let g = groupOf[key], groups[g].count < Self.placesPerCall {
        groups[g].append(index)
      } else {
        groupOf[key] = groups.count
        groups.append([index])
      }
    }
    for group in groups {
      let asked = group.map { requests[$0] }
      if failure == nil {
        switch fetch(asked) {
        case .success(let (forecasts, notes)):
          for (index, forecast) in zip(group, forecasts) { answers[index] = forecast }
          if !warnedNotes, let note = notes.first {
            // Once a run: the first place's words, and how many more places the same is true of.
            warnedNotes = true
            warn("Open-Meteo: \(note)" + (notes.count > 1 ? " (and \(notes.count - 1) more like it)" : ""))
          }
          continue
        case .failure(let problem):
          failure = problem.message
          warn("\(problem.message); using the offline model's forecast instead")
        }
      }
      for (index, forecast) in zip(group, model.forecasts(for: asked)) { answers[index] = forecast }
    }
    return answers.map { $0! }
  }

  /// Why a call did not give a usable answer.
  public struct Problem: Error, Equatable {
    /// The words of the warning, before "; using the offline model's forecast instead".
    public var message: String
  }

  /// The URL of one call: the places' coordinates, the hours (and 15-minute slots) asked for, Unix
  /// times in UTC.
  public static func url(base: String, for requests: [ForecastRequest]) -> String {
    func list(_ values: [Double]) -> String {
      values.map { "\(JSONNumber($0, fractionDigits: 6))" }.joined(separator: ",")
    }
    func minute(_ seconds: Int) -> String { String(ISODate.format(seconds).prefix(16)) }
    let first = requests[0]
    var query = [
      "latitude=\(list(requests.map(\.place.latitude)))",
      "longitude=\(list(requests.map(\.place.longitude)))",
      "hourly=\(hourly)", "timeformat=unixtime", "timezone=GMT",
      "start_hour=\(minute(first.start))", "end_hour=\(minute(first.start + (first.hours - 1) * 3600))",
    ]
    if first.minutes > 0 {
      let from = ISODate.floorDiv(first.firstMinute, 900) * 900
      let to = ISODate.floorDiv(first.firstMinute + first.minutes * 60 - 1, 900) * 900
      query += [
        "minutely_15=precipitation_probability", "start_minutely_15=\(minute(from))",
        "end_minutely_15=\(minute(to))",
      ]
    }
    return base + (base.contains("?") ? "&" : "?") + query.joined(separator: "&")
  }

  /// One call for requests that ask for the same hours.
  func fetch(_ requests: [ForecastRequest]) -> Result<([PlaceForecast], [String]), Problem> {
    guard let curl else {
      return .failure(Problem(message: "curl is not installed, and --provider open-meteo fetches with it"))
    }
    let remaining = deadline - Subprocess.monotonicSeconds()
    guard remaining > 0.05 else {
      return .failure(Problem(message: "Open-Meteo did not answer within \(JSONNumber(timeout)) s"))
    }
    let seconds = "\(JSONNumber(remaining, fractionDigits: 2))"
    let command =
      "exec \(Self.quote(curl)) --silent --globoff --proto =http,https --max-time \(seconds) "
      + "--write-out '\\n%{http_code}' --url \(Self.quote(Self.url(base: baseURL, for: requests))) 2>/dev/null"
    let result: SubprocessResult
    // The body's limit is weather import's, plus the line curl writes after it ("\n" and 3 digits).
    let limit = OpenMeteo.maxResponseSize + 4
    switch Subprocess.capture(command, input: [], timeout: remaining + 1, maxOutput: limit) {
    case .failure(let error): return .failure(Problem(message: "cannot run curl: \(error.description)"))
    case .success(let r): result = r
    }
    let slow = Problem(message: "Open-Meteo did not answer within \(JSONNumber(timeout)) s")
    if result.timedOut { return .failure(slow) }
    if result.outputTooLarge { return .failure(Self.tooLarge) }
    if let status = result.status, status != 0 {
      if status == 28 { return .failure(slow) }
      return .failure(Problem(message: Self.curlProblem(status)))
    }
    if result.signal != nil { return .failure(Problem(message: "curl was killed")) }
    return Self.read(result.output, requests: requests)
  }

  /// An answer over `OpenMeteo.maxResponseSize`, the limit of `weather import --open-meteo` too.
  static let tooLarge = Problem(
    message: "Open-Meteo's answer is larger than \(LineReader.describeSize(OpenMeteo.maxResponseSize))")

  /// Reads curl's output (the body, a line break, the HTTP status) for the requests.
  /// The forecasts, and what to say about them (data they lack, a place far from the one asked).
  public static func read(_ output: [UInt8], requests: [ForecastRequest])
    -> Result<([PlaceForecast], [String]), Problem>
  {
    guard let cut = output.lastIndex(of: 0x0A),
      let status = Int(String(decoding: output[(cut + 1)...], as: UTF8.self))
    else {
      return .failure(Problem(message: "curl gave no HTTP status"))
    }
    guard cut <= OpenMeteo.maxResponseSize else { return .failure(tooLarge) }
    let body = Array(output[..<cut])
    guard (200...299).contains(status) else {
      var reason = ""
      if case .object(let object)? = try? OpenMeteo.json(body), let text = object["reason"]?.stringValue {
        reason = ": " + TerminalText.safe(String(text.prefix(200)))
      }
      return .failure(Problem(message: "Open-Meteo answered with HTTP status \(status)\(reason)"))
    }
    let document: JSONValue
    do {
      document = try OpenMeteo.json(body)
    } catch {
      guard let syntax = error.syntaxError else {
        return .failure(Problem(message: "Open-Meteo's answer is not usable: \(error.message)"))
      }
      return .failure(
        Problem(
          message:
            "Open-Meteo's answer is not JSON (\(Numbers.count(body.count, "byte")); cut short, or not from Open-Meteo): "
            + syntax.message))
    }
    let objects: [JSONValue]
    switch document {
    case .array(let elements): objects = elements
    case .object: objects = [document]
    default: return .failure(Problem(message: "Open-Meteo's answer is \(document.typeName), not a forecast"))
    }
    guard objects.count == requests.count else {
      return .failure(
        Problem(
          message:
            "Open-Meteo answered for \(Numbers.count(objects.count, "place")); \(requests.count) were asked for"
        ))
    }
    var forecasts: [PlaceForecast] = []
    var notes: [String] = []
    for (i, (value, request)) in zip(objects, requests).enumerated() {
      guard let object = value.objectValue else {
        return .failure(Problem(message: "Open-Meteo's answer [\(i)] is not an object"))
      }
      let location: OpenMeteo.Location
      do {
        location = try OpenMeteo.location(
          object, label: request.place, path: objects.count > 1 ? "[\(i)]." : "")
      } catch {
        return .failure(Problem(message: "Open-Meteo's answer is not usable: \(error.message)"))
      }
      let byDate = Dictionary(location.hours.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
      let hours = (0..<request.hours).compactMap { byDate[request.start + $0 * 3600] }
      guard hours.count == request.hours else {
        return .failure(
          Problem(
            message: "Open-Meteo's answer has \(hours.count) of the \(request.hours) hours asked for "
              + "at \(request.place.name)"))
      }
      var minutes: [MinuteChance]?
      if request.minutes > 0 {
        let end = request.firstMinute + request.minutes * 60
        let slots = location.minutes.filter { $0.date + 900 > request.firstMinute && $0.date < end }
        minutes = slots.isEmpty ? nil : slots
      }
      forecasts.append(PlaceForecast(place: request.place, hours: hours, minutes: minutes))
      notes += Import.problems(location, now: nil)
    }
    return .success((forecasts, notes))
  }

  /// What curl's exit status means, in a few words.
  static func curlProblem(_ status: Int32) -> String {
    let what: String
    switch status {
    case 5, 6: what = "could not resolve the host (no network?)"
    case 7: what = "could not connect (no network?)"
    case 18: what = "the answer was cut short"
    case 35, 51, 58, 59, 60, 77, 83, 90, 91: what = "the TLS connection failed"
    case 47: what = "too many redirects"
    case 52: what = "the server answered nothing"
    case 55, 56: what = "the connection broke"
    default: what = "curl failed with status \(status)"
    }
    return "cannot get the forecast from Open-Meteo: \(what)"
  }

  /// A word for `/bin/sh`, in single quotes.
  static func quote(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
