/// Writes JSON values as compact UTF-8 text.
public enum JSONWriter {
  /// Appends the compact text of `value` to `out`.
  public static func append(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): out.append(contentsOf: n.text.utf8)
    case .string(let s): appendString(s, to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        append(element, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      append(object, to: &out)
    }
  }

  /// Appends the compact text of `object` to `out`, members in their order.
  public static func append(_ object: JSONObject, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    for (i, member) in object.members.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      appendString(member.key, to: &out)
      out.append(UInt8(ascii: ":"))
      append(member.value, to: &out)
    }
    out.append(UInt8(ascii: "}"))
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends `s` as a quoted JSON string, escaping only what RFC 8259 requires.
  public static func appendString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Fast path: most strings need no escaping and are copied whole.
    let copied = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
      out.append(contentsOf: bytes)
      return true
    }
    if copied == true {
      out.append(UInt8(ascii: "\""))
      return
    }
    for byte in s.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
      case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
      case 0x0A: out.append(contentsOf: [92, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [92, UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [92, UInt8(ascii: "t")])
      case 0x08: out.append(contentsOf: [92, UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [92, UInt8(ascii: "f")])
      case 0..<0x20:
        out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
