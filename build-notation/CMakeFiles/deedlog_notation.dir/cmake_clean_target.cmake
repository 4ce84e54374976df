file(REMOVE_RECURSE
  "libdeedlog_notation.a"
)
