import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders place`: a new order in the store.
enum Place {
  /// One `--donut ID[xN]` as typed: the id and quantity, checked against the menu in `run`.
  struct Request: Sendable {
    var id: Int
    var quantity: Int
    var text: String
  }

  static let donuts = Option<[Request]>(
    spec: OptionSpec(
      long: "donut", short: "d", valueName: "ID[xN]",
      help: "N of donut ID (N is 1 when left out; custom donuts too); repeat for more donuts",
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
    options: [donuts, city, spot, OrdersOptions.store, MenuStore.option, OrdersOptions.now],
    input: OrdersOptions.storeInput,
    output: "The new order record: the next free id (Order#1225 after the starting orders), status placed.",
    exitStatus: ["64   an unknown donut id (the valid ids are listed), city or spot"],
    examples: [
      "orders place --donut 3x2 --donut 0", "orders place -d 13x6 --spot 'Ferry Building' | jq .id",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let requests = invocation[donuts]
    guard !requests.isEmpty else {
      throw ToolError.usage(
        "give at least one --donut ID[xN], such as --donut 3x2", notes: ["see 'orders menu' for the ids"])
    }
    let (city, spot) = try location(city: invocation[city], spot: invocation[spot])
    let now = invocation.now(OrdersOptions.now)
    // A custom donut is read from the menu store, which stays locked (shared) until the order is
    // in, so that the donut cannot be removed meanwhile.
    let custom = requests.contains { !Menu.isBuiltIn($0.id) }
    let order = try MenuStore.withContents(MenuStore.store(invocation), pinned: custom) { contents in
      let items = try resolve(requests, menu: contents.menu)
      return try OrderStore.store(invocation).append(seed: { OrderStore.seed(now: now) }) { records in
        var highest = 0
        for record in records where record.type == "order" {
          if let id = record["id"]?.stringValue, let n = Order.sequenceNumber(of: id) {
            highest = max(highest, n)
          }
        }
        let order = Order(
          id: Order.id(number: highest + 1), status: .placed, items: items, city: city.name,
          parkingSpot: spot.name, creationDate: now)
        return ([Record(object: order.record)], order)
      }
    }
    StandardOutput.shared.writeRecord(order.record)
    return ExitStatus.ok
  }

  /// `3`, `3x2` (also `3X2`, `3*2`): a donut id and a quantity.
  static func parseRequest(_ text: String) throws(ToolError) -> Request {
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "*" }
    guard parts.count <= 2, let id = Int(parts[0].trimmingSpaces) else {
      throw .usage(
        "--donut takes a donut id and an optional quantity, such as 3 or 3x2, not '\(text)'",
        notes: ["valid donut ids: \(validIDs(.builtIn)) (and custom donuts: see 'orders menu')"])
    }
    var quantity = 1
    if parts.count == 2 {
      guard let n = Int(parts[1].trimmingSpaces), (1...1000).contains(n) else {
        throw .usage("the quantity in '--donut \(text)' must be a whole number from 1 to 1000")
      }
      quantity = n
    }
    return Request(id: id, quantity: quantity, text: text)
  }

  /// The order's items: each request's donut from `menu`, the quantities of a donut asked twice
  /// added up.
  static func resolve(_ requests: [Request], menu: Menu) throws(ToolError) -> [OrderItem] {
    var items: [OrderItem] = []
    for request in requests {
      guard let donut = menu.donut(id: request.id) else {
        throw .usage(
          "unknown donut id \(request.id) in '--donut \(request.text)'",
          notes: ["valid donut ids: \(validIDs(menu))"])
      }
      if let same = items.firstIndex(where: { $0.donut == donut.id }) {
        items[same].quantity += request.quantity
      } else {
        items.append(OrderItem(donut: donut, quantity: request.quantity))
      }
    }
    return items
  }

  /// `0 The Classic, 1 Blueberry Frosted, …` for messages.
  static func validIDs(_ menu: Menu) -> String {
    menu.donuts.map { "\($0.id) \($0.name)" }.joined(separator: ", ")
  }

  /// The city and spot of `--city` and `--spot` (defaults: the truck's Cupertino / Apple Park).
  static func location(city cityName: String?, spot spotName: String?) throws -> (City, ParkingSpot) {
    var city: City?
    if let cityName {
      guard let found = City.named(cityName) else {
        throw ToolError.usage("unknown city '\(cityName)'", notes: ["cities: \(City.names)"])
      }
      city = found
    }
    guard let spotName else {
      let chosen = city ?? City.truck.city
      return (chosen, chosen.spots[0])
    }
    guard let (spotCity, spot) = City.spot(named: spotName) else {
      let spots = (city.map { [$0] } ?? City.all).flatMap { c in c.spots.map(\.name) }
      throw ToolError.usage(
        "unknown parking spot '\(spotName)'", notes: ["spots: \(spots.joined(separator: ", "))"])
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
