#!/usr/bin/env python3
"""Counts the occurrences of a Taskwarrior export in a range, as `datebook agenda` shows them.

    scripts/count-taskwarrior.py FILE START DAYS

START is a date (YYYY-MM-DD) read as midnight UTC; the range is START to START + DAYS. Prints
the count. Counted as Docs/UserGuide.md maps a task (run the agenda with TZ=UTC to compare):
deleted tasks are left out; a task shows at `scheduled`, else at `due`, else not at all; a task
with a `recur` repeats from there (daily, weekly, 2wks, monthly, yearly: the ones
scripts/gen-taskwarrior.py writes) until `until`, expanded by python-dateutil's rrule.

The benchmark's independent check that an import keeps a year of every repeating task, though
it keeps only a few weeks at first: the agenda after it must show every one.
"""

import datetime
import json
import sys

from dateutil import rrule

RULES = {
    "daily": (rrule.DAILY, 1),
    "weekly": (rrule.WEEKLY, 1),
    "2wks": (rrule.WEEKLY, 2),
    "monthly": (rrule.MONTHLY, 1),
    "yearly": (rrule.YEARLY, 1),
}


def stamp(text):
    return datetime.datetime.strptime(text, "%Y%m%dT%H%M%SZ")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().split("\n")[2].strip())
    path, start_text, days = sys.argv[1], sys.argv[2], int(sys.argv[3])
    start = datetime.datetime.strptime(start_text, "%Y-%m-%d")
    end = start + datetime.timedelta(days=days)
    with open(path, encoding="utf-8") as handle:
        tasks = json.load(handle)
    count = 0
    for task in tasks:
        when = task.get("scheduled") or task.get("due")
        if task.get("status") == "deleted" or when is None:
            continue
        first = stamp(when)
        recur = task.get("recur")
        if recur is None:
            count += start <= first < end
            continue
        if recur not in RULES:
            sys.exit("count-taskwarrior.py: a recur this script does not know: %s" % recur)
        frequency, interval = RULES[recur]
        until = stamp(task["until"]) if "until" in task else None
        rule = rrule.rrule(frequency, interval=interval, dtstart=first, until=until)
        count += len(rule.between(start, end - datetime.timedelta(microseconds=1), inc=True))
    print(count)


if __name__ == "__main__":
    main()
