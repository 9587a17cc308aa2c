#!/usr/bin/env python3
"""Writes a large, deterministic iCalendar file for `make bench`.

    scripts/gen-ics.py [--count N] [--out FILE]

The same arguments always give the same bytes: the numbers come from a SplitMix64 generator
written out here (not Python's `random`, whose methods may change between versions), and every
date counts from a fixed base day, Monday 2026-11-16 (the benchmark's agenda starts there).

The mix, by share of the N components:
- 10% VTODO: half with a DUE, a quarter with DTSTART as well, some completed;
- 10% recurring VEVENT: daily 15% (mostly weekdays), weekly 45% (some every other week,
  some on two days), monthly 25% (by day of month or "second Tuesday"), yearly 15%; each
  ends by COUNT (35%), by UNTIL (35%) or never (30%); one in ten has an EXDATE, one in
  twenty a RECURRENCE-ID override (written as a separate VEVENT, counted in N);
- 80% single VEVENT: a quarter in a named time zone (TZID with its VTIMEZONE), one in ten
  all-day, one in twenty floating, the rest in UTC; lengths from 15 minutes to 3 hours.
Dates spread over the year before and the year after the base day. Some events have a
LOCATION, DESCRIPTION, CATEGORIES, a VALARM, and a property Datebook does not know
(X-BENCH-NOTE), which an import must keep.
"""

import argparse
import sys

BASE_DAY = (2026, 11, 16)
DAYS_BEFORE = 365
DAYS_AFTER = 365

from splitmix import SplitMix64


# Civil dates without the datetime module's time zones: days since 1970-01-01.
def days_from_civil(y, m, d):
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return (y + (m <= 2), m, d)


def weekday(days):
    """0 for Monday ... 6 for Sunday (1970-01-01 was a Thursday)."""
    return (days + 3) % 7


def date_text(days):
    y, m, d = civil_from_days(days)
    return "%04d%02d%02d" % (y, m, d)


def datetime_text(days, minutes):
    days += minutes // 1440
    minutes %= 1440
    return "%sT%02d%02d00" % (date_text(days), minutes // 60, minutes % 60)


BASE = days_from_civil(*BASE_DAY)

ZONES = {
    "Europe/Berlin": ("+0100", "+0200", "CET", "CEST", "-1SU", 3, "-1SU", 10, "0200", "0300"),
    "America/New_York": ("-0500", "-0400", "EST", "EDT", "2SU", 3, "1SU", 11, "0200", "0200"),
    "Europe/London": ("+0000", "+0100", "GMT", "BST", "-1SU", 3, "-1SU", 10, "0100", "0200"),
    "Australia/Sydney": ("+1000", "+1100", "AEST", "AEDT", "1SU", 10, "1SU", 4, "0200", "0300"),
}
ZONE_NAMES = list(ZONES) + ["Asia/Tokyo"]


def vtimezone(name):
    if name == "Asia/Tokyo":
        return [
            "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "TZOFFSETFROM:+0900",
            "TZOFFSETTO:+0900", "TZNAME:JST", "DTSTART:19700101T000000", "END:STANDARD",
            "END:VTIMEZONE",
        ]
    std, dst, stdname, dstname, dstday, dstmonth, stdday, stdmonth, dsttime, stdtime = ZONES[name]
    return [
        "BEGIN:VTIMEZONE", "TZID:" + name,
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:" + std, "TZOFFSETTO:" + dst, "TZNAME:" + dstname,
        "DTSTART:1970%02d01T%s00" % (dstmonth, dsttime),
        "RRULE:FREQ=YEARLY;BYMONTH=%d;BYDAY=%s" % (dstmonth, dstday), "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:" + dst, "TZOFFSETTO:" + std, "TZNAME:" + stdname,
        "DTSTART:1970%02d01T%s00" % (stdmonth, stdtime),
        "RRULE:FREQ=YEARLY;BYMONTH=%d;BYDAY=%s" % (stdmonth, stdday), "END:STANDARD",
        "END:VTIMEZONE",
    ]


WORDS = ["Lunch", "Call", "Review", "Dentist", "Standup", "Report", "Run", "Plan", "Sync",
         "Workshop", "Interview", "Yoga", "Budget", "Demo", "Retro", "Visit"]
PLACES = ["", "", "", "Cafe", "Office", "Main St 4", "Room 3.14", "Gym", "Library", "Online"]
CATEGORIES = ["", "", "Work", "Home", "Work,Travel", "Health", "Family"]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def escape(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


class Writer:
    def __init__(self, out):
        self.out = out
        self.lines = 0

    def line(self, text):
        # Fold at 75 octets as RFC 5545 asks (the generated text is ASCII).
        while len(text) > 75:
            self.out.write(text[:75] + "\r\n")
            text = " " + text[75:]
        self.out.write(text + "\r\n")
        self.lines += 1


def when(prop, days, minutes, style, zone):
    if style == "date":
        return "%s;VALUE=DATE:%s" % (prop, date_text(days))
    if style == "zone":
        return "%s;TZID=%s:%s" % (prop, zone, datetime_text(days, minutes))
    if style == "floating":
        return "%s:%s" % (prop, datetime_text(days, minutes))
    return "%s:%sZ" % (prop, datetime_text(days, minutes))


def common(w, rng, n, title):
    w.line("UID:bench-%06d@datebook.invalid" % n)
    w.line("DTSTAMP:20261101T120000Z")
    w.line("SUMMARY:" + escape(title))
    place = rng.pick(PLACES)
    if place:
        w.line("LOCATION:" + escape(place))
    if rng.chance(20):
        w.line("DESCRIPTION:" + escape("Notes for %s\nsecond line" % title))
    categories = rng.pick(CATEGORIES)
    if categories:
        w.line("CATEGORIES:" + categories)
    if rng.chance(5):
        w.line("X-BENCH-NOTE:kept verbatim %d" % n)


def alarm(w, rng):
    if rng.chance(15):
        w.line("BEGIN:VALARM")
        w.line("ACTION:DISPLAY")
        w.line("DESCRIPTION:Reminder")
        w.line("TRIGGER:-PT%dM" % rng.pick([5, 10, 15, 30, 60]))
        w.line("END:VALARM")


def style_of(rng):
    roll = rng.below(100)
    if roll < 25:
        return "zone", rng.pick(ZONE_NAMES)
    if roll < 35:
        return "date", None
    if roll < 40:
        return "floating", None
    return "utc", None


def single_event(w, rng, n):
    title = "%s %d" % (rng.pick(WORDS), n)
    days = BASE - DAYS_BEFORE + rng.below(DAYS_BEFORE + DAYS_AFTER)
    minutes = 7 * 60 + rng.below(13 * 4) * 15
    style, zone = style_of(rng)
    w.line("BEGIN:VEVENT")
    common(w, rng, n, title)
    if style == "date":
        length = 1 + (rng.below(3) if rng.chance(20) else 0)
        w.line(when("DTSTART", days, 0, "date", None))
        w.line(when("DTEND", days + length, 0, "date", None))
    else:
        w.line(when("DTSTART", days, minutes, style, zone))
        w.line(when("DTEND", days, minutes + rng.pick([15, 30, 45, 60, 60, 90, 120, 180]), style, zone))
    alarm(w, rng)
    w.line("END:VEVENT")


def todo(w, rng, n):
    title = "%s %d" % (rng.pick(["Buy", "Send", "Fix", "Write", "Call", "Book"]), n)
    days = BASE - DAYS_BEFORE + rng.below(DAYS_BEFORE + DAYS_AFTER)
    w.line("BEGIN:VTODO")
    common(w, rng, n, title)
    roll = rng.below(4)
    if roll >= 1:
        if roll == 3:
            w.line(when("DTSTART", days - 1, 9 * 60, "utc", None))
        w.line(when("DUE", days, 17 * 60, "utc", None))
    if rng.chance(20):
        w.line("STATUS:COMPLETED")
        w.line("COMPLETED:20261101T100000Z")
    w.line("PRIORITY:%d" % rng.pick([0, 0, 1, 5, 9]))
    w.line("END:VTODO")


def recurring_event(w, rng, n):
    """Writes one series; returns the override to write after it, if any."""
    title = "%s %d" % (rng.pick(WORDS), n)
    days = BASE - DAYS_BEFORE + rng.below(DAYS_BEFORE + DAYS_AFTER)
    minutes = 8 * 60 + rng.below(10 * 4) * 15
    style, zone = style_of(rng)
    if style == "date" and rng.chance(50):
        style = "utc"
    roll = rng.below(100)
    # DTSTART always matches its rule: RFC 5545 leaves the set of a DTSTART that does not undefined.
    if roll < 15:
        rule = "FREQ=DAILY" + (";BYDAY=MO,TU,WE,TH,FR" if rng.chance(70) else "")
        if "BYDAY" in rule and weekday(days) > 4:
            days += 7 - weekday(days)
        count, span = 5 + rng.below(26), 7 + rng.below(50)
    elif roll < 60:
        if rng.chance(20):
            rule = "FREQ=WEEKLY;INTERVAL=2"
        elif rng.chance(25):
            first = rng.below(5)
            rule = "FREQ=WEEKLY;BYDAY=%s,%s" % (WEEKDAYS[first], WEEKDAYS[first + 2])
            days += (first - weekday(days)) % 7
        else:
            rule = "FREQ=WEEKLY"
        count, span = 4 + rng.below(49), 30 + rng.below(300)
    elif roll < 85:
        y, m, d = civil_from_days(days)
        if rng.chance(30):
            rule = "FREQ=MONTHLY;BYDAY=2TU"
            first = days_from_civil(y, m, 1)
            days = first + (1 - weekday(first)) % 7 + 7
        else:
            if d > 28:
                days -= d - 28
            rule = "FREQ=MONTHLY"
        count, span = 3 + rng.below(22), 90 + rng.below(600)
    else:
        rule = "FREQ=YEARLY"
        count, span = 2 + rng.below(9), 700 + rng.below(2000)
    end_roll = rng.below(100)
    if end_roll < 35:
        rule += ";COUNT=%d" % count
    elif end_roll < 70:
        if style == "date":
            rule += ";UNTIL=" + date_text(days + span)
        else:
            rule += ";UNTIL=%sZ" % datetime_text(days + span, 23 * 60)
    length = rng.pick([15, 30, 60, 60, 90])
    w.line("BEGIN:VEVENT")
    common(w, rng, n, title)
    if style == "date":
        w.line(when("DTSTART", days, 0, "date", None))
        w.line(when("DTEND", days + 1, 0, "date", None))
    else:
        w.line(when("DTSTART", days, minutes, style, zone))
        w.line(when("DTEND", days, minutes + length, style, zone))
    w.line("RRULE:" + rule)
    # An EXDATE or an override lands on the second instance, which every rule above has
    # (the first two instances of these rules are at most two months apart, and COUNT >= 2).
    second = None
    if rule.startswith("FREQ=DAILY") and "BYDAY" not in rule:
        second = days + 1
    elif rule.startswith("FREQ=WEEKLY;INTERVAL=2"):
        second = days + 14
    elif rule.startswith("FREQ=WEEKLY") and "BYDAY" not in rule:
        second = days + 7
    elif rule.startswith("FREQ=YEARLY") and civil_from_days(days)[1:] != (2, 29):
        y, m, d = civil_from_days(days)
        second = days_from_civil(y + 1, m, d)
    extra = None
    if second is not None:
        if rng.chance(10):
            w.line(when("EXDATE", second, minutes, style, zone))
        elif rng.chance(5):
            extra = (second, minutes, style, zone, length, title)
    alarm(w, rng)
    w.line("END:VEVENT")
    return extra


def override(w, n, second, minutes, style, zone, length, title):
    w.line("BEGIN:VEVENT")
    w.line("UID:bench-%06d@datebook.invalid" % n)
    w.line("DTSTAMP:20261101T120000Z")
    w.line(when("RECURRENCE-ID", second, minutes, style, zone))
    w.line("SUMMARY:" + escape(title + " (moved)"))
    if style == "date":
        w.line(when("DTSTART", second, 0, "date", None))
        w.line(when("DTEND", second + 1, 0, "date", None))
    else:
        w.line(when("DTSTART", second, minutes + 60, style, zone))
        w.line(when("DTEND", second, minutes + 60 + length, style, zone))
    w.line("END:VEVENT")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--out", default="-")
    arguments = parser.parse_args()
    out = sys.stdout if arguments.out == "-" else open(arguments.out, "w", newline="", encoding="utf-8")
    w = Writer(out)
    rng = SplitMix64(20261116)
    w.line("BEGIN:VCALENDAR")
    w.line("VERSION:2.0")
    w.line("PRODID:-//Datebook//bench generator//EN")
    w.line("CALSCALE:GREGORIAN")
    for name in ZONE_NAMES:
        for text in vtimezone(name):
            w.line(text)
    n = 0
    while n < arguments.count:
        roll = rng.below(10)
        if roll == 0:
            todo(w, rng, n)
            n += 1
        elif roll == 1:
            extra = recurring_event(w, rng, n)
            if extra is not None and n + 1 < arguments.count:
                override(w, n, *extra)
                n += 1
            n += 1
        else:
            single_event(w, rng, n)
            n += 1
    w.line("END:VCALENDAR")
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
