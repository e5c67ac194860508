import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders place`: a new order in the store.
enum Place {
  /// One `--donut D[xN]` as typed: the donut's id or name and the quantity, checked against the
  /// menu in `run`.
  struct Request: Sendable {
    /// The donut's id or name, before a quantity.
    var donut: String
    var quantity: Int
    var text: String
  }

  static let donuts = Option<[Request]>(
    spec: OptionSpec(
      long: "donut", short: "d", valueName: "D[xN]",
      help:
        "N of donut D, by id or name in any case (3, cosmos; custom donuts too; N is 1 when left out); "
        + "repeat for more donuts",
      repeatable: true),
    convert: { (words: [String]) throws(ToolError) -> [Request] in
      var requests: [Request] = []
      for word in words { requests.append(try parseRequest(word)) }
      return requests
    }
  ).completing(OrdersCompletion.donuts)
  static let city = Option.string(
    "city", name: "C", help: "the city (default \(City.truck.city.name), or the city of --spot)"
  ).completing(OrdersCompletion.cities)
  static let spot = Option.string(
    "spot", name: "S", help: "the parking spot (default the city's first: \(City.truck.spot.name))"
  ).completing(OrdersCompletion.spots)

  static let command = Command(
    name: "place", summary: "place a new order in the store",
    options: [
      donuts, city, spot, OrdersOptions.format, OrdersOptions.store, MenuStore.option, OrdersOptions.now,
    ],
    input: OrdersOptions.storeInput,
    output: """
      The new order record: the next free id (Order#1225 after the starting orders), status placed.
      With --format text, the order described for people, as 'orders show --format text' does.
      """,
    exitStatus: ["64   an unknown donut (the menu is listed), city or spot"],
    examples: """
      orders place --donut 3x2 --donut 0
      orders place --donut cosmos --donut 'fire zest x6'
      orders place -d 13x6 --spot 'Ferry Building' | jq .id
      """,
    conflicts: [.described("at least one `--donut` is given; a `--spot` must be in the `--city` given")],
    lookups: [
      DonutReference.rule("--donut"), CityReference.rule("--city"),
      LookupRule("--spot", finds: "a parking spot", by: "its name in any case", notFound: 64),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let requests = invocation[donuts]
    guard !requests.isEmpty else {
      throw ToolError.usage(
        "give at least one --donut D[xN], such as --donut 3x2 or --donut cosmos",
        notes: ["see 'orders menu --format text' for the donuts"])
    }
    let (city, spot) = try location(city: invocation[city], spot: invocation[spot])
    let now = invocation.now(OrdersOptions.now, in: LocalTime.forPeople(default: city.timeZone))
    // A custom donut is read from the menu store, which stays locked (shared) until the order is
    // in, so that the donut cannot be removed meanwhile.
    let custom = requests.contains { resolve($0, menu: .builtIn) == nil }
    let order = try MenuStore.withContents(MenuStore.store(invocation), pinned: custom) { contents in
      let items = try resolve(requests, menu: contents.menu)
      return try append(to: OrderStore.store(invocation), now: now) { id in
        Order(
          id: id, status: .placed, items: items, city: city.name, parkingSpot: spot.name, creationDate: now)
      }
    }
    if invocation[OrdersOptions.format] == .text {
      StandardOutput.shared.write(OrderText.detail(order, now: now, zone: OrderTable.zones()(order)))
    } else {
      StandardOutput.shared.writeRecord(order.record)
    }
    return ExitStatus.ok
  }

  /// Appends the order `make` makes with the id after the store's highest (the store made with the
  /// starting orders as of `now` when missing), under the store's lock, and answers it. The
  /// highest id is found in one streaming pass, else from the records loaded whole.
  static func append(to store: RecordStore, now: Int, _ make: (String) -> Order) throws -> Order {
    try store.append(
      seed: { OrderStore.seed(now: now) }, streaming: OrderScan.highestNumber,
      orLoaded: OrderStore.highestNumber(in:)
    ) { highest in
      let order = make(Order.id(number: highest + 1))
      return ([Record(object: order.record)], order)
    }
  }

  /// `3`, `3x2` (also `3X2`, `3*2`), `cosmos`, `'Fire Zest x6'`: a donut's id or name and a
  /// quantity after the last `x`, `X` or `*` (when what follows it is a number, or what comes
  /// before it is an id). Whether the donut is on the menu is checked by `resolve`.
  static func parseRequest(_ text: String) throws(ToolError) -> Request {
    let word = Substring(text).trimmingSpaces
    guard !word.isEmpty else {
      throw .usage(
        "--donut takes a donut id or name and an optional quantity, such as 3, cosmos or 3x2, not '\(text)'",
        notes: ["see 'orders menu --format text' for the donuts"])
    }
    if let cut = word.lastIndex(where: { $0 == "x" || $0 == "X" || $0 == "*" }) {
      let head = word[..<cut].trimmingSpaces
      let tail = word[word.index(after: cut)...].trimmingSpaces
      let counted = !tail.isEmpty && tail.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }
      if !head.isEmpty, Int(head) != nil || counted {
        guard let n = Int(tail), (1...1000).contains(n) else {
          throw .usage("the quantity in '--donut \(text)' must be a whole number from 1 to 1000")
        }
        return Request(donut: String(head), quantity: n, text: text)
      }
    }
    return Request(donut: String(word), quantity: 1, text: text)
  }

  /// The donut a request names on `menu`: the whole text as a name first (a donut may be named
  /// `Box 2`), else its id or name before the quantity; nil when none.
  static func resolve(_ request: Request, menu: Menu) -> (donut: Donut, quantity: Int)? {
    if let whole = DonutReference.lookup(request.text, in: menu) { return (whole, 1) }
    return DonutReference.lookup(request.donut, in: menu).map { ($0, request.quantity) }
  }

  /// The order's items: each request's donut from `menu`, the quantities of a donut asked twice
  /// added up. An unknown donut is a usage error with did-you-mean and the menu.
  static func resolve(_ requests: [Request], menu: Menu) throws(ToolError) -> [OrderItem] {
    var items: [OrderItem] = []
    for request in requests {
      guard let (donut, quantity) = resolve(request, menu: menu) else {
        throw DonutReference.unknown(request.donut, in: menu, given: "--donut \(request.text)")
      }
      if let same = items.firstIndex(where: { $0.donut == donut.id }) {
        items[same].quantity += quantity
      } else {
        items.append(OrderItem(donut: donut, quantity: quantity))
      }
    }
    return items
  }

  /// The city and spot of `--city` and `--spot` (defaults: the truck's Cupertino / Apple Park).
  static func location(city cityName: String?, spot spotName: String?) throws -> (City, ParkingSpot) {
    var city: City?
    if let cityName {
      city = try CityReference.find(cityName)
    }
    guard let spotName else {
      let chosen = city ?? City.truck.city
      return (chosen, chosen.spots[0])
    }
    guard let (spotCity, spot) = City.spot(named: spotName) else {
      let spots = (city.map { [$0] } ?? City.all).flatMap { c in c.spots.map(\.name) }
      throw ToolError.usage(
        "unknown parking spot '\(TerminalText.safe(spotName))'",
        notes: Suggest.notes(for: spotName, in: spots) + ["spots: \(spots.joined(separator: ", "))"])
    }
    if let city, city.name != spotCity.name {
      throw ToolError.usage(
        "\(spot.name) is in \(spotCity.name), not in \(city.name)",
        notes: ["spots in \(city.name): \(city.spots.map(\.name).joined(separator: ", "))"])
    }
    return (spotCity, spot)
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return s
  }
}
