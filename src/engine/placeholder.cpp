namespace deedlog { int engine_placeholder = 0; }
