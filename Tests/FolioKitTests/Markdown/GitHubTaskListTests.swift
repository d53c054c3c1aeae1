import Testing

@testable import FolioKit

@Suite struct GitHubTaskListTests {
    @Test func checkboxesAreDisabledWithTheTaskAsTheirName() {
        let html = gfmHTML("- [ ] open\n- [x] done\n")
        #expect(html.contains("<li><input type=\"checkbox\" disabled=\"\" aria-label=\"open\" /> open</li>"))
        #expect(
            html.contains("<li><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"done\" /> done</li>"))
    }

    @Test func looseItemsPutTheCheckboxBeforeTheParagraph() {
        let html = gfmHTML("- [X] one\n\n- [ ] two\n")
        #expect(
            html.contains(
                "<li>\n<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"one\" /> \n<p>one</p>"))
    }

    @Test func otherBracketsAreNotTasks() {
        #expect(gfmHTML("- [@] x\n- [ ]\n") == "<ul>\n<li>[@] x</li>\n<li>[ ]</li>\n</ul>\n")
    }

    /// A checklist template's empty task (`- [ ] `, with the space GitHub needs after the brackets) is a task, named.
    @Test func anEmptyTaskWithItsSpaceIsATask() {
        #expect(
            gfmHTML("- [ ] \n- [x]\t\n- [ ]\n")
                == "<ul>\n<li><input type=\"checkbox\" disabled=\"\" aria-label=\"Task\" /> </li>\n"
                + "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Task\" /> </li>\n<li>[ ]</li>\n</ul>\n"
        )
    }

    @Test func eachTaskIsARowWithItsText() {
        let output = model("## T\n\n- [ ] write *it*\n- [x] test\n")
        #expect(output.model.sections[0].rows.map(\.kind) == [.listItem, .listItem])
        #expect(output.model.sections[0].rows.map(\.text) == ["write it", "test"])
    }
}
