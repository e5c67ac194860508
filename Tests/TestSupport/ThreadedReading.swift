import Foundation

/// Differential tests of reading with threads (`SAMPLEPIPES_THREADS`) against reading with one:
/// the same tool, arguments and input must give byte-identical stdout, stderr and exit status,
/// with chunks so small (`SAMPLEPIPES_CHUNK_SIZE`) that their boundaries fall everywhere.
public enum ThreadedReading {
  /// An input: its name and bytes.
  public struct Input: Sendable, CustomStringConvertible {
    /// What it is, for messages.
    public let name: String
    /// Its bytes.
    public let bytes: Data
    /// Its name.
    public var description: String { name }
    /// An input.
    public init(name: String, bytes: Data) {
      self.name = name
      self.bytes = bytes
    }
  }

  /// The chunk sizes tried: one byte (every line longer than a chunk), a few bytes, about a
  /// line, a few lines, and the default.
  public static let chunkSizes = ["1", "61", "450", "4000", ""]

  /// Generated orders: `orders generate --count N --seed S` (lines about 430 bytes long).
  public static func orders(_ count: Int, seed: Int = 3) throws -> [Data] {
    let result = try TestSupport.run(
      "orders", ["generate", "--count", "\(count)", "--seed", "\(seed)", "--now", "2026-11-29T12:00:00Z"])
    return result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) }
  }

  /// Output of an `orders` subcommand, as lines.
  public static func lines(_ arguments: [String]) throws -> [Data] {
    try TestSupport.run("orders", arguments).stdout.split(separator: 0x0A).map { Data($0) }
  }

  static func join(_ lines: [Data], _ ending: String = "\n", final: Bool = true) -> Data {
    var data = Data()
    for (i, line) in lines.enumerated() {
      data.append(line)
      if final || i < lines.count - 1 { data.append(contentsOf: Array(ending.utf8)) }
    }
    return data
  }

  static func replacing(_ line: Data, _ old: String, _ new: String) -> Data {
    replacing(line, old, Array(new.utf8))
  }

  /// The line with its first `old` replaced by the bytes `new`.
  static func replacing(_ line: Data, _ old: String, _ new: [UInt8]) -> Data {
    guard let range = line.firstRange(of: Data(old.utf8)) else { return line }
    var copy = line
    copy.replaceSubrange(range, with: new)
    return copy
  }

  /// Inputs that every tool reading orders must read the same with threads as without: plain
  /// orders, line endings, blank lines, errors in the first, a middle and the last chunk, a line
  /// longer than a chunk, donut records, summaries, partials, escapes, bad UTF-8, sums too large.
  public static func inputs() throws -> [Input] {
    let orders = try Self.orders(120)
    let summaries = try lines(["history", "--days", "7", "--months", "2", "--now", "2026-11-29T12:00:00Z"])
    let menu = try lines(["menu"])
    let bad = Data(
      #"{"type":"order","creationDate":"2026-11-29T10:00:00Z","items":[{"donut":42,"quantity":1}]}"#.utf8)
    var mixed: [Data] = []
    for (i, order) in orders.enumerated() {
      mixed.append(order)
      if i < summaries.count { mixed.append(summaries[i]) }
    }
    let long = Data(("{\"type\":\"note\",\"pad\":\"" + String(repeating: "x", count: 6000) + "\"}").utf8)
    let overflow = Data(
      #"{"type":"order-summary","period":"day","date":"2026-11-20","city":"X","sales":[{"donut":1,"quantity":999999999999999}]}"#
        .utf8)
    var blanks: [Data] = []
    for (i, order) in orders.enumerated() { blanks.append(i % 7 == 3 ? Data() : order) }
    blanks += [Data(), Data("\r".utf8), Data()]
    return [
      Input(name: "orders", bytes: join(orders)),
      Input(name: "crlf", bytes: join(orders, "\r\n")),
      Input(name: "no final newline", bytes: join(orders, final: false)),
      Input(name: "blank lines", bytes: join(blanks)),
      Input(name: "error on the first line", bytes: join([Data(#"{"type":"order","#.utf8)] + orders)),
      Input(
        name: "error in the middle",
        bytes: join(Array(orders[..<60]) + [orders[60].dropLast(4)] + orders[60...])),
      Input(name: "error on the last line", bytes: join(orders + [bad])),
      Input(name: "a long line", bytes: join(Array(orders[..<50]) + [long] + orders[50...])),
      Input(name: "donut records", bytes: join(Array(orders[..<40]) + menu.prefix(3) + orders[40...])),
      Input(name: "summaries", bytes: join(mixed)),
      Input(
        name: "another type",
        bytes: join(
          Array(orders[..<30]) + [Data(#"{"type":"weather","x":1}"#.utf8), Data(#"{"type":""}"#.utf8)]
            + orders[30...])),
      Input(
        name: "escapes",
        bytes: join(
          Array(orders[..<20]) + [
            replacing(orders[20], "\"items\"", #""it\u0065ms""#),
            replacing(orders[21], #""type":"order""#, #""type":"ord\u0065r""#),
            replacing(orders[22], "Cupertino", #"Cup\u00e9rtino"#),
            replacing(orders[23], #""name":""#, #""n\u0061me":"X"#),
            replacing(orders[24], "Picnic Basket", #"Picnic Bask\u0065t"#),
          ] + orders[25...])),
      Input(
        name: "bad UTF-8",
        bytes: join(
          Array(orders[..<30]) + [replacing(orders[30], "Cupertino", [0x43, 0xFF, 0x70])] + orders[31...])),
      Input(name: "sums too large", bytes: join(Array(repeating: overflow, count: 9300))),
      Input(name: "empty", bytes: Data()),
      Input(name: "an empty type first", bytes: join([Data(#"{"type":""}"#.utf8)] + orders)),
    ]
  }

  /// The first line `command` writes for `line` while its input is still open, or nil when it
  /// waits for the end of its input. No clock is read: the producer writes `line` and keeps the
  /// pipe open until the consumer says it has an output line; a command that holds its output
  /// back until the end never lets it say so, and after `seconds` the producer gives up.
  public static func firstLineWhileOpen(
    _ command: String, line: String, environment: [String: String] = [:], seconds: Int = 20
  ) throws -> String? {
    let script = """
      d=$(mktemp -d)
      { printf '%s\\n' "$LINE"; i=0
        while [ ! -e "$d/got" ] && [ $i -lt \(seconds * 20) ]; do sleep 0.05; i=$((i + 1)); done
        [ -e "$d/got" ] && : > "$d/flowed"; } \\
        | \(command) | { IFS= read -r first; printf '%s' "$first" > "$d/first"; : > "$d/got"; cat > /dev/null; }
      [ -e "$d/flowed" ] && cat "$d/first"; rm -rf "$d"
      """
    var environment = environment
    environment["LINE"] = line
    let result = try TestSupport.shell(script, environment: environment)
    return result.out.isEmpty ? nil : result.out
  }

  /// One run with threads: how the input comes in, how many threads read it, how big the chunks are.
  struct Setting {
    var viaPipe: Bool
    var threads: Int
    var chunkSize: String
  }

  /// The runs with threads compared against one thread for `tool arguments` on `input`. With the
  /// campaigns in full (`Campaign.full`), every thread count at every chunk size, as a file and
  /// through a pipe. In the default run, one of them, turned by the tool, arguments and input (the
  /// same one every time), so that the calls of a test together still meet every chunk size,
  /// thread count and way in.
  static func settings(
    _ tool: String, _ arguments: [String], _ input: Input, threads: [Int], pipe: Bool
  ) -> [Setting] {
    let all = (pipe ? [false, true] : [false]).flatMap { viaPipe in
      threads.flatMap { n in chunkSizes.map { Setting(viaPipe: viaPipe, threads: n, chunkSize: $0) } }
    }
    guard !Campaign.full else { return all }
    // FNV-1a over the names: stable from run to run, unlike `hashValue`.
    var key: UInt32 = 2_166_136_261
    for byte in ([tool, input.name] + arguments).joined(separator: "\u{0}").utf8 {
      key = (key ^ UInt32(byte)) &* 16_777_619
    }
    return [all[Int(key % UInt32(all.count))]]
  }

  /// Runs `tool arguments` on `input` (a file, and through a pipe when `pipe`) with one thread and
  /// with `threads` threads at every chunk size (in the default run, one of these: see
  /// `settings`), in `environment` (TZ, ...); returns the differences found, described.
  public static func differences(
    _ tool: String, _ arguments: [String], _ input: Input, threads: [Int] = [2, 3], pipe: Bool = true,
    environment: [String: String] = [:]
  ) throws -> [String] {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("input.jsonl")
    try input.bytes.write(to: file)
    let settings = Self.settings(tool, arguments, input, threads: threads, pipe: pipe)
    var found: [String] = []
    for viaPipe in [false, true] where settings.contains(where: { $0.viaPipe == viaPipe }) {
      func run(_ settings: [String: String]) throws -> TestSupport.Result {
        let environment = environment.merging(settings) { $1 }
        if viaPipe {
          let command = ([tool] + arguments).map { "'\($0)'" }.joined(separator: " ")
          // (cat's own complaint when the tool stops reading early is not the tool's output.)
          return try TestSupport.shell(
            "cat '\(file.path)' 2>/dev/null | \(command)", environment: environment)
        }
        return try TestSupport.run(tool, arguments + [file.path], environment: environment)
      }
      let one = try run(["SAMPLEPIPES_THREADS": "0"])  // the sequential code alone
      for setting in settings where setting.viaPipe == viaPipe {
        let (n, size) = (setting.threads, setting.chunkSize)
        let many = try run(["SAMPLEPIPES_THREADS": "\(n)", "SAMPLEPIPES_CHUNK_SIZE": size])
        if many.status != one.status || many.stdout != one.stdout || many.stderr != one.stderr {
          found.append(
            "\(tool) \(arguments.joined(separator: " ")) on \(input.name) \(viaPipe ? "through a pipe" : "as a file"), "
              + "\(n) threads, chunk \(size.isEmpty ? "default" : size): status \(many.status) (one thread: "
              + "\(one.status)), stderr \(many.err.prefix(300)) (one thread: \(one.err.prefix(300)))")
        }
      }
    }
    return found
  }
}
