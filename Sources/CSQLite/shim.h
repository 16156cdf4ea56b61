#ifndef PLISTKIT_CSQLITE_SHIM_H
#define PLISTKIT_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift does not import; a
// text bound with it is copied by SQLite, so the Swift string may go away after the call.
static inline int plistkit_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int length) {
  return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

// A database is untrusted input: functions its schema names (in a generated column, a view or a
// trigger) must not run with the caller's privileges, and nothing may write to the file even if
// a statement tried. sqlite3_db_config is variadic, which Swift cannot call; returns the first
// code that is not SQLITE_OK.
static inline int plistkit_sqlite3_distrust_schema(sqlite3 *database) {
  int result = sqlite3_db_config(database, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  if (result != SQLITE_OK) return result;
  result = sqlite3_db_config(database, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  if (result != SQLITE_OK) return result;
  return sqlite3_db_config(database, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
}

#endif
