import Foundation
import TestSupport
import Testing

/// `weather annotate` reading with threads gives exactly what one thread gives: the same lines,
/// the same error naming the same line, the same exit status.
@Suite("weather annotate with threads")
struct ThreadedAnnotateTests {
  static let inputs = ((try? ThreadedReading.inputs()) ?? []) + ((try? annotateInputs()) ?? [])

  /// Inputs that only matter to annotate: other spots and days, members missing, moved or of
  /// another kind, and bad orders in the middle.
  static func annotateInputs() throws -> [ThreadedReading.Input] {
    let orders = try ThreadedReading.orders(90, seed: 4)
    func edit(_ i: Int, _ old: String, _ new: String) -> Data {
      guard let range = orders[i].firstRange(of: Data(old.utf8)) else { return orders[i] }
      var line = orders[i]
      line.replaceSubrange(range, with: Data(new.utf8))
      return line
    }
    var varied: [Data] = []
    for i in orders.indices {
      switch i % 6 {
      case 1:
        varied.append(
          edit(i, #""city":"Cupertino""#, #""city":"London""#)
            .replacing(Data("Apple Park".utf8), with: Data("Tower Bridge".utf8)))
      case 2: varied.append(edit(i, #","wasRaining":false"#, ""))
      case 3:
        varied.append(edit(i, #""temperature":{"unit":"fahrenheit","value":72}"#, #""temperature":null"#))
      case 4: varied.append(edit(i, #""creationDate":"2026-11-2"#, #""creationDate":"2025-06-1"#))
      case 5:
        varied.append(
          edit(i, #","wasRaining":false"#, "").replacing(
            Data(#"{"city""#.utf8), with: Data(#"{"wasRaining":1,"city""#.utf8)))
      default: varied.append(orders[i])
      }
    }
    func join(_ lines: [Data]) -> Data { Data(lines.joined(separator: Data([0x0A]))) + Data([0x0A]) }
    return [
      .init(name: "orders varied", bytes: join(varied)),
      .init(
        name: "an unknown spot in the middle",
        bytes: join(Array(orders[..<45]) + [edit(45, "Apple Park", "Nowhere")] + orders[46...])),
      .init(
        name: "a bad date in the middle",
        bytes: join(Array(orders[..<50]) + [edit(50, "T", "X")] + orders[51...])),
    ]
  }

  @Test("the same bytes with one thread and with two or three, chunks of any size", arguments: inputs)
  func sameOutput(_ input: ThreadedReading.Input) throws {
    for arguments in [["annotate"], ["annotate", "--seed", "7"]] {
      let differences = try ThreadedReading.differences("weather", arguments, input)
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
  }

  @Test("the inputs are there, and annotate changes the varied orders")
  func inputsMade() throws {
    #expect(Self.inputs.count >= 18)
    let varied = try #require(Self.inputs.first { $0.name == "orders varied" })
    let result = try TestSupport.run("weather", ["annotate"], stdin: varied.bytes)
    #expect(result.status == 0)
    #expect(result.stdout != varied.bytes)
    #expect(result.stdout.split(separator: 0x0A).count == 90)
  }

  @Test("a live stream still flows line by line through annotate")
  func liveStream() throws {
    let order = String(decoding: try ThreadedReading.orders(1)[0], as: UTF8.self)
    let first = try ThreadedReading.firstLineWhileOpen(
      "weather annotate", line: order, environment: ["SAMPLEPIPES_THREADS": "2"])
    let annotated = try #require(first, "annotate held the order back until the end of its input")
    #expect(annotated.hasPrefix(#"{"city":"Cupertino""#) && annotated.contains(#""wasRaining":"#))
  }
}
