import Testing

@testable import FolioKit

@Suite struct SearchTextTests {
    @Test func wordsAreLowerCasedAndSplitAtPunctuation() {
        #expect(SearchText.tokens("Build the Site: `folio build --no-cache`!") == ["build", "the", "site", "folio", "build", "no", "cache"])
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

    @Test func cjkRunsBecomeCharacterPairs() {
        #expect(SearchText.tokens("東京都に住む") == ["東京", "京都", "都に", "に住", "住む"])
        #expect(SearchText.tokens("日") == ["日"])
        #expect(SearchText.tokens("Folio文書です") == ["folio", "文書", "書で", "です"])
    }

    @Test func digitsAreWordsAndSymbolsAreNot() {
        #expect(SearchText.tokens("v2.0 — 100 % «ok» x_y") == ["v2", "0", "100", "ok", "x", "y"])
    }
}

@Suite struct SearchRecordTests {
    func records(_ markdown: String, view: ViewSpec, segments: [String] = ["Pages", "All"]) -> [SearchRecord] {
        var built = model(markdown).model
        built.view = view
        return SearchRecords.of(built, settings: PageSettings(title: "Guide", view: view, transition: .scroll, segments: segments, tabGroup: nil))
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
        #expect(records(tabs, view: .init([.tabs, .paged])).map(\.place) == ["", "tab “macOS”", "tab “Linux”", "tab “Linux”"],
            "a single page shows no page control, so it is not named")
    }

    @Test func segmentedViewsLinkToTheAllList() {
        let found = records(tabs, view: .init([.segmented]), segments: ["Steps", "Everything"])
        #expect(found.map(\.anchor) == ["", "all-macos", "all-linux", "all-debian"])
        #expect(found[1].place == "Everything")
    }

    @Test func headingsOutweighBodyTextAndThePageTitleCountsMostOnTheIntro() {
        let found = records("Some words.\n\n## Apt\n\nThe apt tool, apt again, linux.\n", view: .list)
        func weight(_ term: String, _ record: Int) -> Int { found[record].terms.first { $0.term == term }?.weight ?? 0 }
        #expect(weight("apt", 1) > weight("linux", 1) * 5)
        #expect(weight("guide", 0) > weight("guide", 1))
        #expect(weight("guide", 1) > 0, "every section knows its page's title, so two-word queries can match page and section")
    }
}

@Suite struct SearchIndexTests {
    func entry(_ url: String, _ terms: [String]) -> SearchEntry {
        SearchEntry(SearchRecord(url: url, pageTitle: "P", anchor: "a", titles: ["A"], place: "", text: "x",
            terms: terms.map { .init(term: $0, weight: 2) }))
    }

    func file(_ index: SearchIndex, _ path: String) -> String? {
        index.files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func termsGoToTheShardOfTheirFirstTwoLetters() {
        let index = SearchIndex(pages: [[entry("/a/", ["folio", "fold", "apt"])], [entry("/b/", ["folio"])]])
        #expect(file(index, "search/s/fo.js") == "folioSearch.s(\"fo\",{\"fold\":[0,2],\"folio\":[0,2,1,2]});\n")
        #expect(file(index, "search/s/ap.js") == "folioSearch.s(\"ap\",{\"apt\":[0,2]});\n")
        #expect(file(index, "search/index.js")!.contains("\"n\":2,\"chunk\":16,\"shards\":[\"ap\",\"fo\"]"))
    }

    @Test func nonASCIIShardKeysAreHexFileNames() {
        let index = SearchIndex(pages: [[entry("/a/", ["東京", "é"])]])
        #expect(file(index, "search/s/xe69db1e4baac.js") != nil)
        #expect(file(index, "search/s/xc3a9.js") != nil)
    }

    @Test func aLargeShardSplitsByTheNextLetter() {
        let many = (0..<4000).map { [entry("/p\($0)/", ["config", "content", "co"])] }
        let index = SearchIndex(pages: many)
        let shards = index.files.map(\.path).filter { $0.hasPrefix("search/s/") }.sorted()
        #expect(shards == ["search/s/co.js", "search/s/conf.js", "search/s/cont.js"], "con is still too large, so it splits again")
        #expect(file(index, "search/s/cont.js")?.contains("\"content\":") == true)
        #expect(file(index, "search/index.js")?.contains("\"shards\":[\"co\",\"conf\",\"cont\"]") == true)
    }

    @Test func recordsAreChunkedInOrder() {
        let index = SearchIndex(pages: (0..<20).map { [entry("/p\($0)/", ["word"])] })
        #expect(file(index, "search/r/0.js")!.hasPrefix("folioSearch.r(0,[[\"p0/\",\"P\",\"a\",[\"A\"],\"\",\"x\"],"))
        #expect(file(index, "search/r/1.js")!.hasPrefix("folioSearch.r(1,[[\"p16/\""))
        #expect(file(index, "search/s/wo.js")! == "folioSearch.s(\"wo\",{\"word\":[0,2" + String(repeating: ",1,2", count: 19) + "]});\n",
            "ids are deltas")
    }

    @Test func theIndexIsDeterministic() {
        let pages = (0..<50).map { [entry("/p\($0)/", ["w\($0 % 7)", "common", "ü\($0)"])] }
        #expect(SearchIndex(pages: pages).files.map(\.bytes) == SearchIndex(pages: pages).files.map(\.bytes))
    }

    @Test func aPagesFurtherRecordsHaveNegativeDeltas() {
        let index = SearchIndex(pages: [[entry("/a/", ["word"]), entry("/a/", ["word"])], [entry("/b/", ["word"])]])
        #expect(file(index, "search/s/wo.js") == "folioSearch.s(\"wo\",{\"word\":[0,2,-1,2,1,2]});\n")
    }

    @Test func textIsEscapedForJavaScript() {
        #expect(SearchIndex.literal("a\"b\\c\nd\u{2028}e") == "\"a\\\"b\\\\c\\nd\\u2028e\"")
    }

    @Test func theCacheFileRoundTrips() {
        var cache = SearchCache(siteKey: "k")
        cache.pages["a.md"] = .init(fingerprint: FileFingerprint(size: 1, seconds: 2, nanoseconds: 3), entries: [entry("/a/", ["x", "y"])])
        cache.files["search/index.js"] = (42, FileFingerprint(size: 4, seconds: 5, nanoseconds: 6))
        let back = SearchCache.decode(cache.encoded())
        #expect(back?.siteKey == "k")
        #expect(back?.pages["a.md"]?.entries == cache.pages["a.md"]?.entries)
        #expect(back?.pages["a.md"]?.fingerprint == cache.pages["a.md"]?.fingerprint)
        #expect(back?.files["search/index.js"]?.hash == 42)
    }
}
