#!/usr/bin/env python3
"""Splits an iCalendar file into a folder of one resource per file, as CalDAV stores them and
as vdirsyncer's filesystem storage wants them.

    scripts/ics-to-folder.py IN.ics OUT-FOLDER [--limit N] [--combined FILE]

Each file holds the components of one UID (an event, a task, or a series with its changed
instances) and the VTIMEZONEs they name, and is called after the UID. --limit keeps the first N
UIDs of the file; --combined also writes those same resources as one file (for an importer that
reads one file). The output is the same bytes for the same input.
"""

import argparse
import os
import re
import sys

COMPONENTS = ("VEVENT", "VTODO", "VJOURNAL")


def blocks(lines):
    """Top-level components of the VCALENDAR: (name, lines)."""
    depth = 0
    current = None
    for line in lines:
        if line.startswith("BEGIN:"):
            depth += 1
            if depth == 2:
                current = (line[6:], [])
        if current is not None:
            current[1].append(line)
        if line.startswith("END:"):
            if depth == 2 and current is not None:
                yield current
                current = None
            depth -= 1


def unfolded(lines):
    text = "\r\n".join(lines).replace("\r\n ", "").replace("\r\n\t", "")
    return text.split("\r\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source")
    parser.add_argument("folder")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--combined")
    args = parser.parse_args()

    with open(args.source, encoding="utf-8", newline="") as f:
        lines = f.read().replace("\r\n", "\n").split("\n")
    lines = [line for line in lines if line]

    zones = {}
    groups = {}
    for name, block in blocks(lines):
        flat = unfolded(block)
        if name == "VTIMEZONE":
            tzid = next(line[5:] for line in flat if line.startswith("TZID:"))
            zones[tzid] = block
        elif name in COMPONENTS:
            uid = next((line[4:] for line in flat if line.startswith("UID:")), None)
            if uid is None:
                continue
            groups.setdefault(uid, []).append(block)
    uids = list(groups)[: args.limit] if args.limit else list(groups)
    if args.limit and len(uids) < args.limit:
        sys.exit(f"{args.source} has only {len(uids)} UIDs, not {args.limit}")

    os.makedirs(args.folder, exist_ok=True)
    head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Datebook//bench generator//EN"]
    combined_zones = []
    combined_items = []
    for uid in uids:
        items = [line for block in groups[uid] for line in block]
        named = sorted(set(re.findall(r";TZID=([^:;]+)", "\r\n".join(unfolded(items)))))
        used = [line for tzid in named if tzid in zones for line in zones[tzid]]
        for tzid in named:
            if tzid in zones and tzid not in combined_zones:
                combined_zones.append(tzid)
        combined_items += items
        name = re.sub(r"[^A-Za-z0-9@._-]", "_", uid) + ".ics"
        with open(os.path.join(args.folder, name), "w", encoding="utf-8", newline="") as f:
            f.write("\r\n".join(head + used + items + ["END:VCALENDAR"]) + "\r\n")
    if args.combined:
        with open(args.combined, "w", encoding="utf-8", newline="") as f:
            zone_lines = [line for tzid in combined_zones for line in zones[tzid]]
            f.write("\r\n".join(head + zone_lines + combined_items + ["END:VCALENDAR"]) + "\r\n")
    print(f"{len(uids)} resources in {args.folder}")


if __name__ == "__main__":
    main()
