// libFuzzer target for the achievements state file: built by `Tests/tools/fuzz achievements` into the
// AchievementsCommand module (not a SwiftPM target). The input's lines are decoded as a state
// file; a ledger that decodes must write records that decode to the same ledger.

import PipeProtocol
import WishlistKit

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAchievements(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var records: [Record] = []
  var start = 0
  for i in 0...size where i == size || bytes[i] == 0x0A {
    let line = Array(bytes[start..<i])
    start = i + 1
    if let record = try? Record(bytes: line, source: "fuzz", line: records.count + 1) {
      records.append(record)
    }
  }
  let state = StateFile(path: "/nonexistent/fuzz-state.jsonl")
  guard let ledger = try? state.decode(records) else { return 0 }
  let written = ledger.records.map { Record(object: $0) }
  guard let again = try? state.decode(written) else {
    preconditionFailure("a ledger's own records do not decode")
  }
  precondition(again == ledger, "a ledger changed through its records")
  var counts = GoalCounts()
  counts.add(collection: .springEscapes, done: size % 40, total: size % 40)
  var copy = ledger
  _ = copy.update(counts: counts, now: size)
  _ = copy.statuses(counts: counts).map(\.record)
  return 0
}
