import PipeProtocol
import Testing
import WishlistKit

@Suite("the Wishlist model and sample data")
struct ModelTests {
  @Test("12 sample trips with 37 activities, 9 of them done, in the sample's order and collections")
  func sampleData() {
    let trips = SampleData.trips
    #expect(trips.count == 12)
    #expect(trips.reduce(0) { $0 + $1.activities.count } == 37)
    #expect(trips.reduce(0) { $0 + $1.completedCount } == 9)
    #expect(
      trips.map(\.name) == [
        "Cali Coastal Trails", "Surf Steamer Lane", "Japan Mystique", "Mont Blanc Powder",
        "Braving the Narrows",
        "Into the Green", "Angkor Temple Run", "Hike Joshua Tree", "Hunting Auroras", "Kona Deep Dive",
        "Desert Off-Road", "Maui Rainforest",
      ])
    #expect(trips.map(\.activities.count) == [6, 3, 3, 2, 2, 3, 5, 3, 3, 3, 2, 2])
    #expect(trips.map(\.completedCount) == [2, 0, 0, 0, 2, 0, 3, 0, 0, 0, 2, 0])
    #expect(trips.filter(\.isComplete).map(\.name) == ["Braving the Narrows", "Desert Off-Road"])
    #expect(trips.allSatisfy { $0.subtitle == nil })
    #expect(
      trips[0].activities.filter(\.isComplete).map(\.name) == [
        "Hike the cliffs of Big Sur", "See the elk herd at Point Reyes",
      ])
    // Creation dates increase in array order, one minute apart from 2026-03-12T09:00:00Z.
    #expect(ISODate.format(trips[0].creationDate) == "2026-03-12T09:00:00Z")
    #expect(ISODate.format(trips[11].creationDate) == "2026-03-12T09:11:00Z")
  }

  @Test("sample ids are name-based UUIDs, equal to Python's uuid5 (computed independently)")
  func sampleIDs() {
    let trips = SampleData.trips
    #expect(trips[0].id == "f1c8abfb-17c6-5efc-93ce-53cf7ab07d09")
    #expect(trips[11].id == "8977ed47-6721-5856-ac65-dce9b5dc8eca")
    #expect(trips[10].activities[1].id == "604216b3-98e5-5c9c-8543-ffa37c1c57e8")
    let all = trips.map(\.id) + trips.flatMap { $0.activities.map(\.id) }
    #expect(Set(all).count == 49)
    #expect(all.allSatisfy(Identifiers.isUUID))
  }

  @Test("SHA-1 and version-5 UUIDs match the published test vectors")
  func nameBasedUUIDs() {
    let hex = SHA1.hash(Array("abc".utf8)).map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
    #expect(hex.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
    let long = SHA1.hash(Array(repeating: UInt8(ascii: "a"), count: 1000))
    #expect(long.prefix(4) == [0x29, 0x1e, 0x9a, 0x6c])
    let dns: [UInt8] = [
      0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
    ]
    #expect(
      Identifiers.nameBased("www.example.com", namespace: dns) == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
  }

  @Test("random ids are version-4 UUIDs; a seed makes them repeatable")
  func randomUUIDs() {
    var a = SeededGenerator(seed: 42)
    var b = SeededGenerator(seed: 42)
    let first = Identifiers.random(using: &a)
    #expect(first == Identifiers.random(using: &b))
    #expect(first != Identifiers.random(using: &a))
    let chars = Array(first)
    #expect(chars[14] == "4")
    #expect("89ab".contains(chars[19]))
    #expect(Identifiers.isUUID(first))
    #expect(!Identifiers.isUUID("f1c8abfb-17c6-5efc-93ce-53cf7ab07d0"))
    #expect(!Identifiers.isUUID("f1c8abfb_17c6-5efc-93ce-53cf7ab07d09"))
    #expect(Identifiers.isUUID("F1C8ABFB-17C6-5EFC-93CE-53CF7AB07D09"))
  }

  @Test("the four collections in display order; only Summer Vibes has a summary")
  func collections() {
    #expect(
      TripCollection.allCases.map(\.name) == [
        "Spring Escapes", "Summer Vibes", "Fall Getaways", "Winter Retreats",
      ])
    #expect(TripCollection.allCases.map(\.season) == ["spring", "summer", "fall", "winter"])
    #expect(
      TripCollection.allCases.compactMap(\.summary) == [
        "Soak up open roads, salt water, and endless daylight"
      ])
    #expect(TripCollection.defaultForNewTrips == .winterRetreats)
  }

  @Test("trips per collection are sorted by name with Swift <, code-point order")
  func tripsInCollection() {
    var wishlist = Wishlist(trips: SampleData.trips)
    #expect(
      wishlist.trips(in: .summerVibes).map(\.name) == [
        "Kona Deep Dive", "Maui Rainforest", "Surf Steamer Lane",
      ])
    #expect(
      wishlist.trips(in: .springEscapes).map(\.name) == [
        "Cali Coastal Trails", "Japan Mystique", "Mont Blanc Powder",
      ])
    wishlist.trips.append(
      Trip(
        id: "0f8fad5b-d9cb-469f-a165-70867728950e", name: "angkor", collection: .winterRetreats,
        creationDate: 0))
    // Lower case sorts after every upper-case letter in code-point order.
    #expect(wishlist.trips(in: .winterRetreats).map(\.name).last == "angkor")
  }

  @Test("recently added: newest first, five by default; ties go to the later-added trip")
  func recent() {
    var wishlist = Wishlist(trips: SampleData.trips)
    #expect(
      wishlist.recentlyAdded().map(\.name) == [
        "Maui Rainforest", "Desert Off-Road", "Kona Deep Dive", "Hunting Auroras", "Hike Joshua Tree",
      ])
    let later = SampleData.trips[11].creationDate
    wishlist.trips.append(
      Trip(
        id: "0f8fad5b-d9cb-469f-a165-70867728950e", name: "Tie", collection: .fallGetaways,
        creationDate: later))
    #expect(wishlist.recentlyAdded(limit: 2).map(\.name) == ["Tie", "Maui Rainforest"])
  }

  @Test("search 'hike': one trip, then six activities sorted by name")
  func searchHike() {
    let sections = Wishlist(trips: SampleData.trips).search("hike")
    #expect(sections.map(\.kind) == [.trips, .activities])
    #expect(sections[0].hits.map(\.name) == ["Hike Joshua Tree"])
    #expect(
      sections[1].hits.map(\.name) == [
        "Hike Swallow's Point Trail", "Hike the cliffs of Big Sur",
        "Hike the river canyon from the bottom up",
        "Hike through the jungle temples", "Hike Warren Peak", "Snowshoe hike",
      ])
    #expect(sections[1].hits.last?.trip.name == "Mont Blanc Powder")
  }

  @Test("search 'temple', an empty search, and no results")
  func searchOthers() {
    let wishlist = Wishlist(trips: SampleData.trips)
    let temple = wishlist.search("TEMPLE")
    #expect(temple[0].hits.map(\.name) == ["Angkor Temple Run"])
    #expect(
      temple[1].hits.map(\.name) == [
        "Hike through the jungle temples", "Visit the hillside wooden temples",
        "Watch the sunrise over the temple lotus ponds",
      ])
    let empty = wishlist.search("")
    #expect(empty.map(\.kind) == [.recent])
    #expect(empty[0].hits.map(\.name) == ["Maui Rainforest", "Desert Off-Road", "Kona Deep Dive"])
    #expect(wishlist.search("Big Sir").isEmpty)
    #expect(wishlist.search(" hike ").isEmpty)  // the text is not trimmed
  }

  @Test("matching ignores case but not accents, as Linux Foundation does")
  func collationContains() {
    #expect(Collation.contains("CAFÉ", "café"))
    #expect(!Collation.contains("Café", "cafe"))
    #expect(Collation.contains("Café Crawl", "É C"))
    #expect(!Collation.contains("anything", ""))
  }

  @Test("ordering: a, A, apple, b, B, Zebra (localizedCompare on Linux), unlike Swift <")
  func collationOrder() {
    let words = ["Zebra", "B", "apple", "A", "b", "a"]
    #expect(words.sorted { Collation.precedes($0, $1) } == ["a", "A", "apple", "b", "B", "Zebra"])
    #expect(words.sorted() == ["A", "B", "Zebra", "a", "apple", "b"])
    #expect(Collation.compare("Apple", "apple", ignoringCase: true) == 0)
    #expect(Collation.precedes("cafe", "café"))
    #expect(Collation.precedes("café", "cafes"))
    #expect(Collation.precedes("Trip 2", "Trip A"))
    #expect(Collation.precedes("a b", "a-b"))
  }
}
