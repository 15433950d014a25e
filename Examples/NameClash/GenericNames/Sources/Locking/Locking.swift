/// The stand-in module Locking, named as another package's module is.
public let standInName = "Locking"
