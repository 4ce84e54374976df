file(REMOVE_RECURSE
  "libdeedlog_rules.a"
)
