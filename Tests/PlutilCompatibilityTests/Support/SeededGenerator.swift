import PropertyListRoutes

/// The seeded generator shared with the other targets' seeded tests (the same values the
/// literal tests had when they lived in `PlistKitTests`).
typealias SeededGenerator = PropertyListRoutes.SeededGenerator
