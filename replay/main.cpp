// replay: steps through a saved game, each event in words, then the position.
#include <boost/program_options.hpp>
#include <iostream>

#include "app/exit_code.h"
#include "app/referee_commands.h"

namespace po = boost::program_options;
using namespace deedlog;

int main(int argc, char** argv) {
  po::options_description opts("replay [--db FILE] [--game ID] [--from SEQ] [--to SEQ] [--json]");
  opts.add_options()("help,h", "this help")("db", po::value<std::string>()->default_value("deedlog.db"),
                                              "the journal file")(
      "game", po::value<std::int64_t>(), "the game's id (may be left out when the file holds one game)")(
      "from", po::value<std::int64_t>()->default_value(1), "narrate from this event")(
      "to", po::value<std::int64_t>()->default_value(0), "stop after this event (0 = the end)")(
      "json", "print one JSON document instead of words");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, opts), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "replay: " << e.what() << "\n" << opts;
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << opts;
    return kExitOk;
  }
  CommonOptions o;
  o.db = vm["db"].as<std::string>();
  if (vm.count("game")) o.game = vm["game"].as<std::int64_t>();
  o.json = vm.count("json") > 0;
  try {
    return run_replay(o, vm["from"].as<std::int64_t>(), vm["to"].as<std::int64_t>(), std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "replay: " << e.what() << "\n";
    return kExitFailure;
  }
}
