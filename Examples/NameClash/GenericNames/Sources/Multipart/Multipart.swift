/// The stand-in module Multipart, named as another package's module is.
public let standInName = "Multipart"
