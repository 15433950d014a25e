import Foundation

public enum NetworkError: Error, Equatable {
    case transport(URLError.Code)
    case status(Int, message: String?)
    case decoding(String)
    case notAnHTTPResponse
}
