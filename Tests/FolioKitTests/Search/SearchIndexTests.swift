import Foundation
import Testing

@testable import FolioKit

@Suite struct SearchTextTests {
    @Test func wordsAreLowerCasedAndSplitAtPunctuation() {
        #expect(
            SearchText.tokens("Build the Site: `folio build --no-cache`!") == [
                "build", "the", "site", "folio", "build", "no", "cache",
            ])
    }

    @Test func diacriticsAndCaseFoldInEveryScript() {
        #expect(SearchText.tokens("Café CRÈME naïve Ärger") == ["cafe", "creme", "naive", "arger"])
        #expect(SearchText.tokens("ΚΑΛΗΜΈΡΑ") == ["καλημερα"])
        #expect(SearchText.fold("Ünïcödé") == "unicode")
        #expect(SearchText.tokens("हिन्दी भाषा") == ["हिन्दी", "भाषा"], "Indic vowel signs are part of the word")
    }

    @Test func combiningMarksWrittenSeparatelyFoldToo() {
        #expect(SearchText.tokens("cafe\u{301} au lait") == ["cafe", "au", "lait"])
    }

    /// The scanner finds words eight bytes at a time; a byte at a time, a word is a run of ASCII letters and
    /// digits and of bytes of longer UTF-8 sequences (whose runs the Unicode rules split).
    static func wordsByteByByte(_ text: String) -> [String] {
        var words: [String] = []
        var run: [UInt8] = []
        func flush() {
            guard !run.isEmpty else { return }
            if run.contains(where: { $0 >= 0x80 }) {
                words += SearchText.tokens(String(decoding: run, as: UTF8.self))
            } else {
                words.append(String(decoding: run, as: UTF8.self).lowercased())
            }
            run = []
        }
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5a, 0x61...0x7a, 0x80...: run.append(byte)
            default: flush()
            }
        }
        flush()
        return words
    }

    @Test func wordsAreFoundAlikeAtEveryOffsetAndLength() {
        var generator = SeededGenerator(state: 2026)
        // Every byte class, and the characters beside each range's ends: / 0 9 : @ A Z [ ` a z {.
        let alphabet = Array("/09:@AZ[`az{ \t\n-_.éÄ東京ß".unicodeScalars)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...200, using: &generator)
            let text = String(
                String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
            #expect(SearchText.tokens(text) == Self.wordsByteByByte(text), "\(text)")
        }
        for byte in UInt8(0)...UInt8(0x7f) {
            let text = "ab" + String(UnicodeScalar(byte)) + "Cd efghijklmnop" + String(UnicodeScalar(byte))
            #expect(SearchText.tokens(text) == Self.wordsByteByByte(text), "byte \(byte)")
        }
        for length in 1...140 {
            let word = String((0..<length).map { $0 % 3 == 0 ? "X" : "x" })
            let text = word + " Ab " + String(repeating: "é", count: length) + " " + word + "."
            #expect(SearchText.tokens(text) == Self.wordsByteByByte(text), "a run of \(length)")
        }
    }

    @Test func cjkRunsBecomeCharacterPairs() {
        #expect(SearchText.tokens("東京都に住む") == ["東京", "京都", "都に", "に住", "住む"])
        #expect(SearchText.tokens("日") == ["日"])
        #expect(SearchText.tokens("Folio文書です") == ["folio", "文書", "書で", "です"])
    }

    @Test func digitsAreWordsAndSymbolsAreNot() {
        #expect(SearchText.tokens("v2.0 — 100 % «ok» x_y") == ["v2", "0", "100", "ok", "x", "y"])
    }

    @Test func theHashTakenWhileScanningIsTheTermTablesHashOfTheFoldedWord() {
        // The index looks every word up by the hash the tokeniser took on the way: a capital, a diacritic or a
        // CJK pair hashed unfolded would file one word under two terms.
        // Words of eight and sixteen bytes (their hash ends on no byte), longer than the scanner's stack copy
        // (64 bytes), in capitals, and at the very end of the text (scanned a byte a step).
        let long = String(repeating: "Abcdefgh", count: 9)
        let text =
            "Build BUILD build Café CAFÉ x9Z 東京都 Ärger v2.0 Internationalization internationalization "
            + "ABCDEFGH abcdefgh Abcdefghijklmnop \(long) \(long.lowercased()), tail ABCDEFGH \(long) abcdefgh"
        var words: [String] = []
        var table = SearchTermTable(capacity: 4)
        SearchText.forEachToken(text) { word, hash in
            #expect(hash == SearchTermTable.hash(word), "\(String(decoding: word, as: UTF8.self))")
            words.append(String(decoding: word, as: UTF8.self))
            _ = table.slot(word, hash: hash)
        }
        #expect(words == SearchText.tokens(text))
        #expect(table.count == Set(words).count)
    }

    @Test func aShortWordsKeyFindsTheSameTermAsItsBytes() {
        // Words of one to seven bytes are looked up by their key (bytes and length in one number), longer ones by
        // their bytes: both must name one term once, whichever way it is first added.
        let text =
            "a A ab AB abc abcd abcdefg ABCDEFG abcdefgh abcdefghi b ba bab 7 77 x9Z X9z é Émile ab abcdefg, "
            + "oohrixj ttssdop oohrixj a"
        var keyed = SearchTermTable(capacity: 4)
        var plain = SearchTermTable(capacity: 4)
        var keyedSlots: [Int] = []
        var plainSlots: [Int] = []
        var shortWords = 0
        SearchText.forEachToken(text) { word, hash, key in
            var bytes: UInt64 = 0
            for (offset, byte) in word.enumerated() { bytes |= UInt64(byte) << (offset * 8) }
            if key != 0 {
                #expect(word.count < 8 && key == SearchTermTable.key(bytes, count: word.count))
                shortWords += 1
            }
            keyedSlots.append(keyed.slot(word, hash: hash, key: key))
            plainSlots.append(plain.slot(word))
        }
        #expect(shortWords >= 20)
        #expect(keyedSlots == plainSlots)
        #expect((0..<keyed.count).map { Array(keyed.term($0)) } == (0..<plain.count).map { Array(plain.term($0)) })
    }

    @Test func twoWordsWhoseHashesMeetInTheTableKeepTheirOwnSlots() {
        // Found by a search over random words: the same high half of the hash (what a table entry keeps) and the
        // same first position in a table of four, so the second word's probe reaches the first's entry and only
        // their bytes tell them apart.
        let first = Array("oohrixj".utf8)
        let second = Array("ttssdop".utf8)
        let hashes = [first, second].map { word in word.withUnsafeBufferPointer { SearchTermTable.hash($0) } }
        #expect(hashes[0] >> 32 == hashes[1] >> 32 && hashes[0] & 3 == hashes[1] & 3 && hashes[0] != hashes[1])
        var table = SearchTermTable(capacity: 4)
        let slots = [first, second, first, second].map { word in word.withUnsafeBufferPointer { table.slot($0) } }
        #expect(slots == [0, 1, 0, 1])
        #expect(table.term(1).elementsEqual(second))
        // And by their keys (seven bytes each), which differ where their tags do not.
        let keyed = [second, first, second].map { word in
            word.withUnsafeBufferPointer { bytes in
                let packed = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << ($1.offset * 8) }
                return table.slot(bytes, hash: SearchTermTable.hash(bytes), key: SearchTermTable.key(packed, count: 7))
            }
        }
        #expect(keyed == [1, 0, 1] && table.count == 2)
    }
}

@Suite struct SearchRecordTests {
    func records(_ markdown: String, view: ViewSpec, segments: [String] = ["Pages", "All"]) -> [SearchRecord] {
        var built = model(markdown).model
        built.view = view
        return SearchRecords.of(
            built,
            settings: PageSettings(title: "Guide", view: view, transition: .scroll, segments: segments, tabGroup: nil))
    }

    let tabs = "Intro text.\n\n## macOS\n\nUse brew.\n\n## Linux\n\nUse apt.\n\n### Debian\n\nSee dpkg.\n"

    @Test func oneRecordPerSectionAndOneForTheIntro() {
        let found = records(tabs, view: .list)
        #expect(found.map(\.anchor) == ["", "macos", "linux", "debian"])
        #expect(found.map(\.titles) == [[], ["macOS"], ["Linux"], ["Linux", "Debian"]])
        #expect(found[0].text == "Intro text.")
        #expect(found[2].text == "Use apt.", "a section's record holds its own rows, not its subsections'")
    }

    @Test func recordsSayWhichTabOrPageHoldsThem() {
        #expect(records(tabs, view: .init([.tabs])).map(\.place) == ["", "tab “macOS”", "tab “Linux”", "tab “Linux”"])
        #expect(records(tabs, view: .init([.paged])).map(\.place) == ["", "page 1 of 2", "page 2 of 2", "page 2 of 2"])
        #expect(
            records(tabs, view: .init([.tabs, .paged])).map(\.place) == [
                "", "tab “macOS”", "tab “Linux”", "tab “Linux”",
            ],
            "a single page shows no page control, so it is not named")
    }

    @Test func segmentedViewsLinkToTheAllList() {
        let found = records(tabs, view: .init([.segmented]), segments: ["Steps", "Everything"])
        #expect(found.map(\.anchor) == ["", "all-macos", "all-linux", "all-debian"])
        #expect(found[1].place == "Everything")
    }

    /// A result inside a segmented view inside another opens the copy the outer list shows, by the id it has there.
    @Test func aSegmentedViewInsideAnotherLinksToItsCopyInTheOuterList() {
        let found = records(tabs, view: .init([.segmented, .segmented]))
        #expect(found.map(\.anchor) == ["", "all-macos", "all-linux", "all-all2-debian"])
    }

    @Test(arguments: [ViewSpec.list, ViewSpec([.tabs]), ViewSpec([.paged]), ViewSpec([.segmented, .paged])])
    func aPageIndexedInOnePassIsTheSameAsFromItsRecords(view: ViewSpec) {
        let markdown = """
            Intro: Guide words, guide again. Café 東京都に住む.

            ## Apt {#apt}

            The apt tool, apt again, APT linux. Guide.

            ### Deeper apt

            Nested text, ünïcode, 100 % v2.0.

            ## Empty

            ## Último

            Words words words words words words words words words words words words words words.

            """
        var built = model(markdown).model
        built.view = view
        let settings = PageSettings(
            title: "Guide Apt", view: view, transition: .scroll, segments: ["A", "B"], tabGroup: nil)
        let onePass = SearchPage.make(built, settings: settings)
        let fromRecords = SearchPage.make(SearchRecords.of(built, settings: settings))
        #expect(onePass.page.records == 5)
        #expect(onePass.page == fromRecords.page)
        #expect(onePass.file == fromRecords.file)
    }

    @Test func oneWorkspaceForManyPagesGivesWhatEachPageGivesAlone() {
        // Pages of 3, 900 and 9,000 terms (more than a new workspace holds), then small pages again, which must not
        // see any term or tally of the pages before them; with the worker's terms kept, and forgotten past a limit.
        func words(_ count: Int, _ prefix: String) -> String {
            (0..<count).map { "\(prefix)\($0)" }.joined(separator: " ")
        }
        let pages = [
            "Alpha beta gamma.\n\n## Beta\n\nGamma.\n",
            "Lead.\n\n## Many\n\n" + words(600, "w") + "\n\n## More\n\n" + words(300, "w") + "\n",
            "## Huge\n\n" + words(9000, "h") + "\n",
            "Alpha.\n\n## W1 h2\n\nw2 w3 delta.\n",
        ]
        let settings = PageSettings(title: "Page", view: .list, transition: .scroll, segments: [], tabGroup: nil)
        for workspace in [SearchPage.Workspace(), SearchPage.Workspace(termLimit: 500)] {
            for markdown in pages + pages.reversed() {
                let built = model(markdown).model
                let reused = SearchPage.make(built, settings: settings, in: workspace)
                let alone = SearchPage.make(built, settings: settings)
                #expect(reused.page == alone.page)
                #expect(reused.file == alone.file)
                #expect(reused.page == SearchPage.make(SearchRecords.of(built, settings: settings)).page)
            }
        }
    }

    @Test func theCountsWorkersKeepOfTheirPagesTermsAreThoseCountedFromThePages() {
        func words(_ count: Int, _ prefix: String) -> String {
            (0..<count).map { "\(prefix)\($0)" }.joined(separator: " ")
        }
        // Pages sharing some words; the last one of more records than a page indexes (made another way).
        var pages = (0..<12).map {
            "Intro \($0) common.\n\n## Part \($0 % 3)\n\n" + words(40 + $0 * 7, "w") + " shared.\n"
        }
        pages.append((0..<300).map { "## Section \($0)\n\nword\($0) common.\n" }.joined(separator: "\n"))
        let settings = PageSettings(title: "Page", view: .list, transition: .scroll, segments: [], tabGroup: nil)
        var made: [SearchPage] = []
        var parts: [SearchTermCounts.Part] = []
        // Two workers' runs; the second forgets its terms past a limit, handing on the counts of those it forgot.
        for (run, workspace) in zip([0..<5, 5..<13], [SearchPage.Workspace(), SearchPage.Workspace(termLimit: 60)]) {
            for number in run {
                made.append(SearchPage.make(model(pages[number]).model, settings: settings, in: workspace).page)
            }
            parts += workspace.takeCounts(pages: run)
        }
        #expect(parts.count > 2, "the second worker forgot its terms at least once")
        func byTerm(_ counts: SearchTermCounts) -> [String: [Int]] {
            var terms: [String: [Int]] = [:]
            for slot in 0..<counts.terms.count {
                terms[String(decoding: counts.terms.term(slot), as: UTF8.self)] = [
                    counts.counts[slot], Int(counts.firstHalf[slot]),
                ]
            }
            return terms
        }
        // Cut between the runs, as the build cuts the pages in two.
        let fromWorkers = merged(parts, half: 5, recordCount: made.reduce(0) { $0 + $1.records })
        struct CutAt5: SearchPages {
            let pages: [SearchPage]
            var pageCount: Int { pages.count }
            var half: Int { 5 }
            func forEachPage(in numbers: Range<Int>, _ body: (Int, SearchPage) -> Void) {
                for number in numbers { body(number, pages[number]) }
            }
        }
        let fromPages = SearchTermCounts(pages: CutAt5(pages: made))
        #expect(byTerm(fromWorkers) == byTerm(fromPages))
        // Twelve intros, and every record of the long page but its intro (empty): the last holds the sections past
        // the limit.
        #expect(byTerm(fromWorkers)["common"] == [12 + SearchPage.recordLimit - 1, 5])
        #expect(fromWorkers.recordCount == fromPages.recordCount)
    }

    /// The counts of workers' runs of pages (`parts`, in page order) merged, the runs before `half` in its first half.
    func merged(_ parts: [SearchTermCounts.Part], half: Int, recordCount: Int) -> SearchTermCounts {
        var counts = SearchTermCounts()
        for part in parts { counts.add(part, firstHalf: part.pages.upperBound <= half) }
        counts.recordCount = recordCount
        return counts
    }

    @Test func runsCountedOutOfOrderAreMergedInPageOrderAndCutInTwoAtARunsStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-search-runs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = PageSettings(title: "Page", view: .list, transition: .scroll, segments: [], tabGroup: nil)
        // Each page has a word of its own and words shared with other runs' pages.
        let texts = (0..<12).map { "Intro p\($0) shared.\n\n## Part\n\nw\($0 % 5) x\($0 % 2) only\($0).\n" }
        let runs = [0..<3, 3..<5, 5..<9, 9..<12]
        let stream = try #require(
            SearchPageStream(cache: folder.path + "/search-k.txt", siteKey: "k", pageCount: texts.count))
        var partsOfRun: [[SearchTermCounts.Part]] = []
        for run in runs {
            let workspace = SearchPage.Workspace()
            for number in run {
                let made = SearchPage.make(model(texts[number]).model, settings: settings, in: workspace).page
                stream.add(made, number: number, sourcePath: "p\(number).md", fingerprint: .missing, counted: true)
            }
            partsOfRun.append(workspace.takeCounts(pages: run))
        }
        for index in [2, 0, 3, 1] { stream.addCounts(partsOfRun[index], run: runs[index]) }
        // Cut at the first run that starts at the middle (6) or after it.
        #expect(stream.half == 9)
        let merged = try #require(stream.takeCounts())
        let inOrder = self.merged(partsOfRun.flatMap { $0 }, half: 9, recordCount: merged.recordCount)
        func bySlot(_ counts: SearchTermCounts) -> [String] {
            (0..<counts.terms.count).map {
                "\(String(decoding: counts.terms.term($0), as: UTF8.self)) \(counts.counts[$0]) \(counts.firstHalf[$0])"
            }
        }
        #expect(bySlot(merged) == bySlot(inOrder), "the same terms in the same slots as runs added in order")
        #expect(bySlot(merged) == bySlot(SearchTermCounts(pages: stream)), "as counted again from the pages")
        #expect(bySlot(merged).contains("shared 12 9"))
        #expect(merged.recordCount == 24)
    }

    @Test func headingsOutweighBodyTextAndThePageTitleCountsMostOnTheIntro() {
        let found = records("Some words.\n\n## Apt\n\nThe apt tool, apt again, linux.\n", view: .list)
        func weight(_ term: String, _ record: Int) -> Int { found[record].terms.first { $0.term == term }?.weight ?? 0 }
        #expect(weight("apt", 1) > weight("linux", 1) * 5)
        #expect(weight("guide", 0) > weight("guide", 1))
        #expect(
            weight("guide", 1) > 0,
            "every section knows its page's title, so two-word queries can match page and section")
    }
}

@Suite struct SearchIndexTests {
    func record(_ url: String, _ terms: [String], anchor: String = "a") -> SearchRecord {
        SearchRecord(
            url: url, pageTitle: "P", anchor: anchor, titles: ["A"], place: "", text: "x",
            terms: terms.map { .init(term: $0, weight: 2) })
    }

    func page(_ url: String, _ terms: [String]...) -> SearchPage { SearchPage.make(terms.map { record(url, $0) }).page }

    /// A page's terms as `term record:weight …`, in the order the page stores them.
    func terms(_ page: SearchPage) -> [String] {
        var found: [String] = []
        page.eachTerm { word, pairs in
            let postings = stride(from: 0, to: pairs.count, by: 2).map { "\(pairs[$0]):\(pairs[$0 + 1])" }
            found.append(([String(decoding: word, as: UTF8.self)] + postings).joined(separator: " "))
        }
        return found
    }

    func file(_ index: SearchIndex, _ path: String) -> String? {
        index.files.first { $0.path.relative == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func termsGoToTheShardOfTheirFirstTwoLettersWithPageAndRecordInTheirIds() {
        let index = SearchIndex(pages: [page("/a/", ["folio", "fold", "apt"], ["folio"]), page("/b/", ["folio"])])
        // ids are page << 8 | record, as differences: 0 (page 0, record 0), 1 (page 0, record 1), 256 (page 1, record 0)
        #expect(file(index, "search/s/fo.js") == "folioSearch.s(\"fo\",{\"fold\":[0,2],\"folio\":[0,2,1,2,255,2]});\n")
        #expect(file(index, "search/s/ap.js") == "folioSearch.s(\"ap\",{\"apt\":[0,2]});\n")
        #expect(file(index, "search/index.js") == "folioSearch.i({\"v\":2,\"n\":3,\"shards\":[\"ap\",\"fo\"]});\n")
    }

    @Test func idDifferencesAndWeightsOfEveryLengthAreWrittenInFull() {
        // A term in record 0 of pages 0, 1, 5, 45 and 4,000, weighted 1, 9, 10, 12 and 99: differences of one to
        // seven digits (page << 8 | record), weights of one and two.
        let weights = [0: 1, 1: 9, 5: 10, 45: 12, 4000: 99]
        var pages = (0...4000).map { page("/p\($0)/", ["other"]) }
        for (number, weight) in weights {
            var record = record("/p\(number)/", [])
            record.terms = [.init(term: "digits", weight: weight)]
            pages[number] = SearchPage.make([record]).page
        }
        let index = SearchIndex(pages: pages)
        #expect(
            file(index, "search/s/di.js")
                == "folioSearch.s(\"di\",{\"digits\":[0,1,256,9,1024,10,10240,12,1012480,99]});\n")
    }

    @Test func aWordOnThousandsOfPagesHasEachPostingWrittenOnceAndInOrder() {
        // Written a run of postings at a time: 2,500 postings cross two runs' ends.
        let index = SearchIndex(pages: (0..<2500).map { page("/p\($0)/", ["every"]) })
        let postings = (["0,2"] + Array(repeating: "256,2", count: 2499)).joined(separator: ",")
        #expect(file(index, "search/s/ev.js") == "folioSearch.s(\"ev\",{\"every\":[\(postings)]});\n")
    }

    @Test func nonASCIIShardKeysAreHexFileNames() {
        let index = SearchIndex(pages: [page("/a/", ["東京", "é"])])
        #expect(file(index, "search/s/xe69db1.js") != nil)
        #expect(file(index, "search/s/xc3a9.js") != nil)
    }

    @Test func cjkPairsGoToTheShardOfTheirFirstCharacterAndALargeOneSplitsByPair() {
        // A CJK term is a pair of characters: grouped by both, each pair of a page of Chinese was a file of its own.
        let index = SearchIndex(pages: [page("/a/", ["東京", "東方", "東", "京都", "한국"])])
        let shards = index.files.map(\.path.relative).filter { $0.hasPrefix("search/s/") }.sorted()
        #expect(shards == ["search/s/xe4baac.js", "search/s/xe69db1.js", "search/s/xed959c.js"], "\(shards)")
        #expect(file(index, "search/s/xe69db1.js") == "folioSearch.s(\"東\",{\"東\":[0,2],\"東京\":[0,2],\"東方\":[0,2]});\n")
        #expect(file(index, "search/index.js")?.contains("\"shards\":[\"京\",\"東\",\"한\"]") == true)

        let large = SearchIndex(pages: (0..<4000).map { page("/p\($0)/", ["東京", "東方"]) })
        let split = large.files.map(\.path.relative).filter { $0.hasPrefix("search/s/") }.sorted()
        #expect(split == ["search/s/xe69db1e4baac.js", "search/s/xe69db1e696b9.js"], "\(split)")
    }

    @Test func aLargeShardSplitsByTheNextLetter() {
        let index = SearchIndex(pages: (0..<4000).map { page("/p\($0)/", ["config", "content", "co"]) })
        let shards = index.files.map(\.path.relative).filter { $0.hasPrefix("search/s/") }.sorted()
        #expect(
            shards == ["search/s/co.js", "search/s/conf.js", "search/s/cont.js"],
            "con is still too large, so it splits again")
        #expect(file(index, "search/s/cont.js")?.contains("\"content\":") == true)
        #expect(file(index, "search/index.js")?.contains("\"shards\":[\"co\",\"conf\",\"cont\"]") == true)
    }

    @Test func aPagesRecordFileHoldsWhatAResultShows() {
        let made = SearchPage.make([
            record("/guide/tabs/", ["x"], anchor: ""), record("/guide/tabs/", ["y"], anchor: "linux"),
        ])
        #expect(
            String(decoding: made.file, as: UTF8.self)
                == "folioSearch.r([[\"guide/tabs/\",\"P\",\"\",[\"A\"],\"\",\"x\"],[\"guide/tabs/\",\"P\",\"linux\",[\"A\"],\"\",\"x\"]]);\n"
        )
        #expect(terms(made.page) == ["x 0:2", "y 1:2"])
    }

    @Test func recordsBeyondTheLimitMergeIntoTheLast() {
        let many = (0..<300).map { record("/a/", ["w\($0)"]) }
        let made = SearchPage.make(many)
        #expect(made.page.records == SearchPage.recordLimit)
        #expect(terms(made.page).contains("w255 255:2") && terms(made.page).contains("w299 255:2"))
        #expect(terms(made.page).contains("w254 254:2"))
    }

    @Test func theIndexIsDeterministic() {
        let pages = (0..<50).map { page("/p\($0)/", ["w\($0 % 7)", "common", "ü\($0)"]) }
        #expect(SearchIndex(pages: pages).files.map(\.bytes) == SearchIndex(pages: pages).files.map(\.bytes))
    }

    @Test func anEditedPageChangesOnlyItsTermsShardsAndTheIndexEqualsACleanOne() {
        let before = (0..<40).map { page("/p\($0)/", ["alpha\($0 % 3)", "common"], ["beta", "zeta\($0)"]) }
        var after = before
        after[7] = page("/p7/", ["alpha1", "common", "gamma"], ["zeta7"])  // beta leaves, gamma comes
        after[20] = page("/p20/", ["alpha2"], ["beta", "zeta20", "zeta20b"])  // common leaves, zeta20b comes
        var state = SearchIndexState(siteKey: "k", pages: before)
        #expect(state.layOut() == nil, "a new index lays out every group")
        state.update(to: after)
        #expect(
            state.layOut() == ["be", "co", "ga", "ze"],
            "alpha's postings are as they were: its shard is not laid out again")
        #expect(SearchTermCounts.changedGroups(from: before, to: after) == ["be", "co", "ga", "ze"])
        #expect(SearchTermCounts.changedGroups(from: after, to: before) == ["be", "co", "ga", "ze"])
        #expect(SearchTermCounts.changedGroups(from: after, to: after).isEmpty)
        #expect(SearchIndex(state).files.map(\.path) == SearchIndex(pages: after).files.map(\.path))
        #expect(SearchIndex(state).files.map(\.bytes) == SearchIndex(pages: after).files.map(\.bytes))
        state.update(to: before)
        #expect(state.layOut() == ["be", "co", "ga", "ze"])
        #expect(
            SearchIndex(state).files.map(\.bytes) == SearchIndex(pages: before).files.map(\.bytes),
            "gamma's shard is gone again")
        #expect(SearchIndex(state).files.map(\.path) == SearchIndex(pages: before).files.map(\.path))
        #expect(state.layOut() == [], "nothing changed, nothing laid out")
    }

    @Test func postingsMadeABatchOfShardsAtATimeGiveTheIndexServeKeepsWhole() throws {
        // Groups of one shard and a group split into several ("co"), words of two bytes a letter and of three.
        let pages = (0..<2500).map {
            page(
                "/p\($0)/", ["alpha\($0 % 5)", "common", "content", "é\($0 % 11)", "東京"], ["beta\($0)", "co\($0 % 13)"])
        }
        var state = SearchIndexState(siteKey: "k", pages: pages)
        _ = state.layOut()
        let whole = SearchIndex(state).files
        #expect(whole.filter { $0.path.relative.hasPrefix("search/s/co") }.count > 2, "the co group is split")
        for limit in [1, 50, 1 << 20] {
            let batched = SearchIndex(pages: pages, batchLimit: limit).files
            #expect(batched.map(\.path) == whole.map(\.path))
            #expect(batched.map(\.bytes) == whole.map(\.bytes), "batches of \(limit) postings")
        }

        // A batch holds only its groups' postings, whatever groups lie between its first and last.
        let counts = SearchTermCounts(pages: pages)
        var shards = SearchShards()
        _ = shards.update(counts)
        let groups = shards.groups.map { (key: $0.key, shards: $0.value) }.sorted {
            $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
        let everyOther = groups.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let postings = SearchPostingsBatch(pages: pages, counts: counts, groups: everyOther)
        let inAnyOrder = SearchPostingsBatch(pages: pages, counts: counts, groups: everyOther.reversed())
        let expected = Dictionary(uniqueKeysWithValues: whole.map { ($0.path.relative, $0.bytes) })
        for shard in everyOther.flatMap(\.shards) {
            let path = SearchIndex.path(shard: shard.key).relative
            #expect(SearchShards.encode(shard, postings: postings) == expected[path], "\(path)")
            #expect(SearchShards.encode(shard, postings: inAnyOrder) == expected[path], "\(path), groups reversed")
        }
        let skipped = try #require(groups.dropFirst().first?.shards.first?.slots.first)
        #expect(postings.postings(skipped).ids.isEmpty)

        // Each term's postings in page order, the pages of both halves (placed by two cores) in their places.
        var expectedPostings: [[UInt8]: (ids: [UInt32], weights: [UInt8])] = [:]
        for (number, page) in pages.enumerated() {
            page.eachTerm { word, pairs in
                for index in stride(from: 0, to: pairs.count, by: 2) {
                    expectedPostings[Array(word), default: ([], [])].ids.append(
                        UInt32(number) << 8 | UInt32(pairs[index]))
                    expectedPostings[Array(word), default: ([], [])].weights.append(pairs[index + 1])
                }
            }
        }
        let every = SearchPostingsBatch(everyTermOf: pages, counts: counts)
        #expect(counts.terms.count == expectedPostings.count)
        for slot in 0..<counts.terms.count {
            let expected = try #require(expectedPostings[Array(counts.terms.term(slot))])
            #expect(Array(every.postings(slot).ids) == expected.ids)
            #expect(Array(every.postings(slot).weights) == expected.weights)
            #expect(counts.counts[slot] == expected.ids.count)
        }
        #expect(expectedPostings[Array("common".utf8)]?.ids.count == pages.count, "a term of every page")
    }

    @Test func textIsEscapedForJavaScript() {
        #expect(SearchIndex.literal("a\"b\\c\nd\u{2028}e") == "\"a\\\"b\\\\c\\nd\\u2028e\"")
    }

    @Test func otherControlsAndLineSeparatorsAreEscapedAndOtherTextKept() {
        // A tab, U+2029 at the very end, and a curly quote (whose UTF-8 also starts with 0xE2 0x80) left as it is.
        #expect(SearchIndex.literal("it’s\tok\u{2029}") == "\"it’s\\u0009ok\\u2029\"")
        #expect(SearchIndex.literal("") == "\"\"")
        var bytes = Array("x".utf8)
        SearchIndex.appendLiteral("é\u{1}", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\"é\\u0001\"")
    }

    @Test func escapesAreFoundWhereverTheyFallInTheEightByteSteps() throws {
        // The scan tests eight bytes at a time: each character that is escaped (or looks as if it might be), at
        // every offset of a long plain run, is written as JSON would write it, and a JavaScript parser reads back.
        for special in ["\"", "\\", "\n", "\u{1f}", "\u{7f}", "\u{2028}", "\u{2029}", "’", "—", " ", "é"] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19 - offset)
                let data = try JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
                let expected = String(decoding: data, as: UTF8.self).dropFirst().dropLast()
                    .replacingOccurrences(of: "\\/", with: "/")
                    .replacingOccurrences(of: "\u{1f}", with: "\\u001f")
                    .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
                    .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
                let literal = SearchIndex.literal(text)
                #expect(literal == expected, "\(special.unicodeScalars.first!.value) at \(offset)")
                let back = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed])
                #expect(back as? String == text)
            }
        }
    }

    @Test func theCacheFileRoundTrips() {
        var cache = SearchCache(siteKey: "k")
        cache.pages["a b.md"] = .init(
            fingerprint: FileFingerprint(size: 1, seconds: 2, nanoseconds: 3), number: 7,
            search: page("/a/", ["x", "y"], ["z"]))
        cache.files["search/index.js"] = (42, FileFingerprint(size: 4, seconds: 5, nanoseconds: 6))
        let back = SearchCache.decode(cache.encoded())
        #expect(back?.siteKey == "k")
        #expect(back?.pages["a b.md"]?.search == cache.pages["a b.md"]?.search)
        #expect(back?.pages["a b.md"]?.number == 7)
        #expect(back?.pages["a b.md"]?.fingerprint == cache.pages["a b.md"]?.fingerprint)
        #expect(back?.files["search/index.js"]?.hash == 42)
    }

    @Test func pagesWrittenOutAsTheyRenderAreReadBackInOrderAndBecomeTheSearchCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-search-stream-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/search-k.txt"
        var pages = (0..<300).map { page("/p\($0)/", ["word\($0)", "shared"], ["z\($0 % 3)"]) }
        // A page of more than the half megabyte read back at a time, between pages that fall on either side of it.
        pages[100] = page("/big/", (0..<120_000).map { "w\($0)" })
        #expect(pages[100].terms.count > 1 << 19)
        func fingerprint(_ number: Int) -> FileFingerprint {
            FileFingerprint(size: Int64(number), seconds: 1_700_000_000, nanoseconds: 5)
        }

        let stream = try #require(SearchPageStream(cache: path, siteKey: "k", pageCount: pages.count))
        for number in pages.indices.reversed() where number != 150 {
            stream.add(pages[number], number: number, sourcePath: "p\(number).md", fingerprint: fingerprint(number))
        }
        #expect(stream.missing == [150])
        stream.add(pages[150], number: 150, sourcePath: "p150.md", fingerprint: fingerprint(150))
        #expect(stream.missing.isEmpty)
        var back: [SearchPage] = []
        stream.forEachPage { number, page in
            #expect(number == back.count)
            back.append(page)
        }
        #expect(back == pages)
        #expect(SearchIndex(pages: stream).files.map(\.bytes) == SearchIndex(pages: pages).files.map(\.bytes))
        #expect(stream.failure == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "the cache is replaced only when the build is done")

        let files: [String: (hash: UInt64, file: FileFingerprint)] = [
            "search/index.js": (42, FileFingerprint(size: 4, seconds: 5, nanoseconds: 6))
        ]
        #expect(stream.finish(files: files))
        let cache = try #require(SearchCache.load(from: path))
        #expect(cache.siteKey == "k")
        #expect(cache.pages.count == pages.count)
        #expect(cache.pages["p100.md"]?.search == pages[100])
        #expect(cache.pages["p7.md"]?.number == 7 && cache.pages["p7.md"]?.fingerprint == fingerprint(7))
        #expect(cache.files["search/index.js"]?.hash == 42)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["search-k.txt"])
    }

    @Test func aBuildThatStopsBeforeItsEndLeavesThePreviousSearchCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-search-stream-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/search-k.txt"
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let stream = try #require(SearchPageStream(cache: path, siteKey: "k", pageCount: 2))
            try withExtendedLifetime(stream) { () throws in
                stream.add(page("/a/", ["x"]), number: 0, sourcePath: "a.md", fingerprint: .missing)
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["search-k.txt"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
    }

    @Test func aLargeCacheFileIsWrittenInPiecesLineByLineAndReadsBack() {
        var cache = SearchCache(siteKey: "k")
        for number in 0..<3000 {
            cache.pages["p\(number).md"] = .init(
                fingerprint: FileFingerprint(size: Int64(number), seconds: 1_700_000_000, nanoseconds: 999_999_999),
                number: number, search: page("/p\(number)/", ["word\(number)", "shared"], ["z"]))
        }
        cache.pages["two\nlines.md"] = cache.pages["p1.md"]
        var pieces = 0
        cache.encode { _ in pieces += 1 }
        #expect(pieces > 2)
        let bytes = cache.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("folio-search-cache-4 k\nP 0 1700000000 999999999 0 2 "))
        let last = cache.pages["p2999.md"]!.search
        #expect(text.contains("P 2999 1700000000 999999999 2999 2 \(last.terms.count) p2999.md\n"))
        let back = SearchCache.decode(bytes)
        #expect(back?.pages.count == 3000)
        #expect(back?.pages["p2999.md"]?.search == last)
        #expect(back?.pages["p2999.md"]?.number == 2999)
        #expect(back?.pages["two\nlines.md"] == nil)
    }
}
