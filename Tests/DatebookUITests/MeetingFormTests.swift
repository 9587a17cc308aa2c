import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The group-meeting form's rows of candidate times.
@Suite("Group meeting form")
struct MeetingFormTests {
    func form() throws -> MeetingFormPresenter {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential())
        return MeetingFormPresenter(store: store, clock: .fixed(Fixtures.now), dates: DateText(calendar: Fixtures.calendar))
    }

    func type(_ text: String, into form: MeetingFormPresenter) {
        for c in text { form.handle(.insert(c)) }
    }

    var timeLabels: (MeetingFormPresenter) -> [String] {
        { form in form.fields.compactMap { if case .slot = $0 { form.label($0) } else { nil } } }
    }

    @Test("typing in the empty last time adds another; rubbing it out takes the spare away, so Invitees stays a key away")
    func oneEmptyTimeAtTheEnd() throws {
        let form = try form()
        form.handle(.nextField)
        form.handle(.nextField)
        #expect(form.focusedField == .slot(0))
        type("mon 10-12", into: form)
        #expect(timeLabels(form) == ["Time 1", "Time 2"])
        form.handle(.nextField)
        type("ana", into: form)  // meant for Invitees, typed into Time 2
        #expect(timeLabels(form) == ["Time 1", "Time 2", "Time 3"])
        form.handle(.deleteToStart)
        #expect(timeLabels(form) == ["Time 1", "Time 2"])
        #expect(form.focusedField == .slot(1))
        form.handle(.nextField)
        #expect(form.focusedField == .invitees)
        // Emptying the first time too leaves the one empty row a form starts with.
        form.handle(.previousField)
        form.handle(.previousField)
        form.handle(.deleteToStart)
        #expect(timeLabels(form) == ["Time 1"])
        #expect(form.draft.slots == [""])
    }
}
