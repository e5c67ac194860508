/// The sample's `OrderGenerator`: random orders drawn with Swift's standard algorithms from a
/// `RandomNumberGenerator` (the sample uses `SeededRandom`), so the same seed gives the same orders.
public struct OrderGenerator: Sendable {
  /// The most items an order it makes holds: the header of `orders stream -f csv` counts on it.
  public static let maxItems = 5

  /// The donuts orders are drawn from (the menu).
  public let knownDonuts: [Donut]
  let positions: [Int]

  /// A generator over these donuts (the menu by default).
  public init(knownDonuts: [Donut] = Menu.builtIn.donuts) {
    self.knownDonuts = knownDonuts
    self.positions = Array(knownDonuts.indices)
  }

  /// The sample's `generateOrder(number:date:generator:)`: shuffles the donuts, keeps the first
  /// 1...5, draws a quantity 1...5 for each in that order, and returns a `placed` order in
  /// Cupertino at Apple Park, 72 °F, dry. Draws: 16 (shuffle) + 1 (count) + one per donut.
  public func generateOrder<G: RandomNumberGenerator>(number: Int, date: Int, using generator: inout G)
    -> Order
  {
    // Shuffling the positions draws exactly what shuffling the donuts does (Fisher–Yates draws
    // depend only on the count) without copying donuts around.
    let chosen = positions.shuffled(using: &generator).prefix(
      Int.random(in: 1...Self.maxItems, using: &generator))
    var items: [OrderItem] = []
    items.reserveCapacity(chosen.count)
    for position in chosen {
      items.append(
        OrderItem(donut: knownDonuts[position], quantity: Int.random(in: 1...5, using: &generator)))
    }
    let home = City.truck
    return Order(
      id: Order.id(number: number), status: .placed, items: items, city: home.city.name,
      parkingSpot: home.spot.name, creationDate: date, temperature: .sample, wasRaining: false)
  }
}

/// The sample's starting orders (`todaysOrders()`), generated one at a time so that any number of
/// them streams in constant memory.
///
/// With seed 1 and count 24 these are exactly the sample's: `Order#1224` (newest, placed 5 to 7
/// minutes before `now`) down to `Order#1201`, the 9 newest `placed` and the rest `ready` with
/// `completionDate = min(creation + 14 min, now)`. Each order is placed 60 to 180 seconds before
/// the previous one, starting 4 minutes before `now`.
///
/// A larger count runs the same loop with `count` in place of 24: ids count down from
/// `Order#12<count>` to `Order#1201` (numbers padded to at least two digits), the k-th order drawn
/// has the same donuts as the sample's k-th, the 9 newest are placed and the rest ready, and the
/// dates go further back. Fractions of seconds are dropped from dates.
public struct StartingOrders: Sequence, IteratorProtocol, Sendable {
  /// How many orders in all.
  public let count: Int
  /// The clock the dates count back from (seconds since 1970).
  public let now: Int
  var generator: SeededRandom
  let orderGenerator: OrderGenerator
  var index = 0
  var previousOrderTime: Double

  /// The sample's default seed.
  public static let sampleSeed = 1
  /// The sample's default count.
  public static let sampleCount = 24
  /// How many of the newest orders start `placed` (the rest start `ready`).
  public static let placedCount = 9

  /// The orders for a seed and count, dated back from `now`.
  public init(seed: Int = StartingOrders.sampleSeed, count: Int = StartingOrders.sampleCount, now: Int) {
    self.count = count
    self.now = now
    self.generator = SeededRandom(seed: seed)
    self.orderGenerator = OrderGenerator()
    self.previousOrderTime = Double(now) - 240
  }

  /// The next order, newest first; nil after `count` orders.
  public mutating func next() -> Order? {
    guard index < count else { return nil }
    previousOrderTime -= Double.random(in: 60..<180, using: &generator)
    let date = Int(previousOrderTime.rounded(.down))
    var order = orderGenerator.generateOrder(number: count - index, date: date, using: &generator)
    if index >= StartingOrders.placedCount {
      order.status = .ready
      order.completionDate = Int(Swift.min(previousOrderTime + 14 * 60, Double(now)).rounded(.down))
    }
    index += 1
    return order
  }
}

/// The sample's live order stream: every 3 to 8 seconds a new `placed` order.
///
/// The sample draws the delay and the order from one generator on two tasks, so its contents are
/// racy; this port fixes the order of draws: for each order, first the delay, then the order.
public struct LiveOrders: Sendable {
  var generator: SeededRandom
  let orderGenerator = OrderGenerator()
  /// The number of the next order (the sample starts at 25, after the 24 starting orders).
  public private(set) var nextNumber: Int

  /// The sample's stream seed.
  public static let sampleSeed = 5

  /// A stream whose first order has number `firstNumber`.
  public init(seed: Int = LiveOrders.sampleSeed, firstNumber: Int = StartingOrders.sampleCount + 1) {
    generator = SeededRandom(seed: seed)
    nextNumber = firstNumber
  }

  /// Draws the wait before the next order: 3...8 seconds.
  public mutating func nextDelay() -> Double {
    Double.random(in: 3...8, using: &generator)
  }

  /// Draws the next order, dated `date`.
  public mutating func nextOrder(date: Int) -> Order {
    defer { nextNumber += 1 }
    return orderGenerator.generateOrder(number: nextNumber, date: date, using: &generator)
  }
}
