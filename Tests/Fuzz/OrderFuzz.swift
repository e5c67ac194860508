// libFuzzer target for order decoding: built by `bin/fuzz order` into the FoodTruckKit module
// (not a SwiftPM target). Each line that is a record goes through `Order(record:)`; an order that
// decodes must encode the same way by both writers, decode again to the same order, and give its
// totals and text without trapping.

import PipeProtocol

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var start = 0
  for i in 0...size where i == size || bytes[i] == 0x0A {
    let line = Array(bytes[start..<i])
    start = i + 1
    guard let record = try? Record(bytes: line, source: "fuzz", line: 1) else { continue }
    _ = Order.normalizedID(String(decoding: line.prefix(64), as: UTF8.self))
    guard let order = try? Order(record: record) else { continue }
    // The fast writer and the generic one agree, and the result decodes to the same order.
    var fast: [UInt8] = []
    order.appendRecord(to: &fast)
    var generic: [UInt8] = []
    JSONWriter.append(order.record, to: &generic)
    precondition(fast == generic, "appendRecord and record differ")
    guard let again = try? Order(record: Record(bytes: fast, source: "again", line: 1)) else {
      preconditionFailure("an order's own record does not decode")
    }
    precondition(again == order, "an order changed through its record")
    _ = (order.totalSales, order.grandTotalCents, order.sales, order.number, order.matches("x"))
    _ = Order.sequenceNumber(of: order.id)
  }
  return 0
}
