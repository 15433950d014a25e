import OpenMarketAPI
import OpenMarketEmulatorCore
import OpenMarketStore
import Testing

/// A generated catalogue large enough for a search index (`SearchIndex`, from 10,000 products): the emulators after
/// the first copy its store, and take its index with it instead of building their own.
@Suite struct SearchIndexTemplateTests {
    @Test("a copied generated store counts searches with its template's index, and builds its own after a rename")
    func copiesShareTheTemplatesIndex() throws {
        // A count no other test uses, so that the first emulator here makes the template.
        let options = EmulatorOptions(generation: .v2b, seed: .generated(count: 10_007), copiesStoreTemplate: true)
        let first = try Emulator(options)
        #expect(first.store.waitForSearchIndex(timeout: .seconds(120)))
        #expect(first.store.hasCurrentSearchIndex)
        let copy = try Emulator(options)
        // At once: nothing was built for the copy, nothing needs waiting for.
        #expect(copy.store.hasCurrentSearchIndex)
        let page = try copy.store.page(offset: 0, limit: 20, search: "키보드", order: .newestFirst)
        #expect(page.totalCount == 2_002)
        let renamed = try #require(page.products.first)
        _ = try copy.store.patchProduct(id: renamed.id, ProductPatch(name: "no longer one"))
        #expect(!copy.store.hasCurrentSearchIndex)
        #expect(try copy.store.page(offset: 0, limit: 20, search: "키보드", order: .newestFirst).totalCount == 2_001)
        #expect(copy.store.waitForSearchIndex(timeout: .seconds(120)))
        #expect(copy.store.hasCurrentSearchIndex)
        #expect(first.store.hasCurrentSearchIndex)
        #expect(try copy.store.page(offset: 0, limit: 20, search: "Keyboard", order: .oldestFirst).totalCount == 2_001)
    }
}
