/// A table being built: ordered keys, each a value, a sub-table or an array of tables.
final class Container {
    enum Entry {
        /// A finished value; the position is unused for values parsed inside arrays.
        case value(TOMLValue, TOMLPosition?)
        case table(Container)
        case tables([Container])
    }

    var keys: [String] = []
    var entries: [String: Entry] = [:]
    var positions: [String: TOMLPosition] = [:]
    var position: TOMLPosition

    init(position: TOMLPosition) { self.position = position }

    func has(_ key: String) -> Bool { entries[key] != nil }

    func set(_ key: String, _ entry: Entry, at position: TOMLPosition) {
        if entries.updateValue(entry, forKey: key) == nil { keys.append(key) }
        positions[key] = positions[key] ?? position
    }

    /// The table at `path` below this one, creating missing tables; with `throughArrays`, an
    /// array of tables on the way stands for its last element. nil when a value is in the way.
    func nest(_ path: [String], throughArrays: Bool, openedAt opened: TOMLPosition? = nil) -> Container? {
        var current = self
        for key in path {
            switch current.entries[key] {
            case nil:
                let child = Container(position: opened ?? current.position)
                current.set(key, .table(child), at: opened ?? current.position)
                current = child
            case .table(let child):
                current = child
            case .tables(let list) where throughArrays:
                current = list[list.count - 1]
            default:
                return nil
            }
        }
        return current
    }

    /// Appends a new table to the array of tables `key` (creating it); false when `key`
    /// holds something else.
    func appendTable(to key: String, at position: TOMLPosition) -> Bool {
        let element = Container(position: position)
        switch entries[key] {
        case nil:
            set(key, .tables([element]), at: position)
        case .tables(var list):
            list.append(element)
            entries[key] = .tables(list)
        default:
            return false
        }
        return true
    }

    /// The finished value.
    func table() -> TOMLTable {
        var table = TOMLTable()
        table.position = position
        for key in keys {
            let value: TOMLValue
            switch entries[key]! {
            case .value(let v, _): value = v
            case .table(let child): value = .table(child.table())
            case .tables(let list): value = .array(list.map { .table($0.table()) })
            }
            table.set(key, value, at: positions[key] ?? position)
        }
        return table
    }
}

/// Which key paths may no longer be declared or extended (tomllib's scheme): a table
/// declared by a header (`explicitNest`), or a value frozen as written (`frozen`, inline
/// tables and arrays, recursively). Flags on dotted keys are pending until the next header,
/// so a section may keep extending the tables its own dotted keys made.
struct Flags {
    enum Flag: Hashable {
        case explicitNest
        case frozen
    }

    final class Node {
        var flags: Set<Flag> = []
        var recursive: Set<Flag> = []
        var nested: [String: Node] = [:]
    }

    var root = Node()
    var pending: [([String], Flag)] = []

    func has(_ path: [String], _ flag: Flag) -> Bool {
        guard let stem = path.last else { return false }
        var current = root
        for key in path.dropLast() {
            guard let next = current.nested[key] else { return false }
            if next.recursive.contains(flag) { return true }
            current = next
        }
        guard let node = current.nested[stem] else { return false }
        return node.flags.contains(flag) || node.recursive.contains(flag)
    }

    func set(_ path: [String], _ flag: Flag, recursive: Bool) {
        var current = root
        for key in path {
            if let next = current.nested[key] {
                current = next
            } else {
                let next = Node()
                current.nested[key] = next
                current = next
            }
        }
        if recursive { current.recursive.insert(flag) } else { current.flags.insert(flag) }
    }

    mutating func addPending(_ path: [String], _ flag: Flag) { pending.append((path, flag)) }

    mutating func finalizePending() {
        for (path, flag) in pending { set(path, flag, recursive: false) }
        pending.removeAll()
    }

    func unsetAll(_ path: [String]) {
        guard let stem = path.last else { return }
        var current = root
        for key in path.dropLast() {
            guard let next = current.nested[key] else { return }
            current = next
        }
        current.nested[stem] = nil
    }
}
