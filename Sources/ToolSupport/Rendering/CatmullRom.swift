/// A point of a chart's plane, (`x`, `y`): the standard library's pair of doubles, `CurvePoint(x, y)`.
public typealias CurvePoint = SIMD2<Double>

/// One cubic Bézier piece of a curve, from the end of the piece before it.
public struct BezierSegment: Equatable, Sendable {
  /// The first control point.
  public var control1: CurvePoint
  /// The second control point.
  public var control2: CurvePoint
  /// Where the piece ends.
  public var end: CurvePoint
}

/// The uniform Catmull-Rom spline: a smooth curve through every given point, whose tangent at a
/// point is parallel to the line between its two neighbours. The end points count as their own
/// outer neighbours, so the curve begins and ends at the first and last points.
public enum CatmullRom {
  /// The value at `t` (0 at `p1`, 1 at `p2`) of the piece between `p1` and `p2`, whose neighbours
  /// are `p0` and `p3`.
  public static func value(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, at t: Double) -> Double {
    let t2 = t * t
    let t3 = t2 * t
    return 0.5
      * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (3 * p1 - p0 - 3 * p2 + p3) * t3)
  }

  /// The curve through `values` (one per whole index) at a fractional `position` (index 2.5 lies
  /// halfway between the third and fourth values); positions outside the values extend the first
  /// or last piece. 0 for no values.
  public static func value(in values: [Double], at position: Double) -> Double {
    guard values.count > 1 else { return values.first ?? 0 }
    let i = min(max(Int(position.rounded(.down)), 0), values.count - 2)
    return value(
      values[max(i - 1, 0)], values[i], values[i + 1], values[min(i + 2, values.count - 1)],
      at: position - Double(i))
  }

  /// The same curve through `points` as cubic Bézier pieces, one from each point to the next
  /// (none for fewer than two points). The curve starts at `points[0]`.
  public static func bezier(through points: [CurvePoint]) -> [BezierSegment] {
    guard points.count > 1 else { return [] }
    return (0..<(points.count - 1)).map { i in
      let p0 = points[max(i - 1, 0)]
      let p1 = points[i]
      let p2 = points[i + 1]
      let p3 = points[min(i + 2, points.count - 1)]
      return BezierSegment(
        control1: CurvePoint(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6),
        control2: CurvePoint(p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6),
        end: p2)
    }
  }

  /// SVG path data for the curve through `points` (at least one): `M x,y C x1,y1 x2,y2 x,y ...`,
  /// each coordinate written by `number`.
  public static func svgPath(through points: [CurvePoint], number: (Double) -> String) -> String {
    var d = "M\(number(points[0].x)),\(number(points[0].y))"
    for s in bezier(through: points) {
      d += " C\(number(s.control1.x)),\(number(s.control1.y)) \(number(s.control2.x)),\(number(s.control2.y))"
      d += " \(number(s.end.x)),\(number(s.end.y))"
    }
    return d
  }
}
