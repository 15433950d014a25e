// `import OpenMarketEmulator` alone gives a test the admin API and every type its calls take or return, on every
// platform. Each is re-exported by name, never the whole client: OpenMarketClient also declares `Product`, `Vendor`,
// `Currency`, `ProductPage` and `ProductImage`, names an app very likely has too, which a test that imports the app
// and this module would then find ambiguous. (A test that wants the client's models imports OpenMarketClient.)

// The admin API (`emulator.client.admin`) and what a test builds for it.
@_exported public import struct OpenMarketClient.OpenMarketAdmin
@_exported public import typealias OpenMarketClient.SeedProduct
@_exported public import struct OpenMarketClient.JournalFilter
@_exported public import struct OpenMarketClient.NetworkConditions
@_exported public import struct OpenMarketClient.FaultRule
@_exported public import enum OpenMarketClient.FaultAction

// What its calls return.
@_exported public import struct OpenMarketClient.SentRequest
@_exported public import struct OpenMarketClient.SentPart
@_exported public import struct OpenMarketClient.Fault
@_exported public import struct OpenMarketClient.Snapshot
@_exported public import struct OpenMarketClient.SnapshotList
@_exported public import struct OpenMarketClient.AdminHealth
@_exported public import struct OpenMarketClient.JournalPage
@_exported public import struct OpenMarketClient.JournalSummary
@_exported public import struct OpenMarketClient.JournalEntry
@_exported public import struct OpenMarketClient.MultipartReading

// How they fail.
@_exported public import enum OpenMarketClient.OpenMarketError
@_exported public import struct OpenMarketClient.AdminFailure
@_exported public import struct OpenMarketClient.HTTPStatusFailure
@_exported public import struct OpenMarketClient.DecodingFailure
@_exported public import struct OpenMarketClient.SentRequestTimeout
