import DatebookKit
import DatebookTerminal
import Testing

@testable import DatebookUI

@Suite("Key table")
struct KeyTableTests {
    let table = KeyTable.standard

    @Test("global keys switch tabs and open menus from lists", arguments: [Mode.list, .history, .details, .placeholder])
    func globalKeys(mode: Mode) {
        #expect(table.intent(for: .char("1"), in: mode) == .switchTab(.events))
        #expect(table.intent(for: .char("5"), in: mode) == .switchTab(.contacts))
        #expect(table.intent(for: .tab, in: mode) == .nextTab)
        #expect(table.intent(for: .backTab, in: mode) == .previousTab)
        #expect(table.intent(for: .char("n"), in: mode) == .newRequested)
        #expect(table.intent(for: .char("?"), in: mode) == .helpRequested)
        #expect(table.intent(for: .char("q"), in: mode) == .quitOrBack)
    }

    @Test("list keys")
    func listKeys() {
        #expect(table.intent(for: .char("j"), in: .list) == .moveDown)
        #expect(table.intent(for: .down, in: .list) == .moveDown)
        #expect(table.intent(for: .char("k"), in: .list) == .moveUp)
        #expect(table.intent(for: .char("g"), in: .list) == .moveTop)
        #expect(table.intent(for: .char("G"), in: .list) == .moveBottom)
        #expect(table.intent(for: .pageDown, in: .list) == .pageDown)
        #expect(table.intent(for: .enter, in: .list) == .open)
        #expect(table.intent(for: .char("e"), in: .list) == .edit)
        #expect(table.intent(for: .char("d"), in: .list) == .delete)
        #expect(table.intent(for: .char("x"), in: .list) == .toggleComplete)
        #expect(table.intent(for: .char(" "), in: .list) == .toggleComplete)
        #expect(table.intent(for: .char("h"), in: .list) == .command(.history))
        #expect(table.intent(for: .char("z"), in: .list) == nil)
    }

    @Test("in a form, letters are typed, not commands")
    func formTakesText() {
        for c in "qn1?hxe é会🎉" {
            #expect(table.intent(for: .char(c), in: .form) == .insert(c))
        }
        #expect(table.intent(for: .tab, in: .form) == .nextField)
        #expect(table.intent(for: .backTab, in: .form) == .previousField)
        #expect(table.intent(for: .ctrl("s"), in: .form) == .save)
        #expect(table.intent(for: .escape, in: .form) == .back)
        #expect(table.intent(for: .enter, in: .form) == .submit)
        #expect(table.intent(for: .backspace, in: .form) == .deleteBackward)
        #expect(table.intent(for: .home, in: .form) == .cursorHome)
    }

    @Test("History sets items back to not completed and is read-only")
    func historyKeys() {
        #expect(table.intent(for: .char("x"), in: .history) == .toggleComplete)
        #expect(table.intent(for: .char("u"), in: .history) == .toggleComplete)
        #expect(table.intent(for: .escape, in: .history) == .back)
        #expect(table.footer(for: .history).allSatisfy { $0.intent != .edit })
    }

    @Test("questions take y and n, Esc says no")
    func questionKeys() {
        #expect(table.intent(for: .char("y"), in: .confirm) == .answerYes)
        #expect(table.intent(for: .char("n"), in: .confirm) == .answerNo)
        #expect(table.intent(for: .escape, in: .confirm) == .answerNo)
        #expect(table.intent(for: .char("1"), in: .confirm) == nil)
    }

    @Test("the footer is drawn from the same bindings that dispatch")
    func footerComesFromTable() {
        for mode in table.modes {
            for binding in table.footer(for: mode) {
                for key in binding.keys {
                    #expect(table.intent(for: key, in: mode) == binding.intent, "\(binding.keyLabel) in \(mode)")
                }
            }
        }
        #expect(table.footer(for: .list).map(\.help).contains("New"))
        #expect(table.footer(for: .form).map(\.help).contains("Save"))
    }

    @Test("a key bound in two scopes to the same thing is listed once in the help")
    func helpListsEachKeyOnce() {
        let everywhere = table.helpSections().first { $0.title == "Everywhere" }?.entries ?? []
        #expect(everywhere.filter { $0.help == "Help" }.map(\.keys) == ["?/F1"])
        // F1 still opens the help where ? is typed as text.
        #expect(table.intent(for: .function(1), in: .form) == .helpRequested)
        #expect(table.intent(for: .char("?"), in: .form) != .helpRequested)
    }

    @Test("the help lists the keys of the screen it was asked from right after the global ones")
    func helpStartsWithTheScreensKeys() throws {
        let sections = table.helpSections(first: .contactProfile).map(\.title)
        #expect(sections.prefix(2) == ["Everywhere", Mode.contactProfile.helpTitle])
        #expect(Set(sections) == Set(table.helpSections().map(\.title)))
        // In the planner: ? on a contact's profile.
        let (app, store) = try Fixtures.app()
        _ = try store.save(Contact(id: Fixtures.id(1100), displayName: "Ana Lima", created: Fixtures.now))
        app.send(.switchTab(.contacts), .open, .helpRequested)
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains(Mode.contactProfile.helpTitle), "\(screen)")
    }

    @Test("no key is bound twice in one mode")
    func noConflicts() {
        for mode in table.modes {
            var seen: [Key: Intent] = [:]
            for binding in table.bindings(for: mode) {
                for key in binding.keys {
                    if let earlier = seen[key] {
                        Issue.record("\(KeyBinding.label(key)) in \(mode) means both \(earlier) and \(binding.intent)")
                    }
                    seen[key] = binding.intent
                }
            }
        }
    }
}
