import FoodTruckKit
import PipeProtocol

/// Donut sales counted per donut per day (orders and daily summaries) and per month (monthly
/// summaries): everything the top-five chart needs for any timeframe. Its memory depends on the
/// number of distinct days, never on the number of records. Tallies of parts of a stream merge
/// into exactly the tally of the whole stream (`sales-partial` records).
public final class SalesTally {
  /// The number of counts per day or month: one per donut on the menu.
  public static let width = Menu.builtIn.count

  var dayRows: [Int: Int] = [:]
  var monthRows: [Int: Int] = [:]
  var counts: UnsafeMutablePointer<Int>
  var capacity: Int
  var used = 0
  var cachedDay = 0
  var cachedRow = -1

  /// The number of records of each type that were not counted (neither orders nor summaries).
  public var ignored: [String: Int] = [:]
  /// The number of `order` records counted.
  public var orders = 0
  /// The number of `order-summary` records counted.
  public var summaries = 0
  /// The number of `sales-partial` records merged.
  public var partials = 0
  /// Whether `sales-partial` records are merged (`--merge`); otherwise they are an error.
  public var acceptsPartials: Bool

  /// An empty tally.
  public init(acceptsPartials: Bool = false) {
    self.acceptsPartials = acceptsPartials
    capacity = 64 * SalesTally.width
    counts = .allocate(capacity: capacity)
  }

  deinit { counts.deallocate() }

  /// The days that have counts, in order.
  public var days: [Int] { dayRows.keys.sorted() }
  /// The months that have counts (from monthly summaries), in order.
  public var months: [Int] { monthRows.keys.sorted() }

  /// The counts per donut id of a day (zeros when it has none).
  public func counts(day: Int) -> [Int] { row(dayRows[day]) }
  /// The counts per donut id of a month's monthly summaries (zeros when it has none).
  public func counts(month: Int) -> [Int] { row(monthRows[month]) }

  func row(_ offset: Int?) -> [Int] {
    guard let offset else { return Array(repeating: 0, count: SalesTally.width) }
    return Array(UnsafeBufferPointer(start: counts + offset, count: SalesTally.width))
  }

  func newRow() -> Int {
    let width = SalesTally.width
    if used + width > capacity {
      let bigger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
      bigger.update(from: counts, count: used)
      counts.deallocate()
      counts = bigger
      capacity *= 2
    }
    (counts + used).initialize(repeating: 0, count: width)
    used += width
    return used - width
  }

  /// The offset of a day's row, created when new.
  func rowFor(day: Int) -> Int {
    if let offset = dayRows[day] { return offset }
    let offset = newRow()
    dayRows[day] = offset
    return offset
  }

  /// The offset of a month's row, created when new.
  func rowFor(month: Int) -> Int {
    if let offset = monthRows[month] { return offset }
    let offset = newRow()
    monthRows[month] = offset
    return offset
  }

  // MARK: - Reading records

  /// Counts one record: an `order` by its `creationDate` and `items`, an `order-summary` by its
  /// `period`, `date` and `sales`, a `sales-partial` (with `acceptsPartials`) by adding its counts;
  /// any other type is only counted in `ignored`. Throws, naming the record's line, when a counted
  /// record is not valid (an unknown donut id, a name that is not the menu's, a bad date).
  public func add(_ view: RecordView) throws(InputError) {
    do throws(FieldError) {
      switch view.type {
      case "order": try addOrder(view)
      case "order-summary": try addSummary(view)
      case "sales-partial":
        guard acceptsPartials else {
          throw FieldError("a sales-partial record is only read with --merge ('sales-chart --merge')")
        }
        try addPartial(view)
      default: ignored[view.type, default: 0] += 1
      }
    } catch {
      throw view.error(error.message)
    }
  }

  func addOrder(_ view: RecordView) throws(FieldError) {
    let json = ValidatedJSON(view.bytes)
    // One pass over the members finds the three that count (the first of each name, as
    // `RecordView.member` would; an escaped key sends the lookup there).
    var date: MemberSpan?
    var items: MemberSpan?
    var total: MemberSpan?
    for m in view.members {
      if m.keyHasEscapes {
        (date, items, total) = (view.member("creationDate"), view.member("items"), view.member("totalSales"))
        break
      }
      switch m.key.count {
      case 12: if date == nil, json.equals(m.key, "creationDate") { date = m }
      case 5: if items == nil, json.equals(m.key, "items") { items = m }
      case 10: if total == nil, json.equals(m.key, "totalSales") { total = m }
      default: break
      }
    }
    guard let date else { throw FieldError("order record has no \"creationDate\"") }
    guard let items else { throw FieldError("order record has no \"items\" array") }
    let offset = try rowFor(dateTime: json, date.value)
    let sum = try SalesFields.addSales(json, items.value, field: "items", into: counts + offset)
    if let total {
      let stated = try SalesFields.integer(json, total.value, "\"totalSales\"")
      guard stated == sum else {
        throw FieldError("\"totalSales\" is \(stated), but the items add up to \(sum)")
      }
    }
    orders += 1
  }

  /// The row of the day of a `creationDate` value, read with the protocol's one date grammar
  /// (`ISODate`); the row of the last day seen is remembered.
  @inline(__always)
  func rowFor(dateTime json: ValidatedJSON, _ range: Range<Int>) throws(FieldError) -> Int {
    guard range.count >= 2, json.bytes[range.lowerBound] == UInt8(ascii: "\""),
      let seconds = ISODate.parse(
        bytes: UnsafeBufferPointer(rebasing: json.bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]))
    else {
      return rowFor(day: try SalesFields.day(ofDateTime: json, range, "creationDate"))
    }
    let day = ISODate.floorDiv(seconds, 86_400)
    if cachedRow >= 0, day == cachedDay { return cachedRow }
    cachedRow = rowFor(day: day)
    cachedDay = day
    return cachedRow
  }

  func addSummary(_ view: RecordView) throws(FieldError) {
    let json = ValidatedJSON(view.bytes)
    let (period, date) = try Self.summaryDate(view)
    guard let sales = view.member("sales") else {
      throw FieldError("order-summary record has no \"sales\" array")
    }
    let offset = period == .day ? rowFor(day: date) : rowFor(month: date)
    let sum = try SalesFields.addSales(json, sales.value, field: "sales", into: counts + offset)
    if let total = view.member("totalSales") {
      let stated = try SalesFields.integer(json, total.value, "\"totalSales\"")
      guard stated == sum else {
        throw FieldError("\"totalSales\" is \(stated), but the sales add up to \(sum)")
      }
    }
    summaries += 1
  }

  /// The period of a summary.
  enum Period: String {
    case day, month
  }

  /// An `order-summary`'s period and its day number (`day`) or month number (`month`, dated
  /// `YYYY-MM` or any day of the month, usually `YYYY-MM-01`).
  static func summaryDate(_ view: RecordView) throws(FieldError) -> (Period, Int) {
    let json = ValidatedJSON(view.bytes)
    guard let periodMember = view.member("period") else {
      throw FieldError("order-summary record has no \"period\" (day or month)")
    }
    guard let text = json.string(periodMember.value), let period = Period(rawValue: text) else {
      throw FieldError(
        "\"period\" must be \"day\" or \"month\", not \(SalesFields.text(json, periodMember.value))")
    }
    guard let dateMember = view.member("date") else {
      throw FieldError("order-summary record has no \"date\"")
    }
    let s = json.string(dateMember.value) ?? ""
    if period == .month, let month = MonthNumber.parse(s) { return (.month, month) }
    guard let seconds = ISODate.parseDay(s) else {
      let example = period == .day ? "2026-11-28" : "2026-11-01 or 2026-11"
      throw FieldError(
        "\"date\" must be a day such as \(example), not \(SalesFields.text(json, dateMember.value))")
    }
    let day = ISODate.floorDiv(seconds, 86_400)
    return period == .day ? (.day, day) : (.month, MonthNumber.of(day: day))
  }

  func addPartial(_ view: RecordView) throws(FieldError) {
    if let version = view["version"], version.intValue != 1 {
      throw FieldError(
        "sales-partial version \(version.jsonText) is not supported (this sales-chart reads version 1)")
    }
    guard case .object(let days)? = view["days"] else {
      throw FieldError("sales-partial record has no \"days\" object")
    }
    for member in days.members {
      guard let seconds = ISODate.parseDay(member.key) else {
        throw FieldError("sales-partial day \"\(member.key)\" is not a day (YYYY-MM-DD)")
      }
      try addCounts(
        member.value, at: rowFor(day: ISODate.floorDiv(seconds, 86_400)), place: "days.\(member.key)")
    }
    if let months = view["months"] {
      guard case .object(let months) = months else { throw FieldError("\"months\" must be an object") }
      for member in months.members {
        guard let month = MonthNumber.parse(member.key) else {
          throw FieldError("sales-partial month \"\(member.key)\" is not a month (YYYY-MM)")
        }
        try addCounts(member.value, at: rowFor(month: month), place: "months.\(member.key)")
      }
    }
    if let ignoredValue = view["ignored"] {
      guard case .object(let object) = ignoredValue else { throw FieldError("\"ignored\" must be an object") }
      for member in object.members {
        guard let n = member.value.intValue, n >= 0 else {
          throw FieldError("ignored.\(member.key) must be a count, not \(member.value.jsonText)")
        }
        ignored[member.key] = try SalesFields.add(ignored[member.key] ?? 0, n)
      }
    }
    for key in ["orders", "summaries"] {
      guard let value = view[key] else { continue }
      guard let n = value.intValue, n >= 0 else {
        throw FieldError("\"\(key)\" must be a count, not \(value.jsonText)")
      }
      if key == "orders" {
        orders = try SalesFields.add(orders, n)
      } else {
        summaries = try SalesFields.add(summaries, n)
      }
    }
    partials += 1
  }

  func addCounts(_ value: JSONValue, at offset: Int, place: String) throws(FieldError) {
    guard case .array(let elements) = value else {
      throw FieldError("\(place) must be an array of counts by donut id, not \(value.jsonText)")
    }
    for (id, element) in elements.enumerated() {
      guard let n = element.intValue, n >= 0 else {
        throw FieldError("\(place)[\(id)] must be a count, not \(element.jsonText)")
      }
      if n == 0 { continue }
      guard id < SalesTally.width else {
        throw FieldError("unknown donut id \(id) in \(place) (the menu has ids \(Menu.builtIn.validIDs))")
      }
      let (total, overflow) = counts[offset + id].addingReportingOverflow(n)
      guard !overflow else { throw FieldError("sales of donut \(id) are too large to count") }
      counts[offset + id] = total
    }
  }

  // MARK: - Results

  /// The `sales-partial` record holding this tally, which `sales-chart --merge` adds back exactly.
  public var partialRecord: JSONObject {
    func array(_ offset: Int) -> JSONValue {
      .array((0..<SalesTally.width).map { .int(counts[offset + $0]) })
    }
    var dayObject = JSONObject()
    for day in days {
      dayObject.members.append(JSONMember(ISODate.formatDay(day * 86_400), array(dayRows[day]!)))
    }
    var monthObject = JSONObject()
    for month in months {
      monthObject.members.append(JSONMember(MonthNumber.format(month), array(monthRows[month]!)))
    }
    return [
      "type": .string("sales-partial"), "version": .int(1), "days": .object(dayObject),
      "months": .object(monthObject), "ignored": .object(JSONObject(sorted: ignored.mapValues { .int($0) })),
      "orders": .int(orders), "summaries": .int(summaries),
    ]
  }

  /// The sales per donut id inside a window, and the number of donuts sold outside it.
  public func totals(in window: Window) throws(FieldError) -> (sales: [Int], outside: Int) {
    var sales = Array(repeating: 0, count: SalesTally.width)
    var outside = 0
    func add(_ offset: Int, inside: Bool) throws(FieldError) {
      for id in 0..<SalesTally.width {
        let n = counts[offset + id]
        let overflow: Bool
        if inside {
          (sales[id], overflow) = sales[id].addingReportingOverflow(n)
        } else {
          (outside, overflow) = outside.addingReportingOverflow(n)
        }
        if overflow { throw FieldError("the sales are too large to add up") }
      }
    }
    for (day, offset) in dayRows { try add(offset, inside: window.days.contains(day)) }
    for (month, offset) in monthRows { try add(offset, inside: window.months?.contains(month) ?? false) }
    // The chart adds up its bars: make sure every sum of them fits.
    var everything = outside
    for n in sales { everything = try SalesFields.add(everything, n) }
    return (sales, outside)
  }
}
