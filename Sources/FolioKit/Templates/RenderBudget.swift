import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much one render of a theme's template may do: the items of lists it loops over, and the bytes of the values
/// it writes. Loops inside one another multiply: `{{#page.sections}}` six deep over 60 sections is 60⁶ items, and a
/// page's content written once for each section of a long page is gigabytes. Past either limit every list renders
/// as empty and every value as nothing, so the render ends at once, and the build reports the template.
///
/// The lists and values of a template context (`TemplateList`, `TemplateText`) are made far from the render and
/// rendered inside swift-mustache: they find the budget of the render in progress on their thread (`current`).
final class RenderBudget {
    static let maxItems = 1_000_000
    static let maxBytes = 100 << 20

    private(set) var items = 0
    private(set) var bytes = 0
    /// The template being rendered when the budget ran out, as `place` named it then.
    private(set) var exceededIn: String?
    private let place: () -> String?
    private var wasExceeded = false

    /// `place`: the template being rendered at the moment it is asked.
    init(place: @escaping () -> String? = { nil }) {
        self.place = place
    }

    var isExceeded: Bool { items > Self.maxItems || bytes > Self.maxBytes }

    /// One more item of a list; false once the budget is spent, and the list ends there.
    func spendItem() -> Bool {
        items += 1
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
