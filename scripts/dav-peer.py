#!/usr/bin/env python3
"""Another CalDAV/CardDAV client beside Datebook, for the tests: Python's `caldav` library.

Run it with the test tools' Python (`make deps` installs them):

    .build/python-tools/bin/python scripts/dav-peer.py --user U --password P COMMAND ...

Events (through caldav, on a calendar collection's URL):
    put-event URL (--file FILE.ics | --uid UID --summary TEXT --start WHEN [--end WHEN]
              [--rrule RULE] [--tzid ZONE]) [--href NAME]
    list-events URL          JSON: a list of {href, etag, uid, summary, dtstart, dtend, tzid,
                             rrule, recurrence_ids, raw}, sorted by uid
    get-event URL UID        JSON: one of those
    delete-event URL UID

Cards (caldav has no CardDAV: plain HTTP, on an address book's URL):
    put-card URL (--file FILE.vcf | --uid UID --name TEXT [--email E]... [--tel T]...) [--href NAME]
    list-cards URL           JSON: a list of {href, etag, uid, fn, emails, tels, raw}, sorted by uid
    delete-card URL UID

WHEN is 2026-11-24T09:00:00Z (UTC), 2026-11-24T09:00:00 (in --tzid, else floating) or
2026-11-24 (all day). The password may come from DAV_PEER_PASSWORD instead of --password.
Exit status: 0 done, 1 refused or failed (the server's answer on stderr), 3 no such item.
Only the URL given is reached: proxies from the environment are ignored.
"""

import argparse
import base64
import datetime as dt
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

# The peer talks to the test server on this machine only.
for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
    os.environ.pop(name, None)
os.environ["NO_PROXY"] = os.environ["no_proxy"] = "*"

import caldav  # noqa: E402  (after the proxy variables are gone)
import icalendar  # noqa: E402
from caldav.lib import error as caldav_error  # noqa: E402


class NotFound(Exception):
    pass


def fail(message, status=1):
    print(f"dav-peer: {message}", file=sys.stderr)
    sys.exit(status)


# MARK: - Events


def parse_when(text, tzid):
    """A DTSTART/DTEND value: a date, a UTC time, a time in `tzid`, or a floating time."""
    if len(text) == 10:
        return dt.date.fromisoformat(text)
    utc = text.endswith("Z")
    value = dt.datetime.fromisoformat(text[:-1] if utc else text)
    if utc:
        return value.replace(tzinfo=dt.timezone.utc)
    if tzid:
        from zoneinfo import ZoneInfo

        return value.replace(tzinfo=ZoneInfo(tzid))
    return value


def event_text(args):
    if args.file:
        with open(args.file, encoding="utf-8") as f:
            return f.read()
    if not (args.uid and args.summary and args.start):
        fail("put-event needs --file, or --uid, --summary and --start")
    cal = icalendar.Calendar()
    cal.add("prodid", "-//Datebook tests//dav-peer//EN")
    cal.add("version", "2.0")
    event = icalendar.Event()
    event.add("uid", args.uid)
    event.add("dtstamp", dt.datetime.now(dt.timezone.utc).replace(microsecond=0))
    event.add("summary", args.summary)
    event.add("dtstart", parse_when(args.start, args.tzid))
    if args.end:
        event.add("dtend", parse_when(args.end, args.tzid))
    if args.rrule:
        event.add("rrule", icalendar.vRecur.from_ical(args.rrule))
    cal.add_component(event)
    if args.tzid:
        cal.add_missing_timezones()
    return cal.to_ical().decode("utf-8")


def uid_of(text):
    for component in icalendar.Calendar.from_ical(text).walk():
        if component.name in ("VEVENT", "VTODO", "VJOURNAL") and component.get("uid"):
            return str(component.get("uid"))
    fail("the iCalendar text has no UID")


def client(args):
    return caldav.DAVClient(url=args.url, username=args.user, password=args.password)


def calendar(args):
    return client(args).calendar(url=args.url)


def iso(prop):
    """2026-11-24T09:00:00Z (UTC), 2026-11-24T09:00:00 (in its TZID, or floating), 2026-11-24."""
    if prop is None:
        return None
    value = prop.dt
    if isinstance(value, dt.datetime) and value.tzinfo is not None:
        utc = "TZID" not in prop.params
        return value.replace(tzinfo=None).isoformat() + ("Z" if utc else "")
    return value.isoformat()


def describe_event(obj):
    # The text as the server sent it (caldav's `data` may be its own serialisation).
    raw = obj.raw_data.decode("utf-8") if obj.raw_data else obj.data
    components = [
        c for c in icalendar.Calendar.from_ical(raw).walk() if c.name in ("VEVENT", "VTODO", "VJOURNAL")
    ]
    master = next((c for c in components if c.get("recurrence-id") is None), components[0])
    start = master.get("dtstart")
    rrule = master.get("rrule")
    return {
        "href": urllib.parse.unquote(urllib.parse.urlparse(str(obj.url)).path),
        "etag": obj.etag,
        "uid": str(master.get("uid")),
        "summary": str(master.get("summary")) if master.get("summary") is not None else None,
        "dtstart": iso(start),
        "dtend": iso(master.get("dtend")),
        "tzid": start.params.get("TZID") if start is not None else None,
        "rrule": rrule.to_ical().decode() if rrule is not None else None,
        "recurrence_ids": sorted(iso(c.get("recurrence-id")) for c in components if c.get("recurrence-id")),
        "raw": raw,
    }


def event_by_uid(cal, uid):
    try:
        return cal.get_object_by_uid(uid)
    except caldav_error.NotFoundError:
        raise NotFound(uid)


def put_event(args):
    text = event_text(args)
    cal = calendar(args)
    if args.href:
        # A name of the test's choosing (caldav would name it after the UID).
        url = args.url.rstrip("/") + "/" + urllib.parse.quote(args.href)
        client(args).put(url, text, {"Content-Type": "text/calendar; charset=utf-8"})
    else:
        cal.add_event(text)
    print(json.dumps(describe_event(event_by_uid(cal, uid_of(text)))))


def list_events(args):
    events = [describe_event(obj) for obj in calendar(args).search(event=True)]
    print(json.dumps(sorted(events, key=lambda e: e["uid"]), indent=1))


def get_event(args):
    print(json.dumps(describe_event(event_by_uid(calendar(args), args.uid)), indent=1))


def delete_event(args):
    event_by_uid(calendar(args), args.uid).delete()


# MARK: - Cards (plain HTTP)


def http(args, method, url, body=None, headers=None):
    request = urllib.request.Request(url, data=body.encode("utf-8") if body is not None else None, method=method)
    token = base64.b64encode(f"{args.user}:{args.password}".encode()).decode()
    request.add_header("Authorization", f"Basic {token}")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.read().decode("utf-8"), response.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace"), e.headers


def card_text(args):
    if args.file:
        with open(args.file, encoding="utf-8") as f:
            return f.read()
    if not (args.uid and args.name):
        fail("put-card needs --file, or --uid and --name")
    lines = ["BEGIN:VCARD", "VERSION:3.0", f"UID:{args.uid}", f"FN:{args.name}", f"N:;{args.name};;;"]
    lines += [f"EMAIL:{email}" for email in args.email or []]
    lines += [f"TEL:{tel}" for tel in args.tel or []]
    lines.append("END:VCARD")
    return "\r\n".join(lines) + "\r\n"


def card_field(text, name):
    """The values of a vCard property, unfolded, without parameters."""
    unfolded = text.replace("\r\n ", "").replace("\n ", "").replace("\r\n\t", "").replace("\n\t", "")
    values = []
    for line in unfolded.splitlines():
        head, _, value = line.partition(":")
        key = head.split(";")[0].split(".")[-1].upper()
        if key == name:
            values.append(value)
    return values


def list_cards(args):
    body = (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<CR:addressbook-query xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav">'
        "<D:prop><D:getetag/><CR:address-data/></D:prop></CR:addressbook-query>"
    )
    status, text, _ = http(args, "REPORT", args.url, body, {"Depth": "1", "Content-Type": "application/xml"})
    if status != 207:
        fail(f"REPORT {args.url}: HTTP {status} {text[:300]}")
    ns = {"D": "DAV:", "CR": "urn:ietf:params:xml:ns:carddav"}
    cards = []
    for response in ET.fromstring(text).findall("D:response", ns):
        data = response.find(".//CR:address-data", ns)
        if data is None or not data.text:
            continue
        raw = data.text
        cards.append(
            {
                "href": urllib.parse.unquote(response.findtext("D:href", "", ns)),
                "etag": response.findtext(".//D:getetag", None, ns),
                "uid": (card_field(raw, "UID") or [None])[0],
                "fn": (card_field(raw, "FN") or [None])[0],
                "emails": card_field(raw, "EMAIL"),
                "tels": card_field(raw, "TEL"),
                "raw": raw,
            }
        )
    return sorted(cards, key=lambda c: c["uid"] or "")


def put_card(args):
    text = card_text(args)
    uid = (card_field(text, "UID") or [None])[0]
    if not uid:
        fail("the vCard has no UID")
    href = args.href or f"{uid}.vcf"
    url = args.url.rstrip("/") + "/" + urllib.parse.quote(href)
    status, answer, _ = http(args, "PUT", url, text, {"Content-Type": "text/vcard; charset=utf-8"})
    if status not in (200, 201, 204):
        fail(f"PUT {url}: HTTP {status} {answer[:300]}")
    print(json.dumps(next(c for c in list_cards(args) if c["uid"] == uid)))


def delete_card(args):
    card = next((c for c in list_cards(args) if c["uid"] == args.uid), None)
    if card is None:
        raise NotFound(args.uid)
    url = urllib.parse.urljoin(args.url, urllib.parse.quote(card["href"]))
    status, answer, _ = http(args, "DELETE", url, headers={"If-Match": card["etag"]} if card["etag"] else {})
    if status not in (200, 204):
        fail(f"DELETE {url}: HTTP {status} {answer[:300]}")


# MARK: - Command line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", default=os.environ.get("DAV_PEER_PASSWORD"))
    commands = parser.add_subparsers(dest="command", required=True)

    put = commands.add_parser("put-event")
    put.add_argument("url")
    put.add_argument("--file")
    put.add_argument("--uid")
    put.add_argument("--summary")
    put.add_argument("--start")
    put.add_argument("--end")
    put.add_argument("--rrule")
    put.add_argument("--tzid")
    put.add_argument("--href")
    put.set_defaults(run=put_event)

    for name, run in (("list-events", list_events), ("list-cards", lambda a: print(json.dumps(list_cards(a), indent=1)))):
        command = commands.add_parser(name)
        command.add_argument("url")
        command.set_defaults(run=run)
    for name, run in (("get-event", get_event), ("delete-event", delete_event), ("delete-card", delete_card)):
        command = commands.add_parser(name)
        command.add_argument("url")
        command.add_argument("uid")
        command.set_defaults(run=run)

    card = commands.add_parser("put-card")
    card.add_argument("url")
    card.add_argument("--file")
    card.add_argument("--uid")
    card.add_argument("--name")
    card.add_argument("--email", action="append")
    card.add_argument("--tel", action="append")
    card.add_argument("--href")
    card.set_defaults(run=put_card)

    args = parser.parse_args()
    if args.password is None:
        fail("no password: --password or DAV_PEER_PASSWORD")
    if not args.url.endswith("/"):
        args.url += "/"
    try:
        args.run(args)
    except NotFound as e:
        fail(f"no item with UID {e} in {args.url}", status=3)
    except caldav_error.AuthorizationError as e:
        fail(f"refused: {e}")
    except caldav_error.DAVError as e:
        fail(f"{type(e).__name__}: {e}")
    except OSError as e:
        fail(f"cannot reach {args.url}: {e}")


if __name__ == "__main__":
    main()
