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
        let end = Array(PageFactsFile.end.utf8)
        let valid = text.withUTF8 { whole -> Bool in
            guard whole.starts(with: header), whole.count >= header.count + end.count,
                whole.suffix(end.count).elementsEqual(end)
            else { return false }
            // The records: between the header and the `end` line that shows the file whole.
            let bytes = UnsafeBufferPointer(rebasing: whole[..<(whole.count - end.count)])
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

    /// Calls `body` with the page's record — its lines, where they lie in the file's text — when its file is
    /// unchanged.
    func withRecord<T>(
        for path: String, fingerprint: FileFingerprint, _ body: (UnsafeBufferPointer<UInt8>) -> T?
    ) -> T? {
        guard let record = records[path], record.fingerprint == fingerprint else { return nil }
        // A native String: `withUTF8` copies nothing.
        var text = text
        return text.withUTF8 { body(UnsafeBufferPointer(rebasing: $0[record.bytes])) }
    }

    /// The page's facts, whole, when its file is unchanged.
    func entry(for path: String, fingerprint: FileFingerprint) -> PageFactsFile.Entry? {
        withRecord(for: path, fingerprint: fingerprint) { PageFactsFile.decodeRecords($0)?[path] }
    }
}
