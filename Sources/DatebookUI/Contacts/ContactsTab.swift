extension TabID {
    public static let contacts = TabID("contacts")
}

/// The Contacts tab, not built yet.
enum ContactsTab {
    static let registration = PlaceholderCoordinator.registration(.contacts, title: "Contacts", lines: [
        "Contacts will be listed here alphabetically, with requests, blocking",
        "and subscriptions to a contact's calendar.",
        "", "Not available yet.",
    ])
}
