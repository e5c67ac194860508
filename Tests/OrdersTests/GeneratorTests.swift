import FoodTruckKit
import Glibc
import PipeProtocol
import Testing

@Suite("the sample's random source and order generator")
struct GeneratorTests {
  /// 2026-11-29T10:30:00Z.
  static let now = ISODate.parse("2026-11-29T10:30:00Z")!

  @Test("SeededRandom gives the numbers of Glibc's srand48 followed by drand48")
  func matchesGlibc() {
    // Only this test touches the process-wide drand48 state (SeededRandom keeps its own), and it
    // goes through the seeds one after another.
    for seed in [1, 2, 3, 5, -7, 1 << 40 | 9] {
      srand48(seed)
      var random = SeededRandom(seed: seed)
      for _ in 0..<200 {
        #expect(random.nextUnit() == drand48())
      }
    }
  }

  @Test("next() is the 48-bit drand48 state shifted left 16 bits (low 16 bits zero)")
  func nextIsShiftedState() {
    var random = SeededRandom(seed: 1)
    var reference = Reference(seed: 1)
    for _ in 0..<1000 {
      let value = random.next()
      #expect(value & 0xFFFF == 0)
      #expect(value == reference.next())
    }
  }

  @Test("generators do not disturb each other (the sample's shared drand48 state did)")
  func independentGenerators() {
    var a = SeededRandom(seed: 1)
    var b = SeededRandom(seed: 1)
    var other = SeededRandom(seed: 99)
    var first: [UInt64] = []
    for _ in 0..<10 {
      first.append(a.next())
      _ = other.next()
    }
    #expect(first == (0..<10).map { _ in b.next() })
  }

  @Test("the 24 starting orders follow the sample's draws: time, shuffle, count, quantities")
  func startingOrdersMatchReference() {
    var reference = Reference(seed: 1)
    var previous = Double(Self.now) - 240
    let orders = Array(StartingOrders(now: Self.now))
    #expect(orders.count == 24)
    for (index, order) in orders.enumerated() {
      previous -= reference.double(60, below: 180)
      let expected = reference.order()
      #expect(order.id == "Order#12\(String(24 - index).count < 2 ? "0" : "")\(24 - index)")
      #expect(order.items.map(\.donut) == expected.map(\.donut))
      #expect(order.items.map(\.quantity) == expected.map(\.quantity))
      #expect(order.items.map(\.name) == expected.map { Menu.builtIn.donuts[$0.donut].name })
      #expect(order.creationDate == Int(previous.rounded(.down)))
      #expect(order.status == (index < 9 ? .placed : .ready))
      if index < 9 {
        #expect(order.completionDate == nil)
      } else {
        #expect(order.completionDate == Int(min(previous + 840, Double(Self.now)).rounded(.down)))
      }
    }
  }

  @Test("starting orders have the sample's shape: ids 1224...1201, 9 placed, 1-5 distinct donuts of 1-5")
  func startingOrdersShape() {
    let orders = Array(StartingOrders(now: Self.now))
    #expect(orders.map(\.id) == (1...24).reversed().map { sampleID($0) })
    #expect(orders.prefix(9).allSatisfy { $0.status == .placed })
    #expect(orders.dropFirst(9).allSatisfy { $0.status == .ready })
    for order in orders {
      #expect((1...5).contains(order.items.count))
      #expect(Set(order.items.map(\.donut)).count == order.items.count)
      #expect(order.items.allSatisfy { (1...5).contains($0.quantity) })
      #expect(order.city == "Cupertino" && order.parkingSpot == "Apple Park")
      #expect(order.temperature == Temperature(value: 72, unit: "fahrenheit") && order.wasRaining == false)
    }
    // Newest 4 to 7 minutes before now; each 60 to 180 seconds older than the one before.
    #expect((Self.now - 420)...(Self.now - 300) ~= orders[0].creationDate)
    for (newer, older) in zip(orders, orders.dropFirst()) {
      #expect((59...181).contains(newer.creationDate - older.creationDate))
    }
    #expect((Self.now - 76 * 60)...(Self.now - 28 * 60) ~= orders[23].creationDate)
  }

  @Test(
    "a larger count extends the loop: ids count down from Order#12<count>; the first orders keep their donuts"
  )
  func largerCount() {
    let sample = Array(StartingOrders(now: Self.now))
    let more = Array(StartingOrders(count: 130, now: Self.now))
    #expect(more.first?.id == "Order#12130")
    #expect(more[30].id == "Order#12100")
    #expect(more[121].id == "Order#1209")
    #expect(more.last?.id == "Order#1201")
    #expect(zip(sample, more).allSatisfy { $0.items == $1.items && $0.creationDate == $1.creationDate })
    #expect(more.filter { $0.status == .placed }.count == 9)
  }

  @Test("the live stream draws the wait first, then the order; numbers start at 25")
  func liveStream() {
    var reference = Reference(seed: 5)
    var stream = LiveOrders()
    for number in 25..<30 {
      let delay = stream.nextDelay()
      #expect(delay == reference.double(3, through: 8))
      #expect((3...8).contains(delay))
      let order = stream.nextOrder(date: 0)
      let expected = reference.order()
      #expect(order.id == "Order#12\(number)")
      #expect(order.items.map(\.donut) == expected.map(\.donut))
      #expect(order.items.map(\.quantity) == expected.map(\.quantity))
    }
  }

  @Test("grandTotal is 5.78 per donut with at most two decimals, computed in cents")
  func grandTotal() {
    // The domain's example: Decimal(6) * 5.78 prints 34.68.
    #expect(Order.money(cents: 6 * 578).jsonText == "34.68")
    for n in 0...2000 {
      let cents = 578 * n
      var expected = "\(cents / 100)"
      let fraction = cents % 100
      if fraction != 0 {
        expected += fraction % 10 == 0 ? ".\(fraction / 10)" : ".\(fraction < 10 ? "0" : "")\(fraction)"
      }
      #expect(Order.money(cents: cents).jsonText == expected)
    }
  }
}

/// `Order#12` and a number padded to two digits, written independently of `Order.id(number:)`.
func sampleID(_ n: Int) -> String {
  n < 10 ? "Order#120\(n)" : "Order#12\(n)"
}
