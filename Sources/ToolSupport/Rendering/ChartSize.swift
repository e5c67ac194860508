/// `--width` and `--height` of a chart, declared once for every chart: what each measures in each
/// format, its range and its default. Their help is written from the same declaration, so what
/// `--help` says is what the command does.
///
///     static let size = ChartSize(
///       .svg(width: .pixels(640, in: 240...20_000), height: .pixels(400, in: 200...20_000)),
///       .text(width: .columns(in: 20...10_000)))
///     options: [..., size.width, size.height]
///     let (width, height) = try size.resolve(invocation, format: invocation[format])
public struct ChartSize: Sendable {
  /// One side of a chart in one format: what it counts, what it may be and its default.
  public struct Side: Sendable, Equatable {
    /// What it counts (`pixels`, `columns`).
    public var unit: String
    /// Its default; nil: the terminal's width (`TextLayout.width`).
    public var defaultValue: Int?
    /// What it may be.
    public var range: ClosedRange<Int>

    /// A side counted in `unit`, within `range`, `defaultValue` when not given.
    public init(_ unit: String, default defaultValue: Int?, in range: ClosedRange<Int>) {
      self.unit = unit
      self.defaultValue = defaultValue
      self.range = range
    }

    /// Pixels, for an image.
    public static func pixels(_ defaultValue: Int, in range: ClosedRange<Int>) -> Side {
      Side("pixels", default: defaultValue, in: range)
    }

    /// Terminal columns, the terminal's width when not given.
    public static func columns(in range: ClosedRange<Int>) -> Side {
      Side("columns", default: nil, in: range)
    }

    /// The value when not given.
    var resolvedDefault: Int { defaultValue ?? TextLayout.width(fd: 1) }

    /// `pixels, 240 to 20000 (default 640)`.
    var help: String {
      "\(unit), \(range.lowerBound) to \(range.upperBound) (default"
        + (defaultValue.map { " \($0))" } ?? ": the terminal's width)")
    }
  }

  /// The sides of a chart in one format; a side it lacks may not be given with that format.
  public struct Layout: Sendable {
    /// The format.
    public var format: OutputFormat
    /// Its width, if it takes one.
    public var width: Side?
    /// Its height, if it takes one.
    public var height: Side?

    /// The sides of `format`.
    public init(_ format: OutputFormat, width: Side?, height: Side? = nil) {
      self.format = format
      self.width = width
      self.height = height
    }

    /// An SVG image's sides.
    public static func svg(width: Side, height: Side) -> Layout { Layout(.svg, width: width, height: height) }

    /// A text chart's sides.
    public static func text(width: Side, height: Side? = nil) -> Layout {
      Layout(.text, width: width, height: height)
    }
  }

  /// A chart's size in one format; 0 for a side the format does not take.
  public struct Size: Sendable, Equatable {
    /// Its width.
    public var width: Int
    /// Its height.
    public var height: Int
  }

  /// `--width N`.
  public let width: Option<String?>
  /// `--height N`.
  public let height: Option<String?>
  /// The formats that have a size, in the order help names them.
  public let layouts: [Layout]

  /// The size of a chart drawn in the formats of `layouts` (the others take no size); `widthShort`
  /// is `--width`'s short name.
  public init(widthShort: Character? = nil, _ layouts: Layout...) {
    self.layouts = layouts
    // Read as text: what a value may be depends on --format (see `resolve`).
    width = Option.string(
      "width", short: widthShort, name: "N",
      help: Self.help(layouts.compactMap { layout in layout.width.map { (layout.format, $0) } }))
    height = Option.string(
      "height", name: "N",
      help: Self.help(layouts.compactMap { layout in layout.height.map { (layout.format, $0) } }))
  }

  /// `svg: pixels, 240 to 20000 (default 640); text: columns, 20 to 10000 (default: the terminal's width)`.
  static func help(_ sides: [(OutputFormat, Side)]) -> String {
    sides.map { "\($0.0.rawValue): \($0.1.help)" }.joined(separator: "; ")
  }

  /// The width and height for `format`: each as given, checked against the format's range, else
  /// the format's default. A usage error when a side is given to a format that does not take it.
  public func resolve(_ invocation: Invocation, format: OutputFormat) throws(ToolError) -> Size {
    let layout = layouts.first { $0.format == format }
    return Size(
      width: try side(invocation, width, layout?.width, \.width, format: format),
      height: try side(invocation, height, layout?.height, \.height, format: format))
  }

  func side(
    _ invocation: Invocation, _ option: Option<String?>, _ side: Side?, _ path: KeyPath<Layout, Side?>,
    format: OutputFormat
  ) throws(ToolError) -> Int {
    let long = option.spec.long
    guard let side else {
      guard invocation.isGiven(option) else { return 0 }
      let formats = layouts.filter { $0[keyPath: path] != nil }.map(\.format.rawValue)
      throw .usage(
        "--\(long) applies to --format \(formats.joined(separator: " and ")) only, not \(format.rawValue)")
    }
    guard let text = invocation[option] else { return side.resolvedDefault }
    guard let value = Int(text), side.range.contains(value) else {
      throw .usage(
        "--\(long) takes a whole number from \(side.range.lowerBound) to \(side.range.upperBound), not '\(text)'"
      )
    }
    return value
  }
}
