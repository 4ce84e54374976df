#pragma once
// Text from the journal put into an HTML page (a score sheet, the judge's page): what acts rather
// than shows (a text-direction override in an appeal's claim) written out first
// (core/printable_text.h), then & < > " escaped.
#include <string>

namespace deedlog {

std::string html_escape(const std::string& text);

}  // namespace deedlog
