/// The stand-in module WireFormat, named as another package's module is.
public let standInName = "WireFormat"
