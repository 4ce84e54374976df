namespace deedlog { int app_placeholder = 0; }
