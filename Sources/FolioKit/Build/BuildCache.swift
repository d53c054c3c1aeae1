import Foundation

/// What the last successful build produced, so the next one renders only what changed (`.folio-cache/`).
struct BuildCache: Sendable {
    /// Bumped whenever the cache's meaning changes; with the folio version it is part of every key.
    static let format = "folio-cache-6"

    /// A page as it was built: enough to list and link it, and to republish its output without rendering it.
    ///
    /// A value held in one reference (copied on write): a build of 100,000 pages holds every page's record at once,
    /// in the render's results and in dictionaries by path, where 200 bytes each inline took a dictionary of
    /// 262,144 slots to 57 MB.
    struct PageRecord: Sendable {
        private struct Fields {
            var fingerprint: FileFingerprint
            var url: String
            var title: String
            var listing: PageListing
            var sections: Int
            var views: Int
            var frontDiagnostics: [CachedDiagnostic]
            var renderDiagnostics: [CachedDiagnostic]
            var styles: [CachedStyle]
        }

        /// Changed only through `unique()`, which copies it first when another record shares it.
        private final class Box: @unchecked Sendable {
            var fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        private var box: Box

        init(
            fingerprint: FileFingerprint, url: String, title: String, listing: PageListing, sections: Int, views: Int,
            frontDiagnostics: [CachedDiagnostic], renderDiagnostics: [CachedDiagnostic], styles: [CachedStyle]
        ) {
            box = Box(
                Fields(
                    fingerprint: fingerprint, url: url, title: title, listing: listing, sections: sections,
                    views: views, frontDiagnostics: frontDiagnostics, renderDiagnostics: renderDiagnostics,
                    styles: styles))
        }

        private mutating func unique() -> Box {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            return box
        }

        var fingerprint: FileFingerprint { box.fields.fingerprint }
        var url: String { box.fields.url }
        var title: String { box.fields.title }
        var listing: PageListing { box.fields.listing }
        var sections: Int { box.fields.sections }
        var views: Int { box.fields.views }
        /// Problems of the front matter, and of the Markdown and views, as reported when the page was read.
        var frontDiagnostics: [CachedDiagnostic] {
            get { box.fields.frontDiagnostics }
            set { unique().fields.frontDiagnostics = newValue }
        }
        var renderDiagnostics: [CachedDiagnostic] {
            get { box.fields.renderDiagnostics }
            set { unique().fields.renderDiagnostics = newValue }
        }
        var styles: [CachedStyle] {
            get { box.fields.styles }
            set { unique().fields.styles = newValue }
        }
    }

    struct CachedDiagnostic: Sendable {
        var path: String
        var line: Int
        var column: Int
        var warning: Bool
        var message: String

        init(path: String, line: Int, column: Int, warning: Bool, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.warning = warning
            self.message = message
        }

        init(_ diagnostic: Diagnostic) {
            path = diagnostic.path
            line = diagnostic.line
            column = diagnostic.column
            warning = diagnostic.severity == .warning
            message = diagnostic.message
        }

        var diagnostic: Diagnostic {
            Diagnostic(path: path, line: line, column: column, severity: warning ? .warning : .error, message: message)
        }
    }

    /// An appearance style as text: component, then `property=light/dark` in rgba hex.
    struct CachedStyle: Sendable {
        let component: String
        let colors: [String: [UInt32]]
        /// The style itself, made once: the cache file names each style once for all the pages that use it, and
        /// every unchanged page hands its styles to the build again (making one formats and hashes its colors).
        let style: AppearanceStyle?
        /// Its name in the cache file (a hash of its component and colors), made once with it: the file is written
        /// after every build that renders, with every page's styles, most of them the unchanged pages'.
        let name: String

        init(_ style: AppearanceStyle) {
            component = style.component.rawValue
            colors = Dictionary(
                uniqueKeysWithValues: style.colors.map { property, color in
                    (property.qualifiedName, [Self.pack(color.light), Self.pack(color.dark)])
                })
            self.style = style
            name = Self.name(component: component, colors: colors)
        }

        init(component: String, colors: [String: [UInt32]]) {
            self.component = component
            self.colors = colors
            style = Self.style(component: component, colors: colors)
            name = Self.name(component: component, colors: colors)
        }

        private static func name(component: String, colors: [String: [UInt32]]) -> String {
            var hash = StableHash()
            hash.add(component)
            for key in colors.keys.sorted() {
                hash.add(key)
                hash.add(colors[key]!.map(String.init).joined(separator: "/"))
            }
            return hash.hex
        }

        private static func style(component: String, colors: [String: [UInt32]]) -> AppearanceStyle? {
            guard let component = Component(rawValue: component) else { return nil }
            var values: [AppearanceProperty: DynamicColor] = [:]
            for property in AppearanceProperty.allCases {
                guard let packed = colors[property.qualifiedName], packed.count == 2 else { continue }
                values[property] = DynamicColor(light: Self.unpack(packed[0]), dark: Self.unpack(packed[1]))
            }
            return AppearanceStyle(component: component, colors: values)
        }

        private static func pack(_ color: Color) -> UInt32 {
            UInt32(color.red) << 24 | UInt32(color.green) << 16 | UInt32(color.blue) << 8 | UInt32(color.alpha)
        }

        private static func unpack(_ value: UInt32) -> Color {
            Color(
                red: UInt8(value >> 24 & 0xff), green: UInt8(value >> 16 & 0xff), blue: UInt8(value >> 8 & 0xff),
                alpha: UInt8(value & 0xff))
        }
    }

    /// Each distinct style made once for all the pages of a build that use it: a site's pages share a few styles,
    /// and made for each page they cost about a kilobyte a page, kept until the cache is saved.
    final class CachedStyles: @unchecked Sendable {
        private let lock = NSLock()
        private var styles: [String: CachedStyle] = [:]

        func cached(_ style: AppearanceStyle) -> CachedStyle {
            lock.lock()
            defer { lock.unlock() }
            if let known = styles[style.className] { return known }
            let made = CachedStyle(style)
            styles[style.className] = made
            return made
        }
    }

    var format = BuildCache.format
    /// Everything every page depends on: theme, appearance, site config, options, and the site's index of pages.
    var siteKey: String
    var pages: [String: PageRecord]
    var staticFiles: [String: FileFingerprint]
    /// The output folder's device and inode once the build that wrote the cache had published it. A build stopped
    /// after it swapped a new output in and before it wrote its cache leaves the last build's cache beside an output
    /// it does not describe (the new output's files its records do not know would stay for good): such a cache is
    /// not used (`describes`).
    var output: [Int]? = nil

    /// Whether this cache was written for the output folder at `path` as it is: the same folder, not one swapped in
    /// since.
    func describes(output path: String) -> Bool {
        output != nil && output == FileSystem.identity(of: path)
    }

    /// Where the cache of a build into `output` from `content` lives: `.folio-cache/` beside the content folder.
    static func location(content: String, output: String) -> String {
        let contentURL = URL(fileURLWithPath: content).standardizedFileURL
        var key = StableHash()
        key.add(URL(fileURLWithPath: output).standardizedFileURL.path)
        key.add(contentURL.path)
        return contentURL.deletingLastPathComponent().path + "/.folio-cache/build-" + key.hex + ".json"
    }

    static func load(from path: String) -> BuildCache? {
        CacheFolder.readChecked(path).flatMap(CacheFile.decode)
    }

    func save(to path: String) {
        CacheFolder.write(to: path) { write in CacheFile.encode(self, write) }
    }

    static func remove(at path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension PageSource {
    /// A page known from the cache: everything the site reads of it before it is modelled.
    init(sourcePath: String, root: String, record: BuildCache.PageRecord) {
        self.init(
            sourcePath: sourcePath, displayPath: FileTree.display(root, sourcePath), url: record.url,
            title: record.title, listing: record.listing)
    }
}
