/// The previous build's page facts, as `SiteFacts` looks them up: from memory in `folio serve`, else from the file,
/// where each page's lines stay text until the page is reused (decoding them all made an incremental build of
/// 10,000 pages hold every link of the site as objects).
struct CachedFacts: Sendable {
    private var entries: [String: PageFactsFile.Entry] = [:]
    private var records: [String: (fingerprint: FileFingerprint, text: Substring)] = [:]

    init(entries: [String: PageFactsFile.Entry]) {
        self.entries = entries
    }

    /// The file's pages, when it is of this format and of the build with `siteKey`.
    init?(file text: String, siteKey: String) {
        // Line by line without an array of them all (hundreds of thousands for a large site).
        var position = text.startIndex
        let lines = AnyIterator<Substring> {
            while position < text.endIndex {
                let end = text.utf8[position...].firstIndex(of: 10) ?? text.endIndex
                let line = text[position..<end]
                position = end < text.endIndex ? text.utf8.index(after: end) : end
                if !line.isEmpty { return line }
            }
            return nil
        }
        guard lines.next() == Substring(PageFactsFile.format), let key = lines.next(),
            key == PageFactsFile.header(siteKey: siteKey).split(separator: "\n").last
        else { return nil }
        var current: (path: String, fingerprint: FileFingerprint, start: String.Index)?
        func close(at end: String.Index) {
            guard let page = current else { return }
            records[page.path] = (page.fingerprint, text[page.start..<end])
        }
        while let line = lines.next() {
            guard line.hasPrefix("page\t") else { continue }
            close(at: line.startIndex)
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let size = Int64(fields[2]), let seconds = Int64(fields[3]),
                let nanoseconds = Int64(fields[4])
            else { return nil }
            // A path with a tab or newline is escaped; such a page is simply not found (and read again).
            current = (
                String(fields[1]), FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds),
                line.startIndex
            )
        }
        close(at: text.endIndex)
    }

    /// The page's facts when its file is unchanged, and the record's text when read from the file (written again as is).
    func entry(for path: String, fingerprint: FileFingerprint) -> (entry: PageFactsFile.Entry, record: String?)? {
        if let entry = entries[path] { return entry.fingerprint == fingerprint ? (entry, nil) : nil }
        guard let record = records[path], record.fingerprint == fingerprint,
            let entry = PageFactsFile.decode(PageFactsFile.header(siteKey: "") + record.text)?[path]
        else { return nil }
        return (entry, String(record.text))
    }
}
