file(REMOVE_RECURSE
  "libdeedlog_engine.a"
)
