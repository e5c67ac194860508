import FoodTruckKit
import PipeProtocol
import ToolSupport

/// A provider that is any executable: it reads `forecast-request` records on stdin and writes
/// `forecast` (and optionally `forecast-minute`) records on stdout. One run answers all requests.
/// When it cannot be run, fails, hangs past the timeout or writes bad records, every request gets
/// the sample's fallback and a warning names the problem.
public struct ExternalProvider: ForecastProvider {
  /// The command line, run with `/bin/sh -c`.
  public var command: String
  /// Seconds to wait before stopping it.
  public var timeout: Double
  /// Where warnings go.
  public var warn: (String) -> Void

  /// A provider running `command`.
  public init(command: String, timeout: Double, warn: @escaping (String) -> Void) {
    self.command = command
    self.timeout = timeout
    self.warn = warn
  }

  /// Runs the command once for all requests.
  public func forecasts(for requests: [ForecastRequest]) -> [PlaceForecast] {
    guard !requests.isEmpty else { return [] }
    var input: [UInt8] = []
    for request in requests {
      JSONWriter.append(request.record, to: &input)
      input.append(0x0A)
    }
    let name = "provider '\(command)'"
    func fallbackAll(_ problem: String) -> [PlaceForecast] {
      warn("\(problem); using the fallback forecast (clear, no rain, cloud cover 15%, 72°F)")
      return requests.map { .fallback($0, reason: problem) }
    }
    let result: SubprocessResult
    switch Subprocess.capture(command, input: input, timeout: timeout) {
    case .failure(let error): return fallbackAll("cannot run \(name): \(error.description)")
    case .success(let r): result = r
    }
    if result.timedOut {
      return fallbackAll("\(name) did not finish within \(JSONNumber(timeout)) s and was stopped")
    }
    if result.outputTooLarge { return fallbackAll("\(name) wrote more than 64 MiB and was stopped") }
    if let signal = result.signal { return fallbackAll("\(name) was killed by signal \(signal)") }
    if let status = result.status, status != 0 {
      let hint = status == 127 ? " (command not found)" : status == 126 ? " (not executable)" : ""
      return fallbackAll("\(name) exited with status \(status)\(hint)")
    }
    switch Self.parse(result.output, requests: requests) {
    case .failure(let problem): return fallbackAll("\(name) \(problem.message)")
    case .success(let answers):
      return answers.enumerated().map { index, answer in
        switch answer {
        case .success(let forecast): return forecast
        case .failure(let problem):
          let message = "\(name) \(problem.message)"
          warn("\(message); using the fallback forecast for \(requests[index].place.name)")
          return .fallback(requests[index], reason: message)
        }
      }
    }
  }

  /// A problem with a provider's answer.
  public struct Problem: Error, Equatable {
    /// What is wrong, after the provider's name: `wrote a bad record (line 3): ...`.
    public var message: String
  }

  /// Checks and sorts a provider's output. A bad line fails the whole answer; a place whose hours
  /// are incomplete fails only that place.
  public static func parse(_ output: [UInt8], requests: [ForecastRequest])
    -> Result<[Result<PlaceForecast, Problem>], Problem>
  {
    var hours: [[Int: HourForecast]] = Array(repeating: [:], count: requests.count)
    var minutes: [[Int: Double]] = Array(repeating: [:], count: requests.count)
    var lineNumber = 0
    var records = 0
    for line in output.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      var bytes = Array(line)
      if bytes.last == 0x0D { bytes.removeLast() }
      if bytes.isEmpty { continue }
      func bad(_ what: String) -> Problem {
        Problem(message: "wrote a bad record (line \(lineNumber)): \(what)")
      }
      let record: Record
      do {
        record = try Record(bytes: bytes, source: "provider", line: lineNumber)
      } catch {
        return .failure(bad(error.message))
      }
      records += 1
      guard let schema = FoodTruckSchemas.catalog.schema(for: record.type),
        record.type == "forecast" || record.type == "forecast-minute"
      else {
        return .failure(
          bad("a '\(record.type)' record; a provider writes forecast and forecast-minute records"))
      }
      if let problem = schema.problems(in: record).first { return .failure(bad(problem)) }
      let object = record.object
      guard let date = object["date"]?.stringValue.flatMap(ISODate.parse) else {
        return .failure(bad("bad date"))
      }
      let index = requests.firstIndex { request in
        request.place.matches(
          city: object["city"]?.stringValue, spot: object["spot"]?.stringValue,
          latitude: object["latitude"]?.doubleValue, longitude: object["longitude"]?.doubleValue)
      }
      guard let index else { return .failure(bad("a place that was not asked for")) }
      let request = requests[index]
      if record.type == "forecast" {
        guard var (_, hour) = HourForecast.parse(object) else {
          let degrees = object["temperature"]?.jsonText ?? ""
          return .failure(bad("unreadable forecast (a temperature \(degrees) out of range?)"))
        }
        guard date >= request.start, date < request.start + request.hours * 3600,
          (date - request.start) % 3600 == 0
        else {
          return .failure(bad("hour \(ISODate.format(date)) is not one of the hours asked for"))
        }
        guard hours[index][date] == nil else {
          return .failure(bad("hour \(ISODate.format(date)) at \(request.place.name) given twice"))
        }
        if object["source"] == nil { hour.source = "provider" }
        hours[index][date] = hour
      } else {
        guard let chance = object["precipitationChance"]?.doubleValue else {
          return .failure(bad("no precipitationChance"))
        }
        minutes[index][date] = chance
      }
    }
    if records == 0 { return .failure(Problem(message: "wrote no records")) }
    var answers: [Result<PlaceForecast, Problem>] = []
    for (index, request) in requests.enumerated() {
      let dates = (0..<request.hours).map { request.start + $0 * 3600 }
      let given = dates.compactMap { hours[index][$0] }
      guard given.count == dates.count else {
        answers.append(
          .failure(Problem(message: "gave \(given.count) of \(dates.count) hours for \(request.place.name)")))
        continue
      }
      let minuteList =
        minutes[index].isEmpty
        ? nil
        : minutes[index].sorted { $0.key < $1.key }.map { MinuteChance(date: $0.key, chance: $0.value) }
      answers.append(.success(PlaceForecast(place: request.place, hours: given, minutes: minuteList)))
    }
    return .success(answers)
  }
}
