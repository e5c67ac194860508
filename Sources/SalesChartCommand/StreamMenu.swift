import FoodTruckKit
import PipeProtocol

/// The menu a stream carries: the built-in donuts, and the custom donuts that `donut` records
/// earlier in the stream define (`Donut(definition:)`, `Menu.define(_:)`). A record naming a donut
/// id checks it here: the id must be on the menu and any name must be the menu's name for it.
///
/// A `--partial` part may hold orders whose donut records went to another part (`parallel --pipe`
/// splits a stream anywhere): there an unknown custom id is `pending`, counted with the name its
/// items gave, and the part's `sales-partial` carries both what it defined (`donuts`) and what it
/// did not (`names`), so that `--merge` checks every custom id once it has read everything.
final class StreamMenu {
  /// A custom id counted before any record defined it.
  struct Pending {
    /// The name the items gave, if any did.
    var name: [UInt8]?
    /// The first record that counted it (for the message if nothing defines it).
    var place: InputError
  }

  /// The donuts known so far.
  private(set) var menu = Menu.builtIn
  /// Each known donut's name as UTF-8, by id (nil: no donut has that id).
  private(set) var names: [[UInt8]?] = Menu.builtIn.donuts.map { Array($0.name.utf8) }
  /// The built-in donuts' names, by id, and their number: constants, so that the check of each item
  /// of a stream of built-in donuts reads no mutable state.
  let builtInNames: [[UInt8]] = Menu.builtIn.donuts.map { Array($0.name.utf8) }
  let builtInCount = Menu.builtIn.count
  /// Whether an unknown custom id is pending instead of an error (`--partial`, and a merged
  /// partial's counts).
  let deferring: Bool
  /// Custom ids counted but not defined yet.
  private(set) var pending: [Int: Pending] = [:]
  /// The number of `donut` records read.
  private(set) var records = 0

  /// An empty stream menu.
  init(deferring: Bool) { self.deferring = deferring }

  /// The custom donuts defined so far, in id order.
  var custom: [Donut] { menu.custom }

  /// Learns the donut of a `donut` record; a record that is not a valid donut, redefines a
  /// built-in donut or defines an id a second time in another way is an error naming its line.
  func define(_ record: some FieldAccess) throws(InputError) {
    records += 1
    let donut = try Donut(definition: record)
    do {
      try learn(donut)
    } catch let error as MenuError {
      throw record.error(error.message)
    } catch let error as FieldError {
      throw record.error(error.message)
    } catch {
      throw record.error("\(error)")
    }
  }

  /// Puts a donut on the menu; a pending id must have been counted under the same name.
  func learn(_ donut: Donut) throws {
    guard try menu.define(donut) else { return }
    let name = Array(donut.name.utf8)
    if let waiting = pending.removeValue(forKey: donut.id), let given = waiting.name, given != name {
      throw FieldError(
        "this record defines donut \(donut.id) as \(JSONValue.string(donut.name).jsonText), but "
          + "\(waiting.place.source) line \(waiting.place.line) named it "
          + "\(JSONValue.string(String(decoding: given, as: UTF8.self)).jsonText)")
    }
    grow(to: donut.id + 1)
    names[donut.id] = name
  }

  func grow(to count: Int) {
    if names.count < count { names += Array(repeating: nil, count: count - names.count) }
  }

  /// Whether the id is known (built in or defined): the fast check before counting.
  @inline(__always)
  func isKnown(_ id: Int) -> Bool {
    if UInt(bitPattern: id) < UInt(builtInCount) { return true }
    return id >= 0 && id < names.count && names[id] != nil
  }

  /// The name of a known id as UTF-8.
  @inline(__always)
  func name(_ id: Int) -> [UInt8] { id < builtInCount ? builtInNames[id] : names[id]! }

  /// Handles an id that `isKnown` rejected: an error, or (when deferring) a pending id counted
  /// with the item's name. `place` names the item for messages; `where` is the record.
  func unknown(_ id: Int, name: [UInt8]?, place: String, at record: InputError, deferring: Bool? = nil)
    throws(FieldError)
  {
    guard deferring ?? self.deferring, id >= Menu.builtIn.count, id <= Menu.maxID else {
      var message = "unknown donut id \(id) in \(place) (the menu has ids \(menu.validIDs)"
      if id >= Menu.builtIn.count, id <= Menu.maxID {
        message +=
          "; a custom donut needs its donut record earlier in the stream: '{ orders menu; orders list; }'"
      } else {
        message += "; see 'orders menu'"
      }
      throw FieldError(message + ")")
    }
    if var waiting = pending[id] {
      if let name {
        if let given = waiting.name, given != name {
          throw FieldError(
            "\(place) names donut \(id) \(JSONValue.string(String(decoding: name, as: UTF8.self)).jsonText), "
              + "but \(waiting.place.source) line \(waiting.place.line) named it "
              + "\(JSONValue.string(String(decoding: given, as: UTF8.self)).jsonText)")
        }
        waiting.name = name
        pending[id] = waiting
      }
    } else {
      pending[id] = Pending(name: name, place: record)
    }
    grow(to: id + 1)
  }

  /// The message for a name that is not the menu's name for a known id.
  func mismatch(_ id: Int, name: String, place: String) -> FieldError {
    let expected = String(decoding: names[id] ?? [], as: UTF8.self)
    return FieldError(
      "\(place) names donut \(id) \"\(name)\", but donut \(id) is \"\(expected)\" on the menu "
        + "(a mismatched id is an error)")
  }

  /// After the whole input: fails on a custom id that was counted and never defined (unless this
  /// run writes a partial, which carries it on).
  func finish(partial: Bool) throws(InputError) {
    guard !partial, let (id, waiting) = pending.min(by: { $0.key < $1.key }) else { return }
    var message = "donut \(id)"
    if let name = waiting.name {
      message += " (\(JSONValue.string(String(decoding: name, as: UTF8.self)).jsonText))"
    }
    message += " was counted here, but no donut record in the input defines it"
    throw InputError(
      source: waiting.place.source, line: waiting.place.line, column: 0,
      message: message + "; put the menu in the stream: '{ orders menu; orders list; } | sales-chart'")
  }

  /// What a `sales-partial` carries of the menu: the custom donuts defined (their records without
  /// `type`) and the names of the pending ids; nothing for a stream of built-in donuts.
  var partialMembers: [JSONMember] {
    var members: [JSONMember] = []
    if !custom.isEmpty {
      members.append(
        JSONMember(
          "donuts",
          .array(
            custom.map { donut in
              var object = donut.record
              object["type"] = nil
              return .object(object)
            })))
    }
    let named = pending.filter { $0.value.name != nil }
    if !named.isEmpty {
      var object = JSONObject()
      for id in named.keys.sorted() {
        object.members.append(
          JSONMember(String(id), .string(String(decoding: named[id]!.name!, as: UTF8.self))))
      }
      members.append(JSONMember("names", .object(object)))
    }
    return members
  }

  /// Reads the menu part of a `sales-partial`: defines its `donuts`, and checks or keeps pending
  /// its `names`.
  func readPartial(_ view: RecordView) throws(InputError) {
    if let donuts = view["donuts"] {
      guard case .array(let elements) = donuts else {
        throw view.error(
          "\"donuts\" must be an array of donut objects, not \(MessageText.shortened(donuts.jsonText))")
      }
      for (index, element) in elements.enumerated() {
        guard case .object(let object) = element else {
          throw view.error(
            "donuts[\(index)] must be a donut object, not \(MessageText.shortened(element.jsonText))")
        }
        let fields = Fields(object, path: "donuts[\(index)]", in: view)
        let donut = try Donut(definition: fields)
        do {
          try learn(donut)
        } catch {
          throw view.error(
            "donuts[\(index)]: \((error as? MenuError)?.message ?? (error as? FieldError)?.message ?? "\(error)")"
          )
        }
      }
    }
    if let namesValue = view["names"] {
      guard case .object(let object) = namesValue else {
        throw view.error("\"names\" must be an object of names by donut id")
      }
      for member in object.members {
        guard let id = Int(member.key), String(id) == member.key, let name = member.value.stringValue else {
          throw view.error("names.\(member.key) must be a donut id with its name")
        }
        do throws(FieldError) {
          if isKnown(id) {
            if names[id]! != Array(name.utf8) { throw mismatch(id, name: name, place: "names.\(id)") }
          } else {
            try unknown(id, name: Array(name.utf8), place: "names.\(id)", at: view.error(""), deferring: true)
          }
        } catch {
          throw view.error(error.message)
        }
      }
    }
  }
}
