import PipeProtocol

/// The sample's 12 trips with their 37 activities (9 done), from `Data/sample-trips.jsonl`.
///
/// The sample stamps every object with `Date.now` as it is built, in array order, and gives trips
/// no id. Here the data is the same on every machine: trip *i* (from 0) was created at
/// `SampleData.baseDate` + *i* minutes (so the array order is the creation order, as in the
/// sample); its activities were created and last edited at that same moment; ids are name-based
/// UUIDs (see `Identifiers.sampleTrip` and `Identifiers.sampleActivity`).
public enum SampleData {
  /// 2026-03-12T09:00:00Z, the first sample trip's creation date (the sample's publication day).
  public static let baseDate = ISODate.parse("2026-03-12T09:00:00Z")!

  /// The 12 sample trips in the sample's array order.
  public static let trips: [Trip] = WishlistKit.records(EmbeddedData.sampleTrips).enumerated().map {
    index, object in
    let name = object["name"]?.stringValue ?? ""
    let created = baseDate + index * 60
    let activities = (object["activities"]?.arrayValue ?? []).map { value in
      let item = value.objectValue ?? JSONObject()
      let activityName = item["name"]?.stringValue ?? ""
      return Activity(
        id: Identifiers.sampleActivity(trip: name, activity: activityName), name: activityName,
        isComplete: item["isComplete"]?.boolValue ?? false, dateCreated: created)
    }
    return Trip(
      id: Identifiers.sampleTrip(name), name: name,
      collection: TripCollection(rawValue: object["collection"]?.stringValue ?? "") ?? .winterRetreats,
      photo: object["photo"]?.stringValue, creationDate: created, activities: activities)
  }

  /// The sample trips as the records a new store starts with.
  public static var records: [Record] { trips.map { Record(object: $0.record()) } }
}
