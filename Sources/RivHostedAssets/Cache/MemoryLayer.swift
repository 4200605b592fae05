import Foundation

/// The cache's memory layer: entries by uuid, dropped least recently used first
/// once their bytes pass the limit. An entry larger than the limit is not kept.
struct MemoryLayer {
    let limit: Int
    private var entries: [String: Data] = [:]
    private var order: [String] = []
    private(set) var byteCount = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The bytes of `uuid`, marked as just used.
    mutating func data(for uuid: String) -> Data? {
        guard let data = entries[uuid] else { return nil }
        touch(uuid)
        return data
    }

    /// Keeps `data` for `uuid`, dropping the least recently used entries to stay within the limit.
    mutating func insert(_ data: Data, for uuid: String) {
        remove(uuid)
        guard data.count <= limit else { return }
        entries[uuid] = data
        order.append(uuid)
        byteCount += data.count
        while byteCount > limit, let oldest = order.first { remove(oldest) }
    }

    /// Forgets `uuid`.
    mutating func remove(_ uuid: String) {
        guard let data = entries.removeValue(forKey: uuid) else { return }
        byteCount -= data.count
        order.removeAll { $0 == uuid }
    }

    private mutating func touch(_ uuid: String) {
        order.removeAll { $0 == uuid }
        order.append(uuid)
    }
}
