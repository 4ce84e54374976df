#pragma once
// Moved to src/analysis/ (the analysis's own layer, above the players): kept only while a caller
// still includes it from here; include "analysis/trade_price.h".
#include "analysis/trade_price.h"
