// libFuzzer target for the feed store's records: built by `Tests/tools/fuzz feed` into the FoodTruckKit
// module (not a SwiftPM target). Each line that is a record goes through `FeedPost(record:menu:)`;
// a post that decodes must write a record that decodes again to the same post.

import PipeProtocol

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var start = 0
  for i in 0...size where i == size || bytes[i] == 0x0A {
    let line = Array(bytes[start..<i])
    start = i + 1
    guard let record = try? Record(bytes: line, source: "fuzz", line: 1) else { continue }
    guard let post = try? FeedPost(record: record, menu: .builtIn) else { continue }
    let again = Record(object: post.record, source: "again", line: 1)
    guard let decoded = try? FeedPost(record: again, menu: .builtIn) else {
      preconditionFailure("a post's own record does not decode")
    }
    precondition(decoded == post, "a post changed through its record")
  }
  return 0
}
