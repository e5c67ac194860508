import Testing
import ToolSupport

@Suite("Catmull-Rom curves")
struct CurveTests {
  static let points = [CurvePoint(0, 0), CurvePoint(6, 12), CurvePoint(12, 6), CurvePoint(18, 18)]

  @Test("the curve passes through every value, and between them follows the neighbours")
  func values() {
    let values = Self.points.map(\.y)
    for (i, y) in values.enumerated() {
      #expect(CatmullRom.value(in: values, at: Double(i)) == y)
    }
    // Halfway between 6 and 12 on a straight line through 0, 6, 12, 18 is 9.
    #expect(CatmullRom.value(in: [0, 6, 12, 18], at: 1.5) == 9)
    #expect(CatmullRom.value(0, 10, 20, 30, at: 0.25) == 12.5)
    #expect(CatmullRom.value(in: [], at: 3) == 0)
    #expect(CatmullRom.value(in: [4], at: 3) == 4)
  }

  @Test("Bézier pieces: one per gap, control points a sixth of the neighbours' difference away")
  func bezier() {
    let pieces = CatmullRom.bezier(through: Self.points)
    #expect(pieces.count == 3)
    // The first point is its own outer neighbour.
    #expect(pieces[0].control1 == CurvePoint(1, 2))
    #expect(pieces[0].control2 == CurvePoint(4, 11))
    #expect(pieces[0].end == CurvePoint(6, 12))
    #expect(pieces[2].control2 == CurvePoint(17, 16))
    #expect(CatmullRom.bezier(through: [CurvePoint(1, 1)]).isEmpty)
  }

  @Test("SVG path data, each number written by the caller")
  func svgPath() {
    let d = CatmullRom.svgPath(through: Array(Self.points.prefix(2))) { String(Int($0)) }
    #expect(d == "M0,0 C1,2 5,10 6,12")
    #expect(CatmullRom.svgPath(through: [CurvePoint(2.5, 3)]) { "\($0)" } == "M2.5,3.0")
  }
}
