import Foundation
import TestSupport
import Testing

/// `pipe-check` reading with threads gives exactly what one thread gives: the same problems in
/// the same order with the same line numbers, the same summary, the same lines passed on.
@Suite("pipe-check with threads")
struct ThreadedTests {
  static let inputs = (try? ThreadedReading.inputs()) ?? []

  @Test("the same bytes with one thread and with two or three, chunks of any size", arguments: inputs)
  func sameOutput(_ input: ThreadedReading.Input) throws {
    for arguments in [
      ["--pass"], ["--strict", "--max-problems", "3"], ["--type", "order", "--max-line-length", "500"],
      ["--pass", "--max-depth", "2", "--quiet"],
    ] {
      let differences = try ThreadedReading.differences("pipe-check", arguments, input)
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
  }

  @Test("the inputs are there")
  func inputsMade() {
    #expect(Self.inputs.count >= 15)
  }

  @Test("a first record of type \"\" counts as a type, with one thread or more")
  func emptyTypeFirst() throws {
    for threads in ["1", "2"] {
      let result = try TestSupport.run(
        "pipe-check", [], stdin: Data("{\"type\":\"\"}\n{\"type\":\"x\"}\n".utf8),
        environment: ["SAMPLEPIPES_THREADS": threads])
      #expect(result.err == "pipe-check: 2 records, 2 types, 0 problems\n")
    }
  }

  @Test("a guard passes every byte as it came, whatever the chunks")
  func passesBytes() throws {
    let orders = try ThreadedReading.orders(300, seed: 5)
    let input = Data(orders.joined(separator: Data("\r\n".utf8)))
    for size in ["1", "100", "5000", ""] {
      let result = try TestSupport.run(
        "pipe-check", ["--pass"], stdin: input,
        environment: ["SAMPLEPIPES_THREADS": "2", "SAMPLEPIPES_CHUNK_SIZE": size])
      #expect(result.status == 0)
      #expect(result.stdout == input)
    }
  }

  @Test("a live stream still flows line by line through a guard")
  func liveStream() throws {
    // The record comes out while the stream is still open.
    let first = try ThreadedReading.firstLineWhileOpen(
      "pipe-check --pass", line: #"{"type":"x"}"#, environment: ["SAMPLEPIPES_THREADS": "2"])
    #expect(first == #"{"type":"x"}"#)
  }

  @Test("| head ends a guard quietly")
  func head() throws {
    let result = try TestSupport.shell(
      "orders generate --count 20000 --seed 2 | pipe-check --pass | head -1 >/dev/null; echo \"${PIPESTATUS[@]}\"",
      environment: ["SAMPLEPIPES_THREADS": "2"])
    #expect(result.out == "0 0 0\n")
    #expect(result.err.isEmpty)
  }
}
