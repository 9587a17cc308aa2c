/*
 * Process-wide SQLite settings, which only C can make: sqlite3_config is variadic, so Swift
 * cannot call it. SQLite itself is linked through GRDB; this header declares the one function it
 * needs rather than include <sqlite3.h> a second time beside GRDB's module. The option number
 * is SQLite's stable ABI (sqlite3.h: SQLITE_CONFIG_MEMSTATUS).
 *
 * Only DatebookKit/Store/SQLiteStore.swift imports this module.
 */
#ifndef DATEBOOK_CSQLITETUNING_SHIM_H
#define DATEBOOK_CSQLITETUNING_SHIM_H

int sqlite3_config(int option, ...);

enum { DATEBOOK_SQLITE_CONFIG_MEMSTATUS = 9 };

/**
 * Turns off SQLite's running count of the memory it holds. The count takes a process-wide mutex
 * around every allocation and free, which was 7 % of a large import's writing thread; Datebook
 * never reads it. Must run before the first database is opened: returns SQLITE_OK (0) then, and
 * SQLITE_MISUSE (21), changing nothing, once SQLite is initialised.
 */
static inline int datebook_sqlite_count_no_memory(void) {
    return sqlite3_config(DATEBOOK_SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
