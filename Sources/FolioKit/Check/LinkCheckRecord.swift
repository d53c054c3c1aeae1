import Foundation

/// What the link check of the last build found, kept beside the build cache, so that the next build in which
/// nothing changed reports it again without reading every page's links and ids back and checking them (that was
/// half of a no-op build). A build that renders pages writes it on the other core while it saves its cache; a
/// `folio serve` rebuild does not (its next build is almost never one in which nothing changed).
///
/// Its key covers everything the check reads: the site key (theme, config, options), the fingerprint of every
/// page and static file, the other files of the output, and `--strict`.
struct LinkCheckRecord: Equatable {
    var key: UInt64
    var internalLinks: Int
    var external: ExternalLinks
    /// The broken links, as the check reported them.
    var findings: [Diagnostic]
    /// The check's note on broken links it gave no suggestion (`LinkHints`).
    var note: String? = nil
    /// Whether a finding's message looked for a Markdown file that is no page: the key does not cover a file skipped
    /// for its name, so an edit's check does not take such findings from the record (`SiteFacts.checkEdits`).
    var looksAtContentFiles = false

    static let format = "folio-links-3"

    static func key(siteKey: String, fingerprints: [String: FileFingerprint], files: Set<String>, strict: Bool)
        -> UInt64
    {
        var hash = StableHash()
        hash.add(siteKey)
        hash.add(strict ? "strict" : "lenient")
        for path in fingerprints.keys.sorted() {
            let print = fingerprints[path]!
            hash.add(path)
            hash.add("\(print.size) \(print.seconds) \(print.nanoseconds)")
        }
        for file in files.sorted() { hash.add(file) }
        return hash.value
    }

    /// `.folio-cache/links-….tsv`, beside the build cache it belongs to.
    static func location(buildCache path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "build-", with: "links-")
        return url.deletingLastPathComponent().appendingPathComponent(name + ".tsv").path
    }

    /// The record at `path` when its key is `key`: one of another state of the site is not decoded further than
    /// its key (a large site's record lists a hundred thousand links).
    static func load(from path: String, key: UInt64) -> LinkCheckRecord? {
        guard var text = CacheFolder.readChecked(path) else { return nil }
        return text.withUTF8 { decode($0, key: key) }
    }

    /// Written whole or not at all (a temporary file renamed over the old one), a piece at a time.
    func save(to path: String) {
        CacheFolder.write(to: path) { write in encode { piece in piece.withUnsafeBytes(write) } }
    }

    /// The record as its file's bytes.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        encode { bytes += $0 }
        return bytes
    }

    /// The file's bytes, in pieces of about 64 KB: a large site's record lists 130,000 external links, and it is
    /// written at the end of a build, when the build's memory is at its peak.
    func encode(_ emit: ([UInt8]) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(70_000)
        func emitPiece(over size: Int) {
            guard bytes.count > size else { return }
            emit(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        bytes += "\(Self.format)\nkey\t\(key)\ninternal\t\(internalLinks)\n".utf8
        for link in external {
            bytes += "external\t".utf8
            TabSeparatedLines.appendEscaped(link.url, to: &bytes)
            bytes.append(9)
            TabSeparatedLines.appendEscaped(link.path, to: &bytes)
            bytes.append(9)
            bytes.appendDecimal(link.line)
            bytes.append(9)
            bytes.appendDecimal(link.column)
            bytes.append(10)
            emitPiece(over: 65536)
        }
        if looksAtContentFiles { bytes += "content-files\n".utf8 }
        if let note {
            bytes += "note\t".utf8
            TabSeparatedLines.appendEscaped(note, to: &bytes)
            bytes.append(10)
        }
        for finding in findings {
            bytes += "finding\t\(finding.severity.rawValue)\t".utf8
            TabSeparatedLines.appendEscaped(finding.path, to: &bytes)
            bytes += "\t\(finding.line)\t\(finding.column)\t".utf8
            TabSeparatedLines.appendEscaped(finding.message, to: &bytes)
            bytes.append(10)
            emitPiece(over: 65536)
        }
        emitPiece(over: 0)
    }

    /// The record in `bytes`; nil when they are not one, or (given `key`) when its key is another.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, key wanted: UInt64? = nil) -> LinkCheckRecord? {
        var lines = TabSeparatedLines(bytes)
        guard let format = lines.next(), String(decoding: format, as: UTF8.self) == Self.format else { return nil }
        var record = LinkCheckRecord(key: 0, internalLinks: 0, external: [], findings: [])
        var hasKey = false
        var f: [UnsafeBufferPointer<UInt8>] = []
        // A page's links follow one another and many share an address: a field the same as the last link's is
        // the same String, not a new one (130,000 links on the bench corpus, from 10,000 pages, mostly one URL).
        var url = Repeated()
        var path = Repeated()
        while let line = lines.next() {
            TabSeparatedLines.fields(line, into: &f)
            if f.count == 5, TabSeparatedLines.equal(f[0], "external") {
                guard let line = TabSeparatedLines.integer(f[3]), let column = TabSeparatedLines.integer(f[4])
                else { return nil }
                record.external.append(url.string(f[1]), path: path.string(f[2]), line: Int(line), column: Int(column))
                continue
            }
            let f = f.map(TabSeparatedLines.string)
            switch f.first {
            case "key" where f.count == 2:
                guard let key = UInt64(f[1]), wanted == nil || key == wanted else { return nil }
                record.key = key
                hasKey = true
            case "internal" where f.count == 2:
                guard let count = Int(f[1]) else { return nil }
                record.internalLinks = count
            case "note" where f.count == 2:
                record.note = f[1]
            case "content-files" where f.count == 1:
                record.looksAtContentFiles = true
            case "finding" where f.count == 6:
                guard let severity = Diagnostic.Severity(rawValue: f[1]), let line = Int(f[3]), let column = Int(f[4])
                else { return nil }
                record.findings.append(
                    Diagnostic(path: f[2], line: line, column: column, severity: severity, message: f[5]))
            default:
                return nil
            }
        }
        return hasKey ? record : nil
    }

    /// The String of a field, kept for the next field with the same bytes.
    private struct Repeated {
        private var bytes: [UInt8] = []
        private var last = ""

        mutating func string(_ field: UnsafeBufferPointer<UInt8>) -> String {
            // Compared as memory: a generic comparison of the two was a tenth of a build with nothing changed.
            let same =
                field.count == bytes.count
                && (field.isEmpty
                    || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, field.baseAddress!, field.count) == 0 })
            if !same {
                bytes = Array(field)
                last = TabSeparatedLines.string(field)
            }
            return last
        }
    }
}
