import DatebookKit

extension TabID {
    public static let contacts = TabID("contacts")
}

extension Mode {
    /// The All and Blocked lists of the Contacts tab.
    public static let contacts = Mode("contacts", helpTitle: "Contacts")
    /// The Requests list: received ones are accepted or declined.
    public static let contactRequests = Mode("contactRequests", helpTitle: "Contacts: requests")
    /// The Deleted list: a contact can come back.
    public static let deletedContacts = Mode("deletedContacts", helpTitle: "Contacts: deleted")
    /// The filter line: typed characters filter the list at once.
    public static let contactFilter = Mode("contactFilter", helpTitle: "Contacts: the filter", input: .text)
    /// A contact's profile.
    public static let contactProfile = Mode("contactProfile", helpTitle: "Contact profile", pushed: true)
    /// The contact form.
    public static let contactForm = Mode("contactForm", helpTitle: "Contact form", input: .text, pushed: true)
    /// The one-line question that takes a subscription's file or URL.
    public static let contactSubscribe = Mode("contactSubscribe", helpTitle: "Subscribe", input: .text,
                                              pushed: true)
}

extension Command {
    /// `/`: types a filter.
    public static let contactFilter = Command("contacts.filter")
    /// Esc in a list: clears the filter.
    public static let contactClearFilter = Command("contacts.clearFilter")
    public static let contactPreviousList = Command("contacts.previousList")
    public static let contactNextList = Command("contacts.nextList")
    public static let contactAdd = Command("contacts.add")
    public static let contactAccept = Command("contacts.accept")
    public static let contactDecline = Command("contacts.decline")
    public static let contactRestore = Command("contacts.restore")
    public static let contactBlock = Command("contacts.block")
    public static let contactSubscribe = Command("contacts.subscribe")
    public static let contactInvite = Command("contacts.invite")
    /// `r`: asks the contact to be contacts (a message through the outbox).
    public static let contactRequest = Command("contacts.request")
}

extension ContactsCoordinator {
    /// The Contacts tab as the app registers it; it pushes the item form to invite.
    public static let registration = TabRegistration(
        id: .contacts, title: "Contacts", keyMaps: [keys, ItemFlow.keys],
        newEntries: ItemFlow.newEntries + [NewEntry(.contact, key: "c", title: "Contact")]
    ) { ContactsCoordinator(context: $0) }

    /// The keys of the lists, the filter, the profile, the form and the subscription question.
    public static let keys: KeyMap = {
        let lists: Set<Mode> = [.contacts, .contactRequests, .deletedContacts]
        let live: Set<Mode> = [.contacts, .contactRequests, .contactProfile]
        let modes: [Mode] = [.contacts, .contactRequests, .deletedContacts, .contactFilter, .contactProfile,
                             .contactForm, .contactSubscribe]
        return KeyMap("contacts", modes: modes, bindings: [
            KeyBinding([.char("k"), .up], .moveUp, in: lists, help: "Up", footer: false),
            KeyBinding([.char("j"), .down], .moveDown, in: lists, help: "Down", footer: false),
            KeyBinding([.pageUp], .pageUp, in: lists, help: "Page up", footer: false),
            KeyBinding([.pageDown], .pageDown, in: lists, help: "Page down", footer: false),
            KeyBinding([.char("g"), .home], .moveTop, in: lists, help: "Top", footer: false),
            KeyBinding([.char("G"), .end], .moveBottom, in: lists, help: "Bottom", footer: false),
            KeyBinding([.enter], .open, in: lists, help: "Profile"),
            KeyBinding([.char("a")], .command(.contactAccept), in: [.contactRequests], help: "Accept"),
            KeyBinding([.char("d")], .command(.contactDecline), in: [.contactRequests], help: "Decline"),
            KeyBinding([.char("u")], .command(.contactRestore), in: [.deletedContacts], help: "Restore"),
            KeyBinding([.char("a")], .command(.contactAdd), in: [.contacts, .contactProfile], help: "Add"),
            KeyBinding([.char("e")], .edit, in: live, help: "Edit"),
            KeyBinding([.char("d")], .delete, in: [.contacts, .contactProfile], help: "Delete"),
            KeyBinding([.char("b")], .command(.contactBlock), in: live, help: "Block"),
            KeyBinding([.char("s")], .command(.contactSubscribe), in: live, help: "Subscribe"),
            KeyBinding([.char("i")], .command(.contactInvite), in: live, help: "Invite"),
            KeyBinding([.char("r")], .command(.contactRequest), in: live, help: "Ask to be contacts", footer: false),
            KeyBinding([.char("/")], .command(.contactFilter), in: lists, help: "Filter"),
            KeyBinding([.escape], .command(.contactClearFilter), in: lists, help: "Clear the filter", footer: false),
            KeyBinding([.char("["), .left], .command(.contactPreviousList), in: lists, help: "Previous list",
                       footer: false),
            KeyBinding([.char("]"), .right], .command(.contactNextList), in: lists, help: "Lists"),
            KeyBinding([.char("k"), .up], .moveUp, in: [.contactProfile], help: "Scroll up", footer: false),
            KeyBinding([.char("j"), .down], .moveDown, in: [.contactProfile], help: "Scroll down", footer: false),
            KeyBinding([.pageUp], .pageUp, in: [.contactProfile], help: "Page up", footer: false),
            KeyBinding([.pageDown], .pageDown, in: [.contactProfile], help: "Page down", footer: false),
            KeyBinding([.tab, .down], .nextField, in: [.contactForm], help: "Next field"),
            KeyBinding([.backTab, .up], .previousField, in: [.contactForm], help: "Previous field", footer: false),
        ] + TextField.editingKeys(in: [.contactForm], enter: "Next / save on last", saving: true)
            + TextField.editingKeys(in: [.contactFilter], enter: "Keep the filter")
            + TextField.editingKeys(in: [.contactSubscribe], enter: "Subscribe"),
        notes: [
            "Contact form: several e-mails or phones are separated by commas, each with a label before a",
            "  colon (work: ana@example.org, home: ana@example.net); a birthday takes any date (1990-04-23, 23/4)",
        ])
    }()
}
