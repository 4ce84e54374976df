#include "bots/model_network.h"

#include <cmath>

namespace deedlog {

double hidden_score(const HiddenLayer& layer, const Features& f) {
  double x = 0;
  for (const HiddenUnit& u : layer) {
    double z = u.bias;
    for (std::size_t k = 0; k < f.size(); ++k) z += u.input[k] * f[k];
    x += u.output * std::tanh(z);
  }
  return x;
}

}  // namespace deedlog
