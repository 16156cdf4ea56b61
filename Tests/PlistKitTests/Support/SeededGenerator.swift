import PropertyListRoutes

/// The seeded generator of every test here, shared with the other targets' seeded tests.
typealias SeededGenerator = PropertyListRoutes.SeededGenerator

/// The random property lists of every test here: one generator, shared with the route tests of
/// other targets and the routes fuzz target (`Tests/PropertyListRoutes`).
typealias RandomPropertyList = PropertyListRoutes.RandomPropertyList
