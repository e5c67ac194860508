/// What `StructuralIndexer`'s walks keep of the containers open at a point of a line: the keys of
/// the open objects, for the duplicate check, and which container is an object. It holds no memory
/// of its own: `keys` has room for `2 * StructuralIndexer.maxOpenKeys` offsets and `saved` for
/// `2 * StructuralIndexer.maxNesting`, both the caller's (on the stack).
struct OpenContainers {
  /// The keys of the open objects (start and end offsets, in pairs), innermost last.
  let keys: UnsafeMutablePointer<Int>
  /// For each open container, where its parent object's keys start and their signatures.
  let saved: UnsafeMutablePointer<Int>
  var keyCount = 0
  /// The first key of the innermost open object.
  var firstKey = 0
  /// The signatures of that object's keys.
  var seen: UInt64 = 0
  /// How many containers are open.
  var depth = 0
  /// Bit d: the container open at depth d is an object.
  var objects: UInt64 = 0

  /// Whether the innermost open container is an object.
  @inline(__always) var inObject: Bool { objects &>> UInt64(depth) & 1 != 0 }

  /// The byte that closes the innermost open container.
  @inline(__always) var closer: UInt8 { inObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }

  /// Notes the key `start..<end` of the line at `b` as one of the innermost object's; false when
  /// that object has it already, or when `StructuralIndexer.maxOpenKeys` keys are open.
  @inline(__always)
  mutating func add(key start: Int, end: Int, in b: UnsafePointer<UInt8>) -> Bool {
    guard keyCount < StructuralIndexer.maxOpenKeys, !isDuplicate(start, end, in: b) else { return false }
    keys[2 &* keyCount] = start
    keys[2 &* keyCount &+ 1] = end
    keyCount &+= 1
    return true
  }

  /// Whether the key `start..<end` is one of the innermost object's keys so far (and notes its
  /// signature).
  @inline(__always)
  mutating func isDuplicate(_ start: Int, _ end: Int, in b: UnsafePointer<UInt8>) -> Bool {
    // A signature of the first byte (the closing quote of an empty key) and the length, in a few
    // instructions (a mix by multiplication cost more than the rare comparisons it saved). Keys
    // that share a bit are compared only when their lengths agree: in an order, none do.
    let count = end &- start
    let bit: UInt64 = 1 &<< ((UInt64(b[start]) &+ UInt64(truncatingIfNeeded: count) &* 5) & 63)
    defer { seen |= bit }
    if seen & bit == 0 { return false }
    var k = firstKey
    while k < keyCount {
      let other = keys[2 &* k]
      if keys[2 &* k &+ 1] &- other == count, Bytes.equal(b + other, b + start, count: count) { return true }
      k &+= 1
    }
    return false
  }

  /// Opens an object or an array inside the innermost container.
  @inline(__always)
  mutating func open(object: Bool) {
    saved[2 &* depth] = firstKey
    saved[2 &* depth &+ 1] = Int(bitPattern: UInt(seen))
    depth &+= 1
    if object {
      objects |= 1 &<< UInt64(depth)
      firstKey = keyCount
      seen = 0
    } else {
      objects &= ~(1 &<< UInt64(depth))
    }
  }

  /// Closes the innermost container.
  @inline(__always)
  mutating func close() {
    if inObject { keyCount = firstKey }
    depth &-= 1
    firstKey = saved[2 &* depth]
    seen = UInt64(UInt(bitPattern: saved[2 &* depth &+ 1]))
  }

  /// Whether the `count` bytes of the line at `b` from `i` (within `end`) are those of `word`,
  /// little-endian: a literal.
  @inline(__always)
  static func literal(_ b: UnsafePointer<UInt8>, at i: Int, end: Int, _ word: UInt64, _ count: Int) -> Bool {
    guard i &+ count <= end else { return false }
    var read: UInt64 = 0
    for k in 0..<count { read |= UInt64(b[i &+ k]) &<< (8 &* UInt64(k)) }
    return read == word
  }
}
