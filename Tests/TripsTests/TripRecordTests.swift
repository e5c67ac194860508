import PipeProtocol
import Testing
import WishlistKit

@Suite("trip records and activity sorting")
struct TripRecordTests {
  static let id1 = "0f8fad5b-d9cb-469f-a165-70867728950e"
  static let id2 = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
  static let id3 = "16fd2706-8baf-433b-82eb-8c7fada847da"

  func record(_ text: String) throws -> Record {
    try Record(bytes: Array(text.utf8), source: "test", line: 4)
  }

  @Test("a trip with no activities is never complete and has progress 0")
  func emptyTrip() {
    let trip = Trip(id: Self.id1, name: "Empty", collection: .fallGetaways, creationDate: 0)
    #expect(!trip.isComplete)
    #expect(trip.progress == 0)
    let object = trip.record()
    #expect(object["isComplete"] == .bool(false))
    #expect(object["progress"]?.jsonText == "0")
    #expect(object["photo"] == nil)
  }

  @Test("the record has sorted keys, derived counts and a two-decimal progress")
  func encode() {
    let cali = SampleData.trips[0]
    let object = cali.record()
    #expect(object.keys == object.keys.sorted())
    #expect(object["activityCount"] == .int(6))
    #expect(object["completedCount"] == .int(2))
    #expect(object["progress"]?.jsonText == "0.33")
    #expect(object["isComplete"] == .bool(false))
    #expect(object["collection"] == .string("springEscapes"))
    #expect(object["photo"] == .string("CoastalTrail"))
  }

  @Test("decoding and encoding round-trips, keeping unknown fields and recomputing derived ones")
  func roundTrip() throws {
    let text = """
      {"type":"trip","id":"\(Self.id1)","name":"X","collection":"summerVibes","creationDate":"2026-04-01T10:00:00Z",\
      "activities":[{"id":"\(Self.id2)","name":"A","isComplete":true,"dateCreated":"2026-04-01T10:00:00Z",\
      "dateEdited":"2026-04-02T10:00:00Z","mood":"great"}],"origin":"laptop","big":1e400,"isComplete":false}
      """
    let trip = try Trip(record: record(text))
    #expect(trip.isComplete)
    #expect(trip.activities[0].dateEdited - trip.activities[0].dateCreated == 86_400)
    let out = Record(object: trip.record())
    let again = try Trip(record: out)
    #expect(again.record() == trip.record())
    #expect(out["origin"] == .string("laptop"))
    #expect(out["big"]?.jsonText == "1e400")
    #expect(out["isComplete"] == .bool(true))
    #expect(out["activities"]?.arrayValue?[0].objectValue?["mood"] == .string("great"))
    #expect(
      SampleData.trips.allSatisfy {
        (try? Trip(record: Record(object: $0.record())))?.record() == $0.record()
      })
  }

  @Test(
    "malformed trips are refused with their line",
    arguments: [
      (
        #"{"type":"trip","id":"nope","name":"X","collection":"fallGetaways","creationDate":"2026-04-01T10:00:00Z","activities":[]}"#,
        "\"id\" must be a UUID"
      ),
      (
        #"{"type":"trip","id":"ID1","name":"","collection":"fallGetaways","creationDate":"2026-04-01T10:00:00Z","activities":[]}"#,
        "empty name"
      ),
      (
        #"{"type":"trip","id":"ID1","name":"X","collection":"autumn","creationDate":"2026-04-01T10:00:00Z","activities":[]}"#,
        "unknown collection \"autumn\""
      ),
      (
        #"{"type":"trip","id":"ID1","name":"X","collection":"fallGetaways","creationDate":"2026-04-01T10:00:00Z"}"#,
        "no \"activities\" field"
      ),
      (
        #"{"type":"trip","id":"ID1","name":"X","collection":"fallGetaways","creationDate":"soon","activities":[]}"#,
        "\"creationDate\" must be an ISO 8601 date"
      ),
      (
        #"{"type":"trip","id":"ID1","name":"X","collection":"fallGetaways","creationDate":"2026-04-01T10:00:00Z","activities":[{"id":"ID2","name":"A","isComplete":"yes","dateCreated":"2026-04-01T10:00:00Z","dateEdited":"2026-04-01T10:00:00Z"}]}"#,
        "\"activities[0].isComplete\" must be true or false"
      ),
      (
        #"{"type":"trip","id":"ID1","name":"X","collection":"fallGetaways","creationDate":"2026-04-01T10:00:00Z","activities":[{"id":"ID2","name":"A","isComplete":true,"dateCreated":"2026-04-01T10:00:00Z","dateEdited":"2026-04-01T10:00:00Z"},{"id":"ID2","name":"B","isComplete":true,"dateCreated":"2026-04-01T10:00:00Z","dateEdited":"2026-04-01T10:00:00Z"}]}"#,
        "appears twice"
      ),
    ])
  func malformed(_ text: String, _ message: String) throws {
    let filled = text.replacing("ID1", with: Self.id1).replacing("ID2", with: Self.id2)
    do {
      _ = try Trip(record: record(filled))
      Issue.record("accepted: \(filled)")
    } catch let error as InputError {
      #expect(error.line == 4)
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test("sort options: title ignores case; dates newest first with ties by name; completed first")
  func sorting() {
    let activities = [
      Activity(id: Self.id1, name: "beta", isComplete: true, dateCreated: 100, dateEdited: 300),
      Activity(id: Self.id2, name: "Alpha", isComplete: false, dateCreated: 200, dateEdited: 200),
      Activity(id: Self.id3, name: "gamma", isComplete: true, dateCreated: 100, dateEdited: 100),
    ]
    #expect(ActivitySort.title.sorted(activities).map(\.name) == ["Alpha", "beta", "gamma"])
    #expect(ActivitySort.dateCreated.sorted(activities).map(\.name) == ["Alpha", "beta", "gamma"])
    #expect(ActivitySort.dateEdited.sorted(activities).map(\.name) == ["beta", "Alpha", "gamma"])
    #expect(ActivitySort.completed.sorted(activities).map(\.name) == ["beta", "gamma", "Alpha"])
    #expect(ActivitySort.allCases.map(\.title) == ["Title", "Date Created", "Date Edited", "Completed"])
  }

  @Test("renaming and toggling bump dateEdited but not dateCreated")
  func edits() {
    var activity = Activity(id: Self.id1, name: "A", dateCreated: 100)
    #expect(activity.dateEdited == 100)
    activity.toggle(now: 200)
    #expect(activity.isComplete && activity.dateEdited == 200 && activity.dateCreated == 100)
    activity.rename("B", now: 300)
    #expect(activity.name == "B" && activity.dateEdited == 300)
  }

  @Test("a store's records: only trips, each id once; errors name the line")
  func storeRecords() throws {
    let records = SampleData.records
    #expect(try Wishlist(records: records).trips.map(\.id) == SampleData.trips.map(\.id))
    var duplicated = records
    duplicated.append(try Record(bytes: records[3].bytes, source: "store", line: 13))
    #expect(throws: InputError.self) { try Wishlist(records: duplicated) }
    do {
      _ = try Wishlist(records: duplicated)
    } catch {
      #expect(error.line == 13 && error.message.contains("already used"))
    }
    let note = try Record(bytes: Array(#"{"type":"note"}"#.utf8), source: "store", line: 2)
    #expect(throws: InputError.self) { try Wishlist(records: [records[0], note]) }
  }
}
