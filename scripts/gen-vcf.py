#!/usr/bin/env python3
"""Writes a large, deterministic vCard file for `make bench`.

    scripts/gen-vcf.py [--count N] [--out FILE]

The same arguments always give the same bytes (the SplitMix64 generator of splitmix.py, not
Python's `random`). The cards take the shapes producers write, by share of the N cards:
- 40% vCard 3.0 as Google writes it: TYPE=INTERNET;TYPE=HOME e-mails, a CELL phone, ADR,
  ORG, BDAY with or without a year, CATEGORIES, a photo URL;
- 25% vCard 3.0 as Apple writes it: grouped item1.TEL with an X-ABLabel, type=pref, a year-less
  BDAY with X-APPLE-OMIT-YEAR, an X-SOCIALPROFILE Datebook keeps verbatim, and one in ten a
  small inline JPEG (ENCODING=b, folded);
- 20% vCard 4.0 as Thunderbird and khard write it: PREF=1, VALUE=TEXT, a long NOTE folded;
- 15% vCard 2.1 as Outlook writes it: bare TYPEs, QUOTED-PRINTABLE names in ISO-8859-1 with
  soft line breaks.
Names mix Latin ones with accents and particles (van, de la) and some CJK ones.
"""

import argparse
import base64

from splitmix import SplitMix64


GIVEN = ["Ana", "Bruno", "Chloé", "Dmitri", "Émile", "Fatima", "Günter", "Hana", "Ingrid", "José", "Kai",
         "Léa", "Mateo", "Noémie", "Olaf", "Priya", "Quentin", "Renée", "Søren", "Tomás", "Ulla", "Vera",
         "Wen", "Xavier", "Yusuf", "Zoë"]
FAMILY = ["Lima", "Costa", "van Dijk", "de la Cruz", "Müller", "Nguyen", "O'Brien", "Papadopoulos",
          "Schmidt", "Tanaka", "Ünal", "Wójcik", "García", "Øvergaard", "Dubois", "Rossi", "Kowalski"]
CJK = [("王", "小明"), ("李", "雷"), ("山田", "太郎"), ("김", "민준"), ("陈", "静")]
ORGS = ["Acme", "Globex", "Initech", "Umbrella", "Café Müller", "Soylent", "Hooli", "Stark Industries"]
CITIES = [("Berlin", "10117", "Deutschland"), ("São Paulo", "01304-001", "Brasil"), ("Lyon", "69001", "France"),
          ("Seattle", "98101", "USA"), ("Tokyo", "100-0001", "日本")]
JPEG = bytes([0xFF, 0xD8, 0xFF, 0xE0]) + bytes(range(256)) * 8 + bytes([0xFF, 0xD9])


def fold(line):
    data = line.encode()
    if len(data) <= 75:
        return [line]
    out, start, width = [], 0, 75
    while start < len(data):
        end = min(start + width, len(data))
        while end < len(data) and data[end] & 0xC0 == 0x80:
            end -= 1
        out.append(data[start:end].decode())
        start, width = end, 74
    return [out[0]] + [" " + part for part in out[1:]]


def qp(text):
    return "".join(c if c.isascii() and c.isalnum() or c in " .-" else "".join("=%02X" % b for b in c.encode("latin-1"))
                   for c in text)


def card(n, rng):
    if rng.below(10) == 0:
        family, given = rng.pick(CJK)
        fn = family + given
    else:
        given, family = rng.pick(GIVEN), rng.pick(FAMILY)
        fn = given + " " + family
    email = "%s.%d@example.org" % ("".join(c for c in given.lower() if c.isascii() and c.isalpha()) or "p", n)
    phone = "+49 30 %07d" % rng.below(10_000_000)
    city, code, country = rng.pick(CITIES)
    org = rng.pick(ORGS)
    year = 1940 + rng.below(70)
    month, day = 1 + rng.below(12), 1 + rng.below(28)
    shape = rng.below(100)
    if shape < 40:
        lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:" + fn, "N:%s;%s;;;" % (family, given),
                 "EMAIL;TYPE=INTERNET;TYPE=HOME:" + email, "TEL;TYPE=CELL:" + phone,
                 "ADR;TYPE=HOME:;;%d Main St;%s;;%s;%s" % (1 + rng.below(200), city, code, country),
                 "ORG:" + org, "BDAY:" + ("%04d-%02d-%02d" % (year, month, day) if rng.below(2) else "--%02d-%02d" % (month, day)),
                 "CATEGORIES:myContacts", "PHOTO:https://lh3.googleusercontent.com/contacts/%x" % rng.next()]
    elif shape < 65:
        lines = ["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.2//EN",
                 "N:%s;%s;;;" % (family, given), "FN:" + fn, "ORG:%s;Sales;" % org,
                 "EMAIL;type=INTERNET;type=WORK;type=pref:" + email, "item1.TEL:" + phone, "item1.X-ABLabel:Gym",
                 "BDAY;X-APPLE-OMIT-YEAR=1604:1604-%02d-%02d" % (month, day),
                 "X-SOCIALPROFILE;type=twitter:https://twitter.com/u%d" % n]
        if rng.below(10) == 0:
            lines += fold("PHOTO;ENCODING=b;TYPE=JPEG:" + base64.b64encode(JPEG).decode())
    elif shape < 85:
        note = "Met at the %s conference in %s; " % (org, city) * (1 + rng.below(4))
        lines = ["BEGIN:VCARD", "VERSION:4.0", "EMAIL;PREF=1:" + email, "FN:" + fn, "N:%s;%s;;;" % (family, given),
                 "TEL;TYPE=cell;VALUE=TEXT:" + phone, "BDAY:%04d%02d%02d" % (year, month, day), "ORG:" + org]
        lines += fold("NOTE:" + note.replace(";", "\\;"))
    else:
        lines = ["BEGIN:VCARD", "VERSION:2.1"]
        try:
            encoded = qp(fn)
            lines += ["FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:" + encoded,
                      "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:%s;%s" % (qp(family), qp(given))]
        except UnicodeEncodeError:
            lines += ["FN;CHARSET=UTF-8:" + fn]
        lines += ["TEL;WORK;VOICE:" + phone, "EMAIL;PREF;INTERNET:" + email,
                  "NOTE;ENCODING=QUOTED-PRINTABLE:Line one=0D=0ALine two of a long note that Outlook breaks here=",
                  "with a soft line break.", "X-MS-OL-DEFAULT-POSTAL-ADDRESS:2"]
    lines.insert(2, "UID:bench-%06d" % n)
    lines.append("END:VCARD")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--out", default="-")
    args = parser.parse_args()
    rng = SplitMix64(20261123)
    out = []
    for n in range(args.count):
        out.extend(card(n, rng))
    data = ("\r\n".join(out) + "\r\n").encode("utf-8")
    if args.out == "-":
        import sys
        sys.stdout.buffer.write(data)
    else:
        with open(args.out, "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    main()
