/// A set that keeps only its last `capacity` insertions: what a team's requests showed (listed ids, thumbnails, its
/// new products) stays bounded however long a class runs.
struct RecentSet<Element: Hashable & Sendable>: Sendable {
    private var members: Set<Element> = []
    private var order: [Element] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    func contains(_ element: Element) -> Bool {
        members.contains(element)
    }

    mutating func insert(_ element: Element) {
        guard members.insert(element).inserted else { return }
        if order.count < capacity {
            order.append(element)
        } else {
            members.remove(order[next])
            order[next] = element
            next = (next + 1) % capacity
        }
    }
}
