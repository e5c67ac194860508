import PipeProtocol
import ToolSupport

/// The day an instant falls on in a time zone (the clock rule's days: PROTOCOL.md, "Times for
/// people"), as days since 1970-01-01. It remembers the span of the last day it found, so that a
/// run of orders of one day costs two comparisons each, as the UTC day's division did.
struct DayClock {
  /// The zone whose days these are.
  let zone: LocalTime.Zone
  /// The instants (`start..<end`) known to fall on `day`; empty at first.
  var start = 1
  var end = 0
  var day = 0

  /// A clock for the days of `zone`.
  init(_ zone: LocalTime.Zone) { self.zone = zone }

  /// The local day of `seconds` (since 1970, UTC).
  @inline(__always)
  mutating func day(of seconds: Int) -> Int {
    if seconds >= start, seconds < end { return day }
    return find(seconds)
  }

  mutating func find(_ seconds: Int) -> Int {
    let offset = zone.offset(at: seconds)
    day = ISODate.floorDiv(seconds + offset, 86_400)
    // The day's span at this offset; remembered only when the offset holds all day (not on a
    // day the clocks change, whose instants are looked up one by one).
    (start, end) = (day * 86_400 - offset, day * 86_400 - offset + 86_400)
    if zone.offset(at: start) != offset || zone.offset(at: end - 1) != offset { (start, end) = (1, 0) }
    return day
  }
}
