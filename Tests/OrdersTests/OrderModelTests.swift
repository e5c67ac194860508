import FoodTruckKit
import Foundation
import PipeProtocol
import Testing

@Suite("the order model")
struct OrderModelTests {
  static let cosmos = Order(
    id: "Order#1201", status: .placed, items: [OrderItem(donut: Menu.builtIn.donuts[3], quantity: 2)],
    city: "Cupertino",
    parkingSpot: "Apple Park", creationDate: ISODate.parse("2026-11-29T10:02:13Z")!)

  @Test("the issue's example order record, byte for byte (keys sorted)")
  func issueExample() {
    let text = String(decoding: Record(object: Self.cosmos.record).bytes, as: UTF8.self)
    // The issue's example, with its keys sorted.
    #expect(
      text
        == #"{"city":"Cupertino","creationDate":"2026-11-29T10:02:13Z","grandTotal":11.56,"id":"Order#1201","items":[{"donut":3,"name":"Cosmos","quantity":2}],"parkingSpot":"Apple Park","status":"placed","totalSales":2,"type":"order"}"#
    )
  }

  @Test("records read back into the same order, optional fields included")
  func roundTrip() throws {
    var order = Self.cosmos
    order.status = .preparing
    order.preparation = Preparation(start: order.creationDate + 30)
    order.completionDate = order.creationDate + 600
    order.temperature = .sample
    order.wasRaining = true
    let record = Record(object: order.record)
    #expect(try Order(record: record) == order)
    #expect(order.preparation?.end == order.creationDate + 90)
    #expect(order.preparation?.staleDate == order.creationDate + 150)
  }

  @Test(
    "bad order records are errors that name the problem",
    arguments: [
      (#""donut":3,"#, #""donut":17,"#, "unknown donut id 17"),
      (#""name":"Cosmos""#, #""name":"Cosmo""#, "but donut 3 is \"Cosmos\""),
      (#""totalSales":2"#, #""totalSales":3"#, "\"totalSales\" is 3 but the items add up to 2"),
      (
        #""status":"placed""#, #""status":"cooking""#,
        #""status" must be one of placed, preparing, ready, completed, not "cooking""#
      ),
      (
        #""quantity":2"#, #""quantity":0"#,
        #""items[0].quantity" must be a whole number from 1 to 1000000, not 0"#
      ),
      (#""quantity":2"#, #""quantity":1000001"#, "from 1 to 1000000, not 1000001"),
      (#""quantity":2"#, #""quantity":9223372036854775807"#, "from 1 to 1000000"),
      (#""donut":3"#, #""donut":"3""#, #""items[0].donut" must be a whole number, not "3""#),
      (#""items":["#, #""items":[7,"#, #""items[0]" must be an object, not 7"#),
      (#""creationDate":"2026-11-29T10:02:13Z""#, #""creationDate":"yesterday""#, "ISO 8601"),
      (#""city":"Cupertino""#, #""town":"Cupertino""#, #"order record has no "city" field"#),
    ])
  func badRecords(change: (String, String, String)) throws {
    let good = String(decoding: Record(object: Self.cosmos.record).bytes, as: UTF8.self)
    let bad = good.replacingOccurrences(of: change.0, with: change.1)
    #expect(bad != good)
    let record = try Record(bytes: Array(bad.utf8), source: "store", line: 7)
    do {
      _ = try Order(record: record)
      Issue.record("no error for \(bad)")
    } catch {
      #expect(error.description.contains(change.2))
      #expect(error.description.contains("line 7"))
    }
  }

  @Test("the fast record writer gives the same bytes as the record object, optional fields or not")
  func fastWriter() {
    var orders = Array(StartingOrders(count: 300, now: ISODate.parse("2026-11-29T10:30:00Z")!))
    orders[0].preparation = Preparation(start: orders[0].creationDate + 5)
    orders[1].temperature = Temperature(value: -3.5, unit: "celsius")
    orders[1].wasRaining = true
    orders[2].temperature = nil
    orders[2].wasRaining = nil
    orders[3].id = "Order#\"quoted\"\n"
    orders[4].creationDate = -86_401
    orders.append(Self.cosmos)
    for order in orders {
      var fast: [UInt8] = []
      order.appendRecord(to: &fast)
      #expect(
        String(decoding: fast, as: UTF8.self)
          == String(decoding: Record(object: order.record).bytes, as: UTF8.self))
    }
  }

  @Test("ids: Order#12 and at least two digits; user forms normalized")
  func ids() {
    #expect(Order.id(number: 1) == "Order#1201")
    #expect(Order.id(number: 24) == "Order#1224")
    #expect(Order.id(number: 100) == "Order#12100")
    #expect(Order.sequenceNumber(of: "Order#1225") == 25)
    #expect(Order.sequenceNumber(of: "Order#12100") == 100)
    #expect(Order.sequenceNumber(of: "Order#99") == nil)
    for form in ["Order#1203", "order#1203", "1203", "foodtruck://order/1203"] {
      #expect(Order.normalizedID(form) == "Order#1203")
    }
    #expect(Order.normalizedID("") == nil)
    #expect(Order.normalizedID("12 03") == nil)
    // A link takes the rest an id takes (letters, digits, `-`): every notice's `url` opens its order.
    #expect(Order.normalizedID("foodtruck://order/Truck-7") == "Order#Truck-7")
    #expect(Order.normalizedID("foodtruck://order/12.5") == nil)
    #expect(Order.normalizedID("foodtruck://order/") == nil)
    #expect(Self.cosmos.number == "1201")
  }

  @Test("status flow keeps ready (the sample skipped it); completed is last")
  func flow() {
    #expect(OrderStatus.placed.next == .preparing)
    #expect(OrderStatus.preparing.next == .ready)
    #expect(OrderStatus.ready.next == .completed)
    #expect(OrderStatus.completed.next == nil)
    #expect(OrderStatus.allCases.sorted(by: >) == [.completed, .ready, .preparing, .placed])
  }

  @Test("search: the id, or a donut's name or ingredients, any case; empty matches all")
  func search() {
    #expect(Self.cosmos.matches(""))
    #expect(Self.cosmos.matches("1201"))
    #expect(Self.cosmos.matches("COSMOS"))
    #expect(Self.cosmos.matches("star sprinkles"))  // Cosmos's topping
    #expect(!Self.cosmos.matches("lemon"))
  }
}
