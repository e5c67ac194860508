import Testing

@testable import WeatherCommand

@Suite("annotate's order reading")
struct AnnotateTests {
  @Test("the fast key match knows exactly the keys annotate reads and sets, and nothing near them")
  func keyMatch() {
    for key in OrderLine.Name.keys {
      let bytes = Array(key.utf8)
      let name = bytes.withUnsafeBufferPointer { OrderLine.Name(raw: $0) }
      #expect(name != nil && name == OrderLine.Name(key: key), "\(key)")
    }
    for near in ["iD", "town", "parkingspot", "Temperature", "wasRainin_", "creationdate", "type", "items"] {
      let name = Array(near.utf8).withUnsafeBufferPointer { OrderLine.Name(raw: $0) }
      #expect(name == nil, "\(near)")
    }
  }
}
