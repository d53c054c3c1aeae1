/// A fenced code block's language, as its info string names it (` ```swift `), mapped to a highlight.js grammar.
enum CodeLanguage {
    /// The grammars Folio loads, by highlight.js file name.
    static let grammars = [
        "swift", "objectivec", "cpp", "bash", "shell", "json", "yaml", "ini", "xml", "css", "javascript", "typescript",
        "python", "ruby", "go", "rust", "java", "kotlin", "sql", "diff", "markdown",
    ]

    private static let names: [String: String] = {
        var names: [String: String] = [:]
        for grammar in grammars { names[grammar] = grammar }
        let aliases: [String: [String]] = [
            "objectivec": ["objc", "objective-c", "obj-c", "m", "mm"],
            "cpp": ["c", "h", "c++", "cc", "cxx", "hpp", "hh", "h++"],
            "bash": ["sh", "zsh", "shell-script"],
            "shell": ["console", "shellsession", "shell-session", "terminal"],
            "json": ["jsonc", "json5"],
            "yaml": ["yml"],
            "ini": ["toml", "cfg", "conf"],
            "xml": ["html", "xhtml", "svg", "plist", "rss", "atom", "xsl", "mustache"],
            "javascript": ["js", "jsx", "mjs", "cjs", "node"],
            "typescript": ["ts", "tsx", "mts", "cts"],
            "python": ["py", "py3", "python3", "gyp"],
            "ruby": ["rb", "gemspec", "podspec", "rake"],
            "go": ["golang"],
            "rust": ["rs"],
            "java": ["jsp"],
            "kotlin": ["kt", "kts"],
            "sql": ["mysql", "postgresql", "postgres", "sqlite", "plsql"],
            "diff": ["patch"],
            "markdown": ["md", "mkd", "mdown"],
        ]
        for (grammar, list) in aliases { for alias in list { names[alias] = grammar } }
        return names
    }()

    /// The grammar for an info string's first word (case-insensitive), or nil: then the code stays plain.
    static func grammar(forInfo info: String) -> String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" || $0 == "," }).first ?? ""
        return names[word.lowercased()]
    }
}
