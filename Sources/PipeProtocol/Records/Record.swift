/// A record as read: the line's exact bytes, its place, its `type`, and an index of its members.
public struct Record: Sendable {
  /// The line's bytes exactly as read, without the line ending.
  public let bytes: [UInt8]
  /// Where it came from: `stdin` or a path.
  public let source: String
  /// The one-based line number.
  public let line: Int
  /// The `type` field.
  public let type: String
  /// The top-level members, in order.
  public let members: [MemberSpan]

  /// A record from one line's bytes; throws when it is not a valid record.
  public init(bytes: [UInt8], source: String = "input", line: Int = 1) throws(InputError) {
    var members: [MemberSpan] = []
    let type = try bytes.withUnsafeBufferPointer { buffer throws(InputError) -> String in
      try RecordIndexer.index(
        buffer, source: source, line: line, into: &members, maxDepth: JSONParser.defaultMaxDepth)
    }
    self.bytes = bytes
    self.source = source
    self.line = line
    self.type = type
    self.members = members
  }

  /// A record of bytes already indexed (`RecordIndexer.index`): its `type` and `members` as found.
  public init(bytes: [UInt8], source: String, line: Int, type: String, members: [MemberSpan]) {
    self.bytes = bytes
    self.source = source
    self.line = line
    self.type = type
    self.members = members
  }

  /// The value of the first member named `key`, parsed; nil when absent.
  public subscript(key: String) -> JSONValue? {
    bytes.withUnsafeBufferPointer { buffer in
      RecordIndexer.value(of: key, in: buffer, members: members)
    }
  }

  /// The whole record as an object with members in order and numbers as written.
  public var object: JSONObject {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer, maxDepth: JSONParser.maxDepthCeiling)
      // The line was validated when read, so this cannot fail.
      return (try? parser.parseValue(depth: 0))?.objectValue ?? JSONObject()
    }
  }

  /// An error about this record, naming its source and line (exit 65).
  public func error(_ message: String) -> InputError {
    InputError(source: source, line: line, message: message)
  }
}

/// A record seen in place, without copying: valid only inside the reader's callback.
public struct RecordView {
  /// The line's bytes.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The top-level members in order.
  public let members: [MemberSpan]
  /// The `type` field.
  public let type: String
  /// The one-based line number.
  public let line: Int
  /// The source name.
  public let source: String

  /// A view of a line already indexed (its members found, its type read).
  public init(
    bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan], type: String, line: Int, source: String
  ) {
    self.bytes = bytes
    self.members = members
    self.type = type
    self.line = line
    self.source = source
  }

  /// The member named `key`, if present.
  public func member(_ key: String) -> MemberSpan? { RecordIndexer.member(key, in: bytes, members: members) }

  /// The value of member `key`, parsed.
  public subscript(key: String) -> JSONValue? { RecordIndexer.value(of: key, in: bytes, members: members) }

  /// The raw bytes of member `key`'s value.
  public func raw(_ key: String) -> UnsafeBufferPointer<UInt8>? {
    guard let m = member(key) else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[m.value])
  }

  /// A copy that outlives the callback.
  public func copy() -> Record {
    Record(bytes: Array(bytes), source: source, line: line, type: type, members: members)
  }

  /// An error about this record (exit 65).
  public func error(_ message: String) -> InputError {
    InputError(source: source, line: line, message: message)
  }
}

extension Record {
  /// A record made from an object (written compact, members in their order).
  public init(object: JSONObject, source: String = "new", line: Int = 0) {
    var bytes: [UInt8] = []
    JSONWriter.append(object, to: &bytes)
    // Serialized objects always index; the type may be missing if the caller left it out.
    var members: [MemberSpan] = []
    let type =
      (try? bytes.withUnsafeBufferPointer { buffer in
        try RecordIndexer.index(
          buffer, source: source, line: line, into: &members, maxDepth: JSONParser.maxDepthCeiling)
      }) ?? ""
    self.init(bytes: bytes, source: source, line: line, type: type, members: members)
  }
}

extension Record {
  /// This record changed to hold `object`'s members, its bytes kept wherever they can be (through
  /// `RecordSplicer`): a member whose value `object` leaves equal (as a JSON value) keeps its
  /// exact bytes, escapes and all (`"\u00e9"` stays `"\u00e9"`, `\/` stays `\/`); a changed value
  /// is spliced in after its key's own bytes; a member `object` lacks is dropped; a new one goes
  /// before the first member whose key sorts after it (keys compared by Unicode scalars, as
  /// `sortKeys` does), so sorted keys stay sorted. Rewriting one field of a store record (a
  /// status, a donut's glaze) changes that field alone.
  public func updated(to object: JSONObject) -> Record {
    let oldKeys = bytes.withUnsafeBufferPointer { buffer in
      members.map { m in
        m.keyHasEscapes
          ? String(
            decoding: JSONParser.unescapeBytes(UnsafeBufferPointer(rebasing: buffer[m.key])), as: UTF8.self)
          : String(decoding: buffer[m.key], as: UTF8.self)
      }
    }
    var added = object.members.filter { new in
      !oldKeys.contains { JSONObject.sameKey($0, new.key) }
    }
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { buffer in
      members.withUnsafeBufferPointer { spans in
        var splicer = RecordSplicer(buffer, members: spans)
        func insert(_ member: JSONMember, before m: Int) {
          splicer.insert(before: m, to: &out) { out in
            JSONWriter.appendString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.append(member.value, to: &out)
          }
        }
        for (index, member) in members.enumerated() {
          let key = oldKeys[index]
          while let next = added.first, next.key.unicodeScalars.lexicographicallyPrecedes(key.unicodeScalars)
          {
            insert(next, before: index)
            added.removeFirst()
          }
          guard let new = object.index(of: key).map({ object.members[$0] }) else {
            splicer.remove(index, to: &out)
            continue
          }
          if value(of: member) != new.value {
            splicer.replace(index, to: &out) { JSONWriter.append(new.value, to: &$0) }
          }
        }
        for member in added { insert(member, before: members.count) }
        splicer.finish(to: &out)
      }
    }
    // The bytes are this record's members and values JSONWriter wrote, so they parse; the
    // object's own serialization stands in only if that ever failed (a record is never lost).
    return (try? Record(bytes: out, source: source, line: line))
      ?? Record(object: object, source: source, line: line)
  }

  /// The parsed value of one of this record's members (already indexed: no search by its key).
  func value(of member: MemberSpan) -> JSONValue? {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(
        UnsafeBufferPointer(rebasing: buffer[member.value]), maxDepth: JSONParser.maxDepthCeiling)
      return try? parser.parseValue(depth: 0)
    }
  }
}
