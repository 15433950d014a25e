/// The stand-in module Catalogue, named as another package's module is.
public let standInName = "Catalogue"
