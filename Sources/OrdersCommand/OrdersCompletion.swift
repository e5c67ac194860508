import FoodTruckKit
import PipeProtocol
import ToolSupport

/// What `orders` completes from its data: donuts (built-in and custom, from the menu store the line
/// names), order ids from the order store, cities and parking spots. The stores are read as they
/// are, without a lock, and never created.
enum OrdersCompletion {
  /// Every donut of the menu, by id (with its name beside it) and by name: `--donut` of place,
  /// feed and feed post.
  static let donuts = Completer { context in donutCandidates(context, customOnly: false) }

  /// The custom donuts, by id and by name: what `orders donut edit` and `remove` take.
  static let customDonuts = Completer { context in donutCandidates(context, customOnly: true) }

  /// The orders that can still move on (not completed): `orders next` and `complete`.
  static let openOrders = Completer { context in orderCandidates(context, open: true) }

  /// Every order of the store: `orders show`.
  static let orders = Completer { context in orderCandidates(context, open: false) }

  /// The truck's cities, with their number of spots beside them.
  static let cities = Completer { _ in
    City.all.map { Candidate($0.name, description: Numbers.count($0.spots.count, "spot")) }
  }

  /// The parking spots of the `--city` on the line, else of every city.
  static let spots = Completer { context in
    City.spots(inCityNamed: context.value(of: Place.city)).map {
      Candidate($0.spot.name, description: $0.city.name)
    }
  }

  /// The menu the command would read: the built-in donuts and those of the menu store named by
  /// `--menu` on the line, else `$SAMPLEPIPES_MENU`, else the default place. A store that does
  /// not read gives the built-in menu.
  static func menu(_ context: CompletionContext) -> Menu {
    let store = MenuStore.store(option: context.path(of: MenuStore.option))
    return (try? MenuStore.contents(store.peek()))?.menu ?? .builtIn
  }

  static func donutCandidates(_ context: CompletionContext, customOnly: Bool) -> [Candidate] {
    // `3x2` is a donut and a quantity: nothing to add to it.
    if let first = context.current.first, first.isNumber,
      context.current.contains(where: { $0 == "x" || $0 == "X" || $0 == "*" })
    {
      return []
    }
    let menu = menu(context)
    let donuts = customOnly ? menu.custom : menu.donuts
    return donuts.map { Candidate(String($0.id), description: $0.name) }
      + donuts.map { Candidate($0.name, description: "donut \($0.id)") }
  }

  /// The order ids of the store (`1203`; `Order#1203` once the word starts with a letter), with
  /// each order's status and size; those already on the line are left out. A store not created
  /// yet offers the starting orders it will be created with.
  static func orderCandidates(_ context: CompletionContext, open: Bool) -> [Candidate] {
    let store = RecordStore.locate(
      context.path(of: OrdersOptions.store), file: "orders.jsonl",
      environmentVariable: OrderStore.environmentVariable)
    let records = store.exists ? store.peek() : OrderStore.seed(now: Clock.nowSeconds())
    let given = Set(context.positionals.compactMap(Order.normalizedID))
    let long = context.current.first?.isLetter ?? false
    var candidates: [Candidate] = []
    for record in records where record.type == "order" {
      guard let id = record["id"]?.stringValue, !given.contains(id) else { continue }
      let status = record["status"]?.stringValue ?? ""
      if open, status == OrderStatus.completed.rawValue { continue }
      let count = (record["items"]?.arrayValue ?? []).reduce(0) {
        $0 + ($1.objectValue?["quantity"]?.intValue ?? 0)
      }
      let short = id.hasPrefix(Order.idPrefix) ? String(id.dropFirst(Order.idPrefix.count)) : id
      candidates.append(
        Candidate(long ? id : short, description: "\(status), \(Numbers.count(count, "donut"))"))
    }
    return candidates
  }
}
