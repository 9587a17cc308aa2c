import DatebookKit
import DatebookTerminal

/// Draws the group-meeting form: one line per field with its problem under it, the contacts
/// matching what is typed under Invitees.
public enum MeetingFormView {
    static let labelWidth = 12

    public static func render(_ form: MeetingFormPresenter, into grid: inout Grid, area: Rect) -> Drawing<MeetingDraft.Field> {
        let heading = form.original == nil ? "New group meeting" : "Edit group meeting"
        guard let body = FormLayout.heading(heading, into: &grid, area: area) else { return Drawing() }
        // Lines: a field, its problem, and the suggestions under Invitees.
        enum Line { case field(MeetingDraft.Field), problem(MeetingDraft.Field), suggestion(Int) }
        var lines: [Line] = []
        for field in form.fields {
            lines.append(.field(field))
            if form.problems[field] != nil { lines.append(.problem(field)) }
            if field == .invitees, field == form.focusedField {
                lines += form.suggestions.indices.map { Line.suggestion($0) }
            }
        }
        let focusLine = lines.firstIndex { if case .field(let f) = $0 { return f == form.focusedField }; return false } ?? 0
        let first = max(0, focusLine - body.height + 3)
        let fieldX = body.x + labelWidth + 1
        let fieldWidth = max(1, min(area.maxX - fieldX - 1, 52))
        var cursor: Point?
        var clicks: [ClickArea<MeetingDraft.Field>] = []
        for (n, line) in lines.dropFirst(first).enumerated() where n < body.height {
            let y = body.y + n
            switch line {
            case .field(let field):
                let focused = field == form.focusedField
                let label = form.label(field)
                let labelStyle = focused ? Theme.heading : (form.problems[field] != nil ? Theme.error : Theme.label)
                grid.put(label, x: body.x + max(0, labelWidth - 1 - DisplayWidth.of(label)), y: y, style: labelStyle)
                let x = form.editor(field).render(into: &grid, x: fieldX, y: y, width: fieldWidth,
                                                  style: focused ? Theme.focusedField : Theme.field)
                if focused {
                    cursor = Point(x: x, y: y)
                    let hint = form.hint(field)
                    let hintX = fieldX + fieldWidth + 2
                    if !hint.isEmpty, hintX < area.maxX - 4 {
                        grid.put(hint, x: hintX, y: y, style: Theme.muted, maxWidth: area.maxX - hintX, ellipsis: true)
                    }
                }
                clicks.append(ClickArea(Rect(x: area.x, y: y, width: area.width, height: 1), field))
            case .problem(let field):
                grid.put("! " + (form.problems[field] ?? ""), x: fieldX, y: y, style: Theme.error,
                         maxWidth: area.maxX - fieldX, ellipsis: true)
            case .suggestion(let index):
                let person = form.suggestions[index]
                let selected = index == form.suggestion
                let text = (selected ? "▸ " : "  ") + InertText.line("\(person.name) <\(person.email)>")
                grid.put(text, x: fieldX, y: y, style: selected ? Theme.selection : Theme.muted, maxWidth: fieldWidth)
            }
        }
        return Drawing(cursor: cursor, clicks: clicks)
    }
}
