/// The static web wishlist written by `trips site`.
public enum WishlistSite {}
