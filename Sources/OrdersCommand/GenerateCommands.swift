import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// `orders menu`.
enum MenuCommand {
  static func run(_ invocation: LegacyInvocation) throws {
    let search = invocation.string("search") ?? ""
    var donuts = Menu.builtIn.donuts.filter { $0.matches(search) }
    let sort = invocation.choice("sort", default: "id")
    if sort == "name" {
      donuts = sorted(donuts) { $0.name.lowercased() < $1.name.lowercased() }
    } else if sort.hasPrefix("flavor:"),
      let flavor = Flavor(rawValue: String(sort.dropFirst("flavor:".count)))
    {
      donuts = sorted(donuts) { $0.flavors[flavor] > $1.flavors[flavor] }
    }
    let out = StandardOutput.shared
    for donut in donuts {
      if invocation.choice("format", default: "json") == "text" {
        let id = String(donut.id)
        out.write(
          String(repeating: " ", count: 2 - id.count) + id + "  " + donut.name + "  ("
            + donut.flavors.mostPotent.flavor.rawValue + ")\n")
      } else {
        out.writeRecord(donut.record)
      }
    }
  }

  /// A stable sort: equal elements keep their menu order.
  static func sorted(_ donuts: [Donut], by before: (Donut, Donut) -> Bool) -> [Donut] {
    donuts.enumerated().sorted { a, b in
      before(a.element, b.element) || (!before(b.element, a.element) && a.offset < b.offset)
    }.map(\.element)
  }
}

/// `orders generate`.
enum GenerateCommand {
  static func run(_ invocation: LegacyInvocation) throws {
    let seed = try invocation.int("seed", default: StartingOrders.sampleSeed)
    let count = try invocation.int("count", default: StartingOrders.sampleCount, in: 0...Int.max)
    let now = try invocation.now()
    let progress = count >= 100_000 ? ProgressBar(total: count, label: "orders generate") : nil
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 17)
    var done = 0
    for order in StartingOrders(seed: seed, count: count, now: now) {
      order.appendRecord(to: &buffer)
      buffer.append(0x0A)
      done += 1
      if buffer.count >= 1 << 16 {
        StandardOutput.shared.write(buffer)
        buffer.removeAll(keepingCapacity: true)
        progress?.update(done)
      }
    }
    StandardOutput.shared.write(buffer)
    progress?.finish()
  }
}

/// `orders history`.
enum HistoryCommand {
  static func run(_ invocation: LegacyInvocation) throws {
    if invocation.string("days") != nil, invocation.string("months") != nil {
      throw ToolError.usage("give --days or --months, not both")
    }
    let cities: [City]
    if let name = invocation.string("city") {
      guard let city = City.named(name) else {
        throw ToolError.usage("unknown city '\(name)'", notes: ["cities: \(City.names)"])
      }
      cities = [city]
    } else {
      cities = City.all
    }
    let today = ISODate.floorDiv(try invocation.now(), 86_400)
    let months = try invocation.int("months", in: 1...SalesHistory.monthCount)
    let days = try invocation.int("days", default: SalesHistory.dayCount, in: 1...SalesHistory.dayCount)
    for city in cities {
      let entries =
        months.map { SalesHistory.monthly(city: city, today: today).suffix($0) }
        ?? SalesHistory.daily(city: city, today: today).suffix(days)
      for entry in entries { StandardOutput.shared.writeRecord(entry.record) }
    }
  }
}

/// `orders stream`.
enum StreamCommand {
  static func run(_ invocation: LegacyInvocation) throws {
    let seed = try invocation.int("seed", default: LiveOrders.sampleSeed)
    let count = try invocation.int("count", default: 20, in: 0...Int.max)
    let speed = try invocation.double("speed", default: 1, in: 0.001...1_000_000)
    let first = try invocation.int("first", default: StartingOrders.sampleCount + 1, in: 0...Int.max)
    let simulated = try invocation.date("now")
    var stream = LiveOrders(seed: seed, firstNumber: first)
    var clock = Double(simulated ?? 0)
    var made = 0
    while count == 0 || made < count {
      let delay = stream.nextDelay()
      Sleep.seconds(delay / speed)
      clock += delay
      let date = simulated == nil ? Clock.nowSeconds() : Int(clock.rounded(.down))
      StandardOutput.shared.writeRecord(stream.nextOrder(date: date).record)
      StandardOutput.shared.flush()
      made += 1
    }
  }
}

/// Sleeping that resumes after signals.
enum Sleep {
  /// Sleeps for `seconds` (fractions allowed).
  static func seconds(_ seconds: Double) {
    guard seconds > 0 else { return }
    let whole = seconds.rounded(.down)
    var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
