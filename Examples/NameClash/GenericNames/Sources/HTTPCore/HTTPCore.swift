/// The stand-in module HTTPCore, named as another package's module is.
public let standInName = "HTTPCore"
