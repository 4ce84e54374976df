namespace deedlog { int notation_placeholder = 0; }
