import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders menu`: the donuts of the menu (built-in and custom) as donut records.
enum MenuCommand {
  /// The order donuts are listed in.
  enum Sort: Equatable, Sendable {
    /// Menu order.
    case id
    /// By name, ignoring case.
    case name
    /// Strongest in this flavour first.
    case flavor(Flavor)
    /// Most sold in the timeframe first (the gallery's default sort, for the week).
    case popularity(Popularity.Timeframe)

    /// Every way to sort, as `--sort` takes it.
    static let choices =
      ["id", "name", "popularity"] + Popularity.Timeframe.allCases.map { "popularity:\($0.rawValue)" }
      + Flavor.allCases.map { "flavor:\($0.rawValue)" }

    init?(_ text: String) {
      switch text {
      case "id": self = .id
      case "name": self = .name
      case "popularity": self = .popularity(.week)
      default:
        if text.hasPrefix("popularity:"),
          let timeframe = Popularity.Timeframe(rawValue: String(text.dropFirst("popularity:".count)))
        {
          self = .popularity(timeframe)
          return
        }
        guard text.hasPrefix("flavor:"), let flavor = Flavor(rawValue: String(text.dropFirst(7))) else {
          return nil
        }
        self = .flavor(flavor)
      }
    }
  }

  static let sort = Option(
    "sort", name: "ORDER",
    help: "id (menu order), name, flavor:F (strongest F first; F is salty, sweet, ...), or "
      + "popularity[:T] (most sold first in T: today, week (the default), month or year)",
    default: Sort.id, defaultText: "id", choices: Sort.choices
  ) { (text: String) throws(ToolError) -> Sort in
    guard let sort = Sort(text) else {
      throw .usage("--sort takes one of \(Sort.choices.joined(separator: ", "))")
    }
    return sort
  }
  /// `-f/--format text|json|csv|svg`: svg is the gallery, or with `--card` the Donuts card.
  static let format = Option.format([.text, .json, .csv, .svg], default: .json)
  /// `--card`: the Truck's Donuts card, the first 14 donuts in the sample's 5/4/5 lattice.
  static let card = Flag(
    "card",
    help: "the Truck's Donuts card: the first \(DonutsCard.capacity) donuts in a 5/4/5 hexagonal lattice "
      + "(text unless --format says svg, json or csv)")
  /// The columns of `--format csv`: the donut record's fields.
  static let csv = CSVTable(FoodTruckSchemas.catalog.schema(for: "donut")!)
  static let search = Option.string(
    "search", name: "TEXT", help: "only donuts whose name or an ingredient contains TEXT (any case)")

  static let command = Command(
    name: "menu", summary: "the donuts of the menu, built-in and custom, as donut records",
    options: [sort, search, card, format, MenuStore.option, OrdersOptions.store, OrdersOptions.now],
    input: """
      The \(Menu.builtIn.count) built-in donuts are compiled in; custom donuts come from the menu store
      (see 'orders donut --help'). --sort popularity also reads the order store (--store) and the
      generated sales history, dated by --now.
      """,
    output: """
      One donut record per donut: id, name, dough, glaze and topping (absent when none), flavors
      (the sum of the ingredients') and mostPotentFlavor. With --format text, a row per donut:
      'ID  NAME  $5.78  FLAVOR  INGREDIENTS' (the price, the most potent flavour), fitting the
      width: ingredients wrap, long names are shortened with '…'. With --format csv, a header
      row of the donut record's fields and a row per donut (flavors as its JSON text). With
      --format svg, the gallery: a picture of each donut (its dough, glaze and topping) with its
      name and most potent flavour, six to a row.
      With --card, the Truck's Donuts card: the first \(DonutsCard.capacity) donuts of the listing in
      the sample's hexagonal lattice, rows of 5, 4 and 5, the middle row half a step in; as text
      (the default with --card) a donut glyph over each name, as svg each donut's picture; json
      and csv hold the card's donuts.
      popularity:T counts the orders of the store created in T and the generated history of the
      three cities (daily for week and month, monthly for year) over the top-five chart's windows;
      most sold first, equal sales by id (as the sample's gallery), unsold donuts last.
      """,
    examples: """
      orders menu -f text
      orders menu --search lemon
      orders menu -f svg > donuts.svg
      orders menu --card
      orders menu --card -f svg > card.svg
      orders menu -f csv
      orders menu --sort flavor:spicy | jq -r '.name' | head -3
      orders menu --sort popularity:today --format text
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let menu = try MenuStore.read(MenuStore.store(invocation)).menu
    var donuts = menu.donuts.filter { $0.matches(invocation[search] ?? "") }
    switch invocation[sort] {
    case .id: break
    case .name: donuts = sorted(donuts) { $0.name.lowercased() < $1.name.lowercased() }
    case .flavor(let flavor): donuts = sorted(donuts) { $0.flavors[flavor] > $1.flavors[flavor] }
    case .popularity(let timeframe):
      let (_, records) = try OrderStore.load(invocation)
      let orders = try OrderStore.orders(records, menu: menu).map(\.order)
      // Days end at midnight by the clock rule (TZ, else the truck city's zone), as the history's do.
      let zone = LocalTime.forPeople(default: City.truck.city.timeZone)
      let today = zone.localDay(invocation.now(OrdersOptions.now))
      donuts = Popularity.ranked(
        donuts,
        sales: Popularity.sales(orders: orders, timeframe: timeframe, today: today, day: zone.localDay))
    }
    let asCard = invocation[card]
    let total = donuts.count
    if asCard { donuts = Array(donuts.prefix(DonutsCard.capacity)) }
    // With --card the card is the point: text unless a format is asked for.
    let format = asCard && !invocation.isGiven(format) ? .text : invocation[format]
    switch format {
    case .text where asCard: StandardOutput.shared.write(DonutsCard.text(donuts, total: total))
    case .svg where asCard: StandardOutput.shared.write(DonutsCard.svg(donuts, total: total))
    case .text: Pager.show(MenuText.text(donuts, idWidth: MenuText.idWidth(menu)))
    case .svg: StandardOutput.shared.write(DonutGallery.svg(donuts))
    case .csv: StandardOutput.shared.write(csv.text(donuts.map(\.record)))
    default:
      for donut in donuts { StandardOutput.shared.writeRecord(donut.record) }
    }
    return ExitStatus.ok
  }

  /// A stable sort: equal elements keep their menu order.
  static func sorted(_ donuts: [Donut], by before: (Donut, Donut) -> Bool) -> [Donut] {
    donuts.enumerated().sorted { a, b in
      before(a.element, b.element) || (!before(b.element, a.element) && a.offset < b.offset)
    }.map(\.element)
  }
}
