/// The stand-in module SQLite, named as another package's module is.
public let standInName = "SQLite"
