file(REMOVE_RECURSE
  "libdeedlog_journal.a"
)
