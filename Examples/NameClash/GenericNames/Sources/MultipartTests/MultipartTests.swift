/// The stand-in module MultipartTests, named as another package's module is.
public let standInName = "MultipartTests"
