file(REMOVE_RECURSE
  "libdeedlog_app.a"
)
