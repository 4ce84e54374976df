file(REMOVE_RECURSE
  "libdeedlog_core.a"
)
