import FoodTruckKit
import PipeProtocol
import WishlistKit

/// What `pipe-check` knows of records: the schemas of every domain, from the kits that own them,
/// in PROTOCOL.md's order; and the menu that the donut ids of Food Truck records must be on.
public enum RecordTypes {
  /// Every record type the protocol defines.
  public static let catalog = SchemaCatalog(
    FoodTruckSchemas.catalog.all + StorySchemas.catalog.all + WishlistSchemas.catalog.all)

  /// The menu donut ids are checked against at first: the built-in one (the stream's `donut`
  /// records extend it).
  public static let menu = Menu.builtIn

  /// The schemas records are checked with: the catalog's, with the rule that donut ids are on `menu`.
  public static func checked(menu: Menu = RecordTypes.menu) -> SchemaCatalog {
    SchemaCatalog(menu.checking(catalog.all))
  }
}
