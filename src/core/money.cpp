#include "deedlog/money.h"
// Money is header-only; this file gives the core library a translation unit of its own.
