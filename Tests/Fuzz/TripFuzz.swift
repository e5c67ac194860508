// libFuzzer target for trip decoding: built by `Tests/tools/fuzz trip` into the WishlistKit module
// (not a SwiftPM target). Lines go through `Trip(record:)` and, all together, `Wishlist(records:)`; a
// trip that decodes must decode again from its own record to the same trip, and search, sorting
// and the goal counts must not trap.

import PipeProtocol

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var records: [Record] = []
  var start = 0
  var number = 0
  for i in 0...size where i == size || bytes[i] == 0x0A {
    let line = Array(bytes[start..<i])
    start = i + 1
    number += 1
    guard let record = try? Record(bytes: line, source: "fuzz", line: number) else { continue }
    records.append(record)
    guard let trip = try? Trip(record: record) else { continue }
    let written = Record(object: trip.record())
    guard let again = try? Trip(record: written) else {
      preconditionFailure("a trip's own record does not decode")
    }
    precondition(again.record() == trip.record(), "a trip changed through its record")
    for sort in ActivitySort.allCases { _ = trip.activities(sortedBy: sort) }
    _ = (trip.progress, trip.completedCount, trip.isComplete)
  }
  if let wishlist = try? Wishlist(records: records) {
    let query = String(decoding: bytes.prefix(8), as: UTF8.self)
    _ = wishlist.search(query)
    _ = wishlist.recentlyAdded(limit: 3)
    _ = wishlist.tripsByCollection
    var ledger = GoalLedger()
    ledger.update(counts: wishlist.counts, now: 0)
    _ = ledger.statuses(counts: wishlist.counts).map(\.record)
  }
  return 0
}
