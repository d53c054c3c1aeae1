/// The previous build's page facts, as `SiteFacts` looks them up from the file, where each page's lines stay text
/// until the page is reused (decoding them all made an incremental build of 10,000 pages hold every link of the
/// site as objects). `folio serve` takes its last build's from memory instead (`SiteFacts.Kept`).
struct CachedFacts: Sendable {
    /// The file's text, and each page's fingerprint and lines in it (as UTF-8 offsets).
    private var text = ""
    private var records: [String: (fingerprint: FileFingerprint, bytes: Range<Int>)] = [:]

    init() {}

    /// The file's pages, when it is of this format and of the build with `siteKey`.
    init?(file text: String, siteKey: String) {
        var text = text
        let header = Array(PageFactsFile.header(siteKey: siteKey).utf8)
        var records: [String: (fingerprint: FileFingerprint, bytes: Range<Int>)] = [:]
        // Only the `page` lines are read now, on bytes: the rest stays text until its page is reused.
        let valid = text.withUTF8 { bytes -> Bool in
            guard bytes.starts(with: header) else { return false }
            var lines = TabSeparatedLines(UnsafeBufferPointer(rebasing: bytes[header.count...]))
            var current: (path: String, fingerprint: FileFingerprint, start: Int)?
            func close(at end: Int) {
                guard let page = current else { return }
                records[page.path] = (page.fingerprint, page.start..<end)
            }
            while let line = lines.next() {
                guard TabSeparatedLines.starts(line, with: "page\t") else { continue }
                let start = bytes.baseAddress.map { line.baseAddress! - $0 } ?? 0
                close(at: start)
                let fields = TabSeparatedLines.fields(line)
                guard fields.count == 6, let size = TabSeparatedLines.integer(fields[2]),
                    let seconds = TabSeparatedLines.integer(fields[3]),
                    let nanoseconds = TabSeparatedLines.integer(fields[4])
                else { return false }
                // A path with a tab or newline is escaped; such a page is simply not found (and read again).
                current = (
                    String(decoding: fields[1], as: UTF8.self),
                    FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds), start
                )
            }
            close(at: bytes.count)
            return true
        }
        guard valid else { return nil }
        self.text = text
        self.records = records
    }

    /// The page's facts when its file is unchanged, and the record's text when read from the file (written again as is).
    func entry(for path: String, fingerprint: FileFingerprint) -> (entry: PageFactsFile.Entry, record: String?)? {
        guard let record = records[path], record.fingerprint == fingerprint else { return nil }
        // The record's bytes where they lie in the file's text (a native String: `withUTF8` copies nothing).
        var text = text
        return text.withUTF8 { bytes in
            let lines = UnsafeBufferPointer(rebasing: bytes[record.bytes])
            return PageFactsFile.decodeRecords(lines)?[path].map { ($0, String(decoding: lines, as: UTF8.self)) }
        }
    }
}
