namespace deedlog { int journal_placeholder = 0; }
