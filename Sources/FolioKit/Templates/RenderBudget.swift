import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much one render of a theme's template may do: the items of lists it loops over, the bytes of the values it
/// writes, and the memory it takes. Loops inside one another multiply: `{{#page.sections}}` six deep over 60 sections
/// is 60⁶ items, a page's content written once for each section of a long page is gigabytes, and so is 5 KB of a
/// template's own text inside two loops over a thousand items (text Folio does not see written; the memory it fills
/// is looked at every 256 items). Past any limit every list renders as empty and every value as nothing, so the
/// render ends at once, and the build reports the template.
///
/// The lists and values of a template context (`TemplateList`, `TemplateText`) are made far from the render and
/// rendered inside swift-mustache: they find the budget of the render in progress on their thread (`current`).
final class RenderBudget {
    static let maxItems = 1_000_000
    static let maxBytes = 100 << 20
    /// More memory than this taken while the render runs (the process's resident size).
    static let maxGrowth = 1 << 30

    private(set) var items = 0
    private(set) var bytes = 0
    /// The process's resident bytes at the render's 256th item, and whether they grew past `maxGrowth` since.
    private var resident: Int?
    private(set) var grew = false
    /// The template being rendered when the budget ran out, as `place` named it then.
    private(set) var exceededIn: String?
    private let place: () -> String?
    private var wasExceeded = false

    /// `place`: the template being rendered at the moment it is asked.
    init(place: @escaping () -> String? = { nil }) {
        self.place = place
    }

    var isExceeded: Bool { items > Self.maxItems || bytes > Self.maxBytes || grew }

    /// One more item of a list; false once the budget is spent, and the list ends there.
    func spendItem() -> Bool {
        items += 1
        if items & 255 == 0, let now = ResidentMemory.bytes() {
            if let resident { grew = grew || now - resident > Self.maxGrowth } else { resident = now }
        }
        return check()
    }

    /// `count` more bytes of a value; false once the budget is spent, and the value is left out.
    func spend(bytes count: Int) -> Bool {
        bytes += count
        return check()
    }

    private func check() -> Bool {
        guard isExceeded else { return true }
        if !wasExceeded {
            wasExceeded = true
            exceededIn = place()
        }
        return false
    }

    /// Runs `render` with this budget counting what the lists and values of its context render on this thread.
    func measure<T>(_ render: () -> T) -> T {
        let previous = pthread_getspecific(budgetKey)
        pthread_setspecific(budgetKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(budgetKey, previous) }
        return render()
    }

    /// The budget of the render in progress on this thread; nil outside one.
    static var current: RenderBudget? {
        pthread_getspecific(budgetKey).map { Unmanaged<RenderBudget>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// The thread's render budget, one key for the process.
private let budgetKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// The process's resident memory, read from `/proc/self/statm` (kept open: one read a look); nil where there is none.
enum ResidentMemory {
    private static let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func bytes() -> Int? {
        guard statm >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(statm, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        // "size resident shared …", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * pageSize
    }
}
