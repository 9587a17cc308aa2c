extension TabID {
    public static let meetings = TabID("meetings")
}

/// The Meetings tab, not built yet.
enum MeetingsTab {
    static let registration = PlaceholderCoordinator.registration(.meetings, title: "Meetings", lines: [
        "Group meetings will live here: Invitations, Hosting and Coming.",
        "A host proposes time slots, invitees vote or refuse, the host confirms.",
        "", "Not available yet.",
    ])
}
