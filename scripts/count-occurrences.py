#!/usr/bin/env python3
"""Counts the occurrences of an iCalendar file in ranges, with recurring-ical-events.

    scripts/count-occurrences.py FILE START DAYS [DAYS ...]

START is a date (YYYY-MM-DD) read as midnight UTC; each range is START to START + DAYS.
Prints one line per range: DAYS COUNT. Counted as `datebook agenda` counts (run it with
TZ=UTC to compare): VEVENTs and VTODOs, recurring series expanded, leaving out cancelled
components and to-dos with neither DTSTART nor DUE (they have no time to show at).

This is the benchmark's independent check of Datebook's recurrence expansion (libical);
recurring-ical-events expands with python-dateutil.
"""

import datetime
import sys

import icalendar
import recurring_ical_events


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().split("\n")[2].strip())
    path, start_text, days = sys.argv[1], sys.argv[2], [int(d) for d in sys.argv[3:]]
    with open(path, "rb") as handle:
        calendar = icalendar.Calendar.from_ical(handle.read())
    undated = {
        str(component.get("UID"))
        for component in calendar.walk("VTODO")
        if component.get("DTSTART") is None and component.get("DUE") is None
    }
    start = datetime.datetime.fromisoformat(start_text).replace(tzinfo=datetime.timezone.utc)
    query = recurring_ical_events.of(calendar, components=["VEVENT", "VTODO"])
    for count_days in days:
        end = start + datetime.timedelta(days=count_days)
        count = 0
        for occurrence in query.between(start, end):
            if str(occurrence.get("UID")) in undated or str(occurrence.get("STATUS", "")) == "CANCELLED":
                continue
            count += 1
        print(count_days, count, flush=True)


if __name__ == "__main__":
    main()
