/// The Wishlist domain model shared by `trips` and `achievements`.
public enum WishlistKit {}
