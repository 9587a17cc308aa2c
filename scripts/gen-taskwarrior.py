#!/usr/bin/env python3
"""Writes a large, deterministic Taskwarrior `task export` file for `make bench`.

    scripts/gen-taskwarrior.py [--count N] [--out FILE]

The same arguments always give the same bytes (SplitMix64, as scripts/gen-ics.py). The file
is what Taskwarrior 2.6 writes: a JSON list, one task a line, each with `id`, `description`,
`entry`, `modified`, `status`, `uuid` and `urgency`; of the N tasks
- 70% pending, 15% completed (with `end`), 5% deleted, 5% waiting (with `wait`),
  5% recurring (`recur` daily, weekly, 2wks, monthly or yearly, with `due`, a fifth with `until`);
- half have a `due`, a fifth `scheduled`, a third a `project`, half one to three `tags`,
  a quarter a `priority`, one in ten one or two `annotations`.
Every record is one `datebook import` reads, so the import must count all N.
"""

import argparse
import json
import sys

from splitmix import SplitMix64

BASE = 1795305600  # 2026-11-23T00:00:00Z

WORDS = ["Buy", "Call", "Write", "Fix", "Plan", "Review", "Book", "Pay", "Clean", "Send", "Read", "Water",
         "report", "plants", "invoice", "dentist", "slides", "car", "garden", "tickets", "Ana", "budget", "会议"]
PROJECTS = ["Home", "Work", "Work.Reports", "Garden", "Travel", "Health"]
TAGS = ["home", "errand", "phone", "computer", "next", "someday", "urgent"]
RECURS = ["daily", "weekly", "2wks", "monthly", "yearly"]


def stamp(seconds):
    days, rest = divmod(seconds, 86400)
    # Civil date from days since 1970-01-01 (H. Hinnant's method).
    z = days + 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (m <= 2)
    return "%04d%02d%02dT%02d%02d%02dZ" % (y, m, d, rest // 3600, rest // 60 % 60, rest % 60)


def uuid(rng):
    h = "%016x%016x" % (rng.next(), rng.next())
    return "%s-%s-4%s-%s%s-%s" % (h[0:8], h[8:12], h[13:16], "89ab"[int(h[16], 16) % 4], h[17:20], h[20:32])


def task(rng, index):
    entry = BASE - rng.below(365 * 86400)
    t = {"id": index + 1, "description": " ".join(rng.pick(WORDS) for _ in range(1 + rng.below(4))) + " %d" % index,
         "entry": stamp(entry), "modified": stamp(entry + rng.below(86400 * 30))}
    roll = rng.below(100)
    if roll < 70:
        t["status"] = "pending"
    elif roll < 85:
        t["status"] = "completed"
        t["end"] = stamp(entry + rng.below(86400 * 60))
        t["id"] = 0
    elif roll < 90:
        t["status"] = "deleted"
        t["end"] = stamp(entry + rng.below(86400 * 60))
        t["id"] = 0
    elif roll < 95:
        t["status"] = "waiting"
        t["wait"] = stamp(BASE + rng.below(86400 * 60))
    else:
        t["status"] = "recurring"
        t["recur"] = rng.pick(RECURS)
        t["mask"] = "-"
        t["rtype"] = "periodic"
        t["due"] = stamp(BASE + rng.below(86400 * 30) // 3600 * 3600)
        if rng.chance(20):
            t["until"] = stamp(BASE + 86400 * (60 + rng.below(300)))
    if "due" not in t and rng.chance(50):
        t["due"] = stamp(BASE + rng.below(86400 * 120) - 86400 * 30)
    if rng.chance(20):
        t["scheduled"] = stamp(BASE + rng.below(86400 * 60) // 900 * 900)
    if rng.chance(33):
        t["project"] = rng.pick(PROJECTS)
    if rng.chance(25):
        t["priority"] = rng.pick(["H", "M", "L"])
    t["uuid"] = uuid(rng)
    if rng.chance(50):
        t["tags"] = sorted({rng.pick(TAGS) for _ in range(1 + rng.below(3))})
    if rng.chance(10):
        t["annotations"] = [{"entry": stamp(entry + 3600 * (i + 1)), "description": "Note %d on task %d" % (i + 1, index)}
                            for i in range(1 + rng.below(2))]
    t["urgency"] = round(rng.below(2000) / 100 - 2, 4)
    return t


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--out", default="-")
    args = parser.parse_args()
    rng = SplitMix64(20261123)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    out.write("[\n")
    for index in range(args.count):
        line = json.dumps(task(rng, index), ensure_ascii=False, separators=(",", ":"))
        out.write(line + (",\n" if index + 1 < args.count else "\n"))
    out.write("]\n")
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
