import Foundation

/// The votes of a meeting counted: per slot, who said yes, if need be, or no, and the best slot.
public struct MeetingTally: Equatable, Sendable {
    /// One slot's count.
    public struct SlotCount: Equatable, Sendable {
        public var slot: Int
        public var yes = 0
        public var maybe = 0
        public var no = 0
    }

    public var slots: [SlotCount]
    /// Invitees who voted, refused, or said nothing yet.
    public var voted = 0
    public var refused = 0
    public var noReply = 0

    public init(_ meeting: Meeting) {
        var counts = Dictionary(uniqueKeysWithValues: meeting.slots.map { ($0.id, SlotCount(slot: $0.id)) })
        for invitee in meeting.invitees {
            switch invitee.answer {
            case .noReply: noReply += 1
            case .refused: refused += 1
            case let .voted(votes):
                voted += 1
                for (slot, vote) in votes {
                    switch vote {
                    case .yes: counts[slot]?.yes += 1
                    case .maybe: counts[slot]?.maybe += 1
                    case .no: counts[slot]?.no += 1
                    }
                }
            }
        }
        slots = meeting.slots.compactMap { counts[$0.id] }
    }

    /// The slot most can come to: the most yes, then the most if-need-be, then the fewest no,
    /// then the earliest. Nil when nobody voted yes or if need be on any slot.
    public var best: Int? {
        let candidates = slots.filter { $0.yes + $0.maybe > 0 }
        return candidates.enumerated().max { a, b in
            let left = (a.element.yes, a.element.maybe, -a.element.no, -a.offset)
            let right = (b.element.yes, b.element.maybe, -b.element.no, -b.offset)
            return left < right
        }?.element.slot
    }

    public func count(of slot: Int) -> SlotCount? { slots.first { $0.slot == slot } }

    /// "3 voted · 1 refused · 2 no reply": what the host's row says.
    public var summary: String {
        "\(voted) voted · \(refused) refused · \(noReply) no reply"
    }
}
