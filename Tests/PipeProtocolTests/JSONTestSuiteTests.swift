import Foundation
import PipeProtocol
import TestSupport
import Testing

/// The JSONTestSuite parsing cases, read from ../shared/jsontestsuite (never copied here).
enum Suite {
  static var directory: URL? {
    TestSupport.sharedDirectory?.appendingPathComponent("jsontestsuite/test_parsing")
  }

  static func files(_ prefix: String) -> [String] {
    guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else {
      return []
    }
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  /// Whether the allocation-free validator accepts the bytes.
  static func validates(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer)
      return (try? parser.validateDocument()) != nil
    }
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory!.appendingPathComponent(name)))
  }
}

@Suite("JSONTestSuite", .enabled(if: Requirements.shared, "../shared/jsontestsuite is absent"))
struct JSONTestSuiteTests {
  @Test("the suite is present")
  func present() {
    #expect(Suite.files("y_").count == 95)
    #expect(Suite.files("n_").count == 188)
  }

  @Test("every y_ case is accepted", arguments: Suite.files("y_"))
  func accepts(_ name: String) throws {
    let bytes = try Suite.bytes(name)
    #expect(throws: Never.self) { _ = try JSONParser.parse(bytes) }
    let validated = Suite.validates(bytes)
    #expect(validated)
  }

  @Test("every n_ case is rejected", arguments: Suite.files("n_"))
  func rejects(_ name: String) throws {
    let bytes = try Suite.bytes(name)
    #expect(throws: JSONError.self) { _ = try JSONParser.parse(bytes) }
    let validated = Suite.validates(bytes)
    #expect(!validated)
  }

  @Test("no i_ case crashes, and both parsers agree", arguments: Suite.files("i_"))
  func survives(_ name: String) throws {
    let bytes = try Suite.bytes(name)
    let built = (try? JSONParser.parse(bytes)) != nil
    let validated = Suite.validates(bytes)
    #expect(built == validated)
  }
}
