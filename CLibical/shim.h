/*
 * The C side of Datebook's iCalendar support: libical 3 (Debian's libical-dev), the reference
 * implementation of RFC 5545, for parsing, writing, recurrence expansion and time zones.
 *
 * Only DatebookKit imports this module, and only the files under Sources/DatebookKit/ICalendar/.
 * The helpers below are `static inline` so the module needs no compiled C of its own.
 */
#ifndef DATEBOOK_CLIBICAL_SHIM_H
#define DATEBOOK_CLIBICAL_SHIM_H

#include <libical/ical.h>

/* MARK: - Errors
 *
 * `icalerrno` is a macro over a function returning a pointer to this thread's error; Swift
 * imports neither the macro nor a way to assign through it.
 */

/** This thread's last libical error. */
static inline icalerrorenum datebook_ical_errno(void) { return icalerrno; }

/** Clears this thread's last libical error. */
static inline void datebook_ical_clear_errno(void) { icalerrno = ICAL_NO_ERROR; }

#endif
