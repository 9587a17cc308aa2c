internal import CNCurses
import DatebookTerminal

/// The ncurses colour pairs made so far, one per (foreground, background) the screen used.
///
/// Pair 0 is the terminal's default colours and needs no making. Others are made when first
/// needed; when the terminal runs out of pairs (8-colour terminals have 64), the cell falls
/// back to pair 0 rather than failing.
struct ColorPairs {
    private struct Colors: Hashable {
        var foreground: Color
        var background: Color
    }

    /// How many pairs the terminal has (COLOR_PAIRS); 0 when colour is off.
    let capacity: Int
    /// Whether -1 may stand for the terminal's own colour (use_default_colors succeeded).
    let defaultColors: Bool
    private var numbers: [Colors: Int16] = [:]
    private var next = 1

    init(capacity: Int, defaultColors: Bool) {
        self.capacity = min(capacity, Int(Int16.max))
        self.defaultColors = defaultColors
    }

    /// No colour: every cell uses pair 0 and only attributes show.
    static let off = ColorPairs(capacity: 0, defaultColors: false)

    /// The pair number for a cell's colours, made on first use.
    mutating func number(foreground: Color, background: Color) -> Int16 {
        guard capacity > 0, foreground != .default || background != .default else { return 0 }
        let colors = Colors(foreground: foreground, background: background)
        if let number = numbers[colors] { return number }
        guard next < capacity else { return 0 }
        let number = Int16(next)
        let fg = foreground == .default && !defaultColors ? Int16(COLOR_WHITE) : Int16(foreground.rawValue)
        let bg = background == .default && !defaultColors ? Int16(COLOR_BLACK) : Int16(background.rawValue)
        guard init_pair(number, fg, bg) != ERR else { return 0 }
        next += 1
        numbers[colors] = number
        return number
    }
}
