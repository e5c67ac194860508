import TestSupport
import Testing

@testable import PipeProtocol

/// `ByteBuffer` (the workers' sink) against an array of bytes (the other sink): the same random
/// appends and truncations, from an empty buffer of little room so that it grows often, give the
/// same bytes; and both, through `RecordSplicer`, write the same records.
@Suite("ByteBuffer against an array of bytes")
struct ByteBufferTests {
  @Test("random appends, runs of bytes and truncations: the same bytes")
  func randomEdits() {
    var random = SplitMix64(seed: 6161)
    for _ in 0..<200 {
      var buffer = ByteBuffer(capacity: 1)
      defer { buffer.free() }
      var array: [UInt8] = []
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          let byte = UInt8.random(in: 0...255, using: &random)
          buffer.append(byte)
          array.append(byte)
        case 1:
          let run = (0..<Int.random(in: 0...300, using: &random)).map { _ in
            UInt8.random(in: 0...255, using: &random)
          }
          run.withUnsafeBufferPointer {
            buffer.append(bytes: $0)
            array.append(bytes: $0)
          }
        default:
          let keep = Int.random(in: 0...array.count, using: &random)
          buffer.truncate(to: keep)
          array.truncate(to: keep)
        }
        #expect(buffer.count == array.count)
      }
      #expect(Array(buffer.bytes) == array)
      buffer.removeAll()
      #expect(buffer.count == 0)
    }
  }

  @Test("the splicer writes the same record into either sink")
  func splicedRecords() throws {
    let line = Array(#"{"a":1,"b":"x","c":[1,2],"type":"t","d":{"e":true}}"#.utf8)
    var members: [MemberSpan] = []
    try line.withUnsafeBufferPointer { bytes in
      _ = try RecordIndexer.index(bytes, source: "t", line: 1, into: &members, maxDepth: 16)
    }
    for m in 0..<members.count {
      var buffer = ByteBuffer(capacity: 2)
      defer { buffer.free() }
      var array: [UInt8] = []
      line.withUnsafeBufferPointer { bytes in
        members.withUnsafeBufferPointer { spans in
          let value = Array("null".utf8)
          value.withUnsafeBufferPointer { value in
            var one = RecordSplicer(bytes, members: spans)
            one.replace(m, with: value, to: &buffer)
            one.insert(before: spans.count, to: &buffer) { $0.append(bytes: value) }
            one.finish(to: &buffer)
            var two = RecordSplicer(bytes, members: spans)
            two.replace(m, with: value, to: &array)
            two.insert(before: spans.count, to: &array) { $0.append(bytes: value) }
            two.finish(to: &array)
          }
          var three = RecordSplicer(bytes, members: spans)
          var removedBuffer = ByteBuffer(capacity: 2)
          defer { removedBuffer.free() }
          three.remove(spans.count - 1, to: &removedBuffer)
          three.finish(to: &removedBuffer)
          var four = RecordSplicer(bytes, members: spans)
          var removedArray: [UInt8] = []
          four.remove(spans.count - 1, to: &removedArray)
          four.finish(to: &removedArray)
          #expect(Array(removedBuffer.bytes) == removedArray)
          #expect(String(decoding: removedArray, as: UTF8.self) == #"{"a":1,"b":"x","c":[1,2],"type":"t"}"#)
        }
      }
      #expect(Array(buffer.bytes) == array, "member \(m)")
    }
  }
}
