/// Resolves every property of a control instance with UIKit's rules, from rules compiled once.
///
/// Among the rules that match the instance, per property: the one whose outermost matched container is highest
/// on the page (nearest `Page`) wins; a tie goes to the longer chain, then to the later declaration (site after
/// theme, later line after earlier); an unscoped rule loses to any matching scoped one. The page's own
/// front matter values beat them all. This is UIKit's "outermost wins", not CSS's "nearest wins":
/// on a page declared `container: Gallery`, `PageControl in Gallery` beats `PageControl in PagedView in TabView`.
public struct AppearanceResolver: Sendable {
    /// A rule ready to match: its chain outermost first, its settings with their sources.
    struct CompiledRule: Sendable {
        var chain: [String]
        var order: Int
        var settings: [AppearanceRule.Setting]
    }

    /// Rules by component (`Component.allCases` order).
    private let rulesByComponent: [[CompiledRule]]

    /// Compiles `config`'s rules once; resolving then does no parsing.
    public init(_ config: AppearanceConfig) {
        rulesByComponent = Component.allCases.map { component in
            config.rules.filter { $0.component == component }.map {
                CompiledRule(chain: $0.containers.reversed(), order: $0.order, settings: $0.settings)
            }
        }
    }

    /// The resolved style of one control: each property's winning value and where it came from.
    public func resolve(_ instance: ControlInstance, page: PageAppearance? = nil) -> ResolvedStyle {
        let component = instance.component
        let rules = rulesByComponent[Component.allCases.firstIndex(of: component)!]
        var best: [AppearanceProperty: (rank: Rank, setting: AppearanceRule.Setting)] = [:]
        for rule in rules {
            guard let position = Self.match(rule.chain, in: instance.containers) else { continue }
            let rank = Rank(outermost: position, length: rule.chain.count, order: rule.order)
            for setting in rule.settings where best[setting.property].map({ rank.beats($0.rank) }) ?? true {
                best[setting.property] = (rank, setting)
            }
        }
        var values: [AppearanceProperty: ResolvedStyle.Value] = [:]
        for property in component.properties {
            if let own = page?.setting(for: property) {
                values[property] = .init(color: own.color, source: own.source)
            } else if let winner = best[property] {
                values[property] = .init(color: winner.setting.color, source: winner.setting.source)
            }
        }
        return ResolvedStyle(component: component, values: values)
    }

    /// How good a match is: lower `outermost` (nearer the page root) first, then longer chains, then later rules.
    struct Rank: Equatable {
        var outermost: Int
        var length: Int
        var order: Int

        func beats(_ other: Rank) -> Bool {
            if outermost != other.outermost { return outermost < other.outermost }
            if length != other.length { return length > other.length }
            return order > other.order
        }
    }

    /// Where a chain (outermost first) matches in `path` (outermost first), as ancestors at any depth:
    /// the index of its outermost container, placed as high as possible; `Int.max` for an unscoped rule;
    /// nil if it does not match.
    ///
    /// Matching greedily from the root gives every container its earliest possible place, so the outermost
    /// one lands as high as any placement allows.
    static func match(_ chain: [String], in path: [String]) -> Int? {
        guard !chain.isEmpty else { return Int.max }
        var index = 0
        var outermost: Int?
        for container in chain {
            while index < path.count, path[index] != container { index += 1 }
            guard index < path.count else { return nil }
            if outermost == nil { outermost = index }
            index += 1
        }
        return outermost
    }
}
