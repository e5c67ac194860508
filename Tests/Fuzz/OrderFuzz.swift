// libFuzzer target for order and menu decoding: built by `Tests/tools/fuzz order` into the FoodTruckKit
// module (not a SwiftPM target). A `donut` record goes through `Donut(definition:)` (the menu
// store's and the stream's decoder) and onto a menu of the input's own, whose record must define
// the same donut again; every other line that is a record goes through `Order(record:menu:)`
// against that menu. An order that decodes must encode the same way by both writers, decode again
// to the same order, and give its totals and text without trapping.

import PipeProtocol

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var start = 0
  var menu = Menu.builtIn
  for i in 0...size where i == size || bytes[i] == 0x0A {
    let line = Array(bytes[start..<i])
    start = i + 1
    guard let record = try? Record(bytes: line, source: "fuzz", line: 1) else { continue }
    if record.type == "donut" {
      guard let donut = try? Donut(definition: record) else { continue }
      _ = (donut.flavors.text, donut.recipe, donut.matches("x"), Donut.nameProblem(donut.name))
      var own: [UInt8] = []
      JSONWriter.append(donut.record, to: &own)
      guard let again = try? Donut(definition: Record(bytes: own, source: "again", line: 1)) else {
        preconditionFailure("a donut's own record does not define it")
      }
      precondition(again.sameEntry(as: donut), "a donut changed through its record")
      _ = try? menu.define(donut)
      continue
    }
    _ = Order.normalizedID(String(decoding: line.prefix(64), as: UTF8.self))
    guard let order = try? Order(record: record, menu: menu) else { continue }
    // The fast writer and the generic one agree, and the result decodes to the same order.
    var fast: [UInt8] = []
    order.appendRecord(to: &fast)
    var generic: [UInt8] = []
    JSONWriter.append(order.record, to: &generic)
    precondition(fast == generic, "appendRecord and record differ")
    guard let again = try? Order(record: Record(bytes: fast, source: "again", line: 1), menu: menu) else {
      preconditionFailure("an order's own record does not decode")
    }
    precondition(again == order, "an order changed through its record")
    _ = (order.totalSales, order.grandTotalCents, order.sales, order.number, order.matches("x"))
    _ = Order.sequenceNumber(of: order.id)
  }
  return 0
}
