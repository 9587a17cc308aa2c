import DatebookKit

extension TabID {
    public static let meetings = TabID("meetings")
}

extension Mode {
    /// The Meetings tab's lists.
    public static let meetings = Mode("meetings", helpTitle: "Meetings")
    /// One meeting: its slots with their tallies, and who said what.
    public static let meetingDetails = Mode("meetingDetails", helpTitle: "Meetings: one meeting", pushed: true)
    /// Voting: a vote on each slot, then save. It takes only its own keys (n is no here, not New).
    public static let meetingVote = Mode("meetingVote", helpTitle: "Meetings: voting", input: .dialog, pushed: true)
    /// A line the Meetings tab asks for (a file to read, my name, my address).
    public static let meetingPrompt = Mode("meetingPrompt", helpTitle: "Meetings: a question", input: .text, pushed: true)
}

extension Command {
    public static let meetingsPreviousList = Command("meetings.previousList")
    public static let meetingsNextList = Command("meetings.nextList")
    public static let meetingVote = Command("meetings.vote")
    public static let meetingRefuse = Command("meetings.refuse")
    public static let meetingAccept = Command("meetings.accept")
    public static let meetingConfirm = Command("meetings.confirm")
    public static let meetingCancel = Command("meetings.cancel")
    public static let meetingInbox = Command("meetings.inbox")
    public static let meetingMe = Command("meetings.me")
    /// In voting: the vote on the slot, in turn yes → if need be → no.
    public static let voteCycle = Command("meetings.voteCycle")
    public static let voteYes = Command("meetings.voteYes")
    public static let voteMaybe = Command("meetings.voteMaybe")
    public static let voteNo = Command("meetings.voteNo")
}

extension NewEntry.ID {
    public static let groupMeeting = NewEntry.ID("group-meeting")
}

extension MeetingsCoordinator {
    /// The Meetings tab as the app registers it: it also makes group meetings and public events.
    public static let registration = TabRegistration(
        id: .meetings, title: "Meetings", keyMaps: [keys, formKeys, ItemFlow.keys],
        newEntries: ItemFlow.newEntries + [
            NewEntry(.groupMeeting, key: "g", title: "Group meeting"),
            NewEntry(.publicEvent, key: "p", title: "Public event"),
        ]
    ) { MeetingsCoordinator(context: $0) }

    public static let keys: KeyMap = {
        let list: Set<Mode> = [.meetings]
        let details: Set<Mode> = [.meetingDetails]
        let both: Set<Mode> = [.meetings, .meetingDetails]
        let vote: Set<Mode> = [.meetingVote]
        let moving: Set<Mode> = [.meetings, .meetingDetails, .meetingVote]
        return KeyMap("meetings", modes: [.meetings, .meetingDetails, .meetingVote, .meetingPrompt], bindings: [
            KeyBinding([.char("["), .left], .command(.meetingsPreviousList), in: list, help: "Previous list"),
            KeyBinding([.char("]"), .right], .command(.meetingsNextList), in: list, help: "Next list"),
            KeyBinding([.char("k"), .up], .moveUp, in: moving, help: "Up", footer: false),
            KeyBinding([.char("j"), .down], .moveDown, in: moving, help: "Down", footer: false),
            KeyBinding([.pageUp], .pageUp, in: moving, help: "Page up", footer: false),
            KeyBinding([.pageDown], .pageDown, in: moving, help: "Page down", footer: false),
            KeyBinding([.char("g"), .home], .moveTop, in: list, help: "Top", footer: false),
            KeyBinding([.char("G"), .end], .moveBottom, in: list, help: "Bottom", footer: false),
            KeyBinding([.enter], .open, in: list, help: "Open"),
            KeyBinding([.char("v")], .command(.meetingVote), in: both, help: "Vote"),
            KeyBinding([.char("r")], .command(.meetingRefuse), in: both, help: "Refuse"),
            KeyBinding([.char("a")], .command(.meetingAccept), in: both, help: "Accept"),
            KeyBinding([.char("c")], .command(.meetingConfirm), in: both, help: "Confirm (host)"),
            KeyBinding([.char("x")], .command(.meetingCancel), in: both, help: "Cancel (host)"),
            KeyBinding([.char("e")], .edit, in: both, help: "Edit (host)"),
            KeyBinding([.char("i")], .command(.meetingInbox), in: list, help: "Read an invitation file"),
            KeyBinding([.char("m")], .command(.meetingMe), in: list, help: "Who I am", footer: false),
            KeyBinding([.char(" "), .char("l"), .right], .command(.voteCycle), in: vote, help: "Next vote"),
            KeyBinding([.char("y")], .command(.voteYes), in: vote, help: "Yes", footer: false),
            KeyBinding([.char("m")], .command(.voteMaybe), in: vote, help: "If need be", footer: false),
            KeyBinding([.char("n")], .command(.voteNo), in: vote, help: "No", footer: false),
            KeyBinding([.enter, .ctrl("s")], .save, in: vote, help: "Save"),
            KeyBinding([.escape, .char("q")], .back, in: vote, help: "Cancel"),
        ] + TextField.editingKeys(in: [.meetingPrompt], enter: "OK"))
    }()

    /// The group-meeting form's keys.
    public static let formKeys = KeyMap("meetingForm", modes: [.meetingForm], bindings: [
        KeyBinding([.tab], .nextField, in: [.meetingForm], help: "Next field", footer: false),
        KeyBinding([.backTab], .previousField, in: [.meetingForm], help: "Previous field", footer: false),
        KeyBinding([.down], .moveDown, in: [.meetingForm], help: "Next field, or the next contact suggested"),
        KeyBinding([.up], .moveUp, in: [.meetingForm], help: "Previous field", footer: false),
    ] + TextField.editingKeys(in: [.meetingForm], enter: "Next field (under Invitees: take the contact)", saving: true))
}
