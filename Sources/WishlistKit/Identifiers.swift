import PipeProtocol

/// UUIDs without Foundation: name-based (version 5, SHA-1, RFC 9562) for the sample data, so that
/// every machine gives the sample trips the same ids, and random (version 4) for new trips.
public enum Identifiers {
  /// The RFC 9562 URL namespace, `6ba7b811-9dad-11d1-80b4-00c04fd430c8`.
  public static let urlNamespace: [UInt8] = [
    0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
  ]

  /// The version-5 UUID of `name` in `namespace` (16 bytes), lower-case with dashes. Equal to
  /// Python's `uuid.uuid5(namespace, name)`.
  public static func nameBased(_ name: String, namespace: [UInt8] = urlNamespace) -> String {
    var digest = SHA1.hash(namespace + Array(name.utf8))
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    return format(Array(digest.prefix(16)))
  }

  /// The id of a sample trip: the version-5 UUID of `samplepipes:wishlist:trip:NAME` in the URL
  /// namespace.
  public static func sampleTrip(_ name: String) -> String {
    nameBased("samplepipes:wishlist:trip:\(name)")
  }

  /// The id of a sample activity: the version-5 UUID of
  /// `samplepipes:wishlist:activity:TRIP NAME:ACTIVITY NAME` in the URL namespace.
  public static func sampleActivity(trip: String, activity: String) -> String {
    nameBased("samplepipes:wishlist:activity:\(trip):\(activity)")
  }

  /// A version-4 (random) UUID drawn from `generator`.
  public static func random(using generator: inout some RandomNumberGenerator) -> String {
    var bytes: [UInt8] = []
    for _ in 0..<2 {
      var word = generator.next()
      for _ in 0..<8 {
        bytes.append(UInt8(truncatingIfNeeded: word))
        word >>= 8
      }
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return format(bytes)
  }

  /// Whether `text` is a UUID in its text form (`8-4-4-4-12` hex digits, any case).
  public static func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (i, b) in bytes.enumerated() {
      if i == 8 || i == 13 || i == 18 || i == 23 {
        guard b == UInt8(ascii: "-") else { return false }
      } else {
        guard hexValue(b) != nil else { return false }
      }
    }
    return true
  }

  /// 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
  static func format(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for (i, b) in bytes.enumerated() {
      if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
      out.append(digits[Int(b >> 4)])
      out.append(digits[Int(b & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}

/// The generator of `--seed`: the toolkit's one seeded generator (SplitMix64).
public typealias SeededGenerator = SplitMix64

/// SHA-1 (FIPS 180-4), used only to derive name-based UUIDs.
public enum SHA1 {
  /// The 20-byte digest of `message`.
  public static func hash(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var data = message
    let bitLength = UInt64(message.count) &* 8
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: data.count, by: 64) {
      for i in 0..<16 {
        let j = chunk + i * 4
        w[i] =
          UInt32(data[j]) << 24 | UInt32(data[j + 1]) << 16 | UInt32(data[j + 2]) << 8 | UInt32(data[j + 3])
      }
      for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch i {
        case 0..<20:
          f = (b & c) | (~b & d)
          k = 0x5A82_7999
        case 20..<40:
          f = b ^ c ^ d
          k = 0x6ED9_EBA1
        case 40..<60:
          f = (b & c) | (b & d) | (c & d)
          k = 0x8F1B_BCDC
        default:
          f = b ^ c ^ d
          k = 0xCA62_C1D6
        }
        let t = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
        e = d
        d = c
        c = rotate(b, 30)
        b = a
        a = t
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
    }
    var out: [UInt8] = []
    for word in h {
      for shift in stride(from: 24, through: 0, by: -8) {
        out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return out
  }

  static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
