// Landing frequencies of us-standard self-play against the exact long-run probabilities of the
// standard board (issue 7; docs/landing-frequencies.md). The bots keep to the "long stay" in jail
// (throw for doubles until the third turn), as in the published tables (Truman Collins,
// "Probabilities in the Game of Monopoly"), which tools/landing_probabilities.py reproduces as a
// Markov chain. A landing is where a token ends after a throw and all it causes, as `referee
// stats` counts it. Seeded: the same games every run, so the test cannot flake; the bounds are
// those a correct referee meets but for a one-in-several-thousand draw of the seed.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <thread>

#include <nlohmann/json.hpp>

#include "bots/simulation.h"
#include "service/statistics.h"
#include "journal/journal.h"
#include "support/cli.h"

namespace deedlog {
namespace {

// One row per way a throw can end: the 39 squares a token can rest on (Jail = just visiting)
// and, last, in Jail. Per throw: the published (16-card) probability; the asymptotic variance
// of the landing count per throw (the binomial p(1-p) corrected for the serial correlation of
// one token's throws, from the chain's fundamental matrix); the change in the probability per
// unit share of (a) Chance draws made while its Get Out of Jail Free card is held (a pack of 15),
// (b) the same for Community Chest, (c) third turns in jail begun by playing a held card, after
// which doubles throw again; and the largest error of that first-order correction.
struct Reference {
  const char* name;
  int square;
  bool in_jail;
  double p, variance, binomial, per_chance_held, per_chest_held, per_card_third_turn, linear_error;
};

// python3 tools/landing_probabilities.py --long --cpp
// long stay, per throw. The chi-square sum over the 40 categories of (O - E)^2 / (n variance)
// has mean 40.0000 and variance 90.2138: about 1.1277 times a chi-square with 35.47 degrees of freedom,
// which exceeds 85.5 with probability 1e-4 (Wilson-Hilferty).
// {name, square, in jail, published probability, variance per throw, binomial p(1-p),
//  change per unit share: chance_held, chest_held, card_third_turn; linearisation error}
constexpr Reference kLongStay[] = {
    {"GO", 0, false, 0.0291826249, 0.0254376405, 0.0283309993, +0.0002470649, +0.0002502359, -0.0000107954, 3.02e-07},
    {"Mediterranean Avenue", 1, false, 0.0201002876, 0.0176714214, 0.0196962661, -0.0000792964, -0.0000430914, -0.0000073987, 1.35e-07},
    {"Community Chest", 2, false, 0.0177750766, 0.0158976884, 0.0174591233, -0.0000771777, -0.0001976716, -0.0000067324, 7.43e-07},
    {"Baltic Avenue", 3, false, 0.0203976444, 0.0179400209, 0.0199815805, -0.0001065850, -0.0000218897, -0.0000078160, 5.72e-08},
    {"Income Tax", 4, false, 0.0219659351, 0.0192477671, 0.0214834328, +0.0000175797, -0.0000171750, -0.0000085960, 7.39e-08},
    {"Reading Railroad", 5, false, 0.0280496004, 0.0240696450, 0.0272628203, +0.0004403616, -0.0000145196, -0.0000109453, 5.31e-07},
    {"Oriental Avenue", 6, false, 0.0213457427, 0.0186506918, 0.0208901019, -0.0000171686, -0.0000043649, -0.0000078693, 6.18e-08},
    {"Chance", 7, false, 0.0081636259, 0.0077728753, 0.0080969812, -0.0009036558, -0.0000005518, -0.0000032039, 3.96e-07},
    {"Vermont Avenue", 8, false, 0.0219034304, 0.0191081133, 0.0214236701, +0.0000274370, -0.0000136907, -0.0000081829, 8.09e-08},
    {"Connecticut Avenue", 9, false, 0.0217117712, 0.0189854093, 0.0212403702, +0.0000220637, -0.0000232144, -0.0000086130, 7.54e-08},
    {"Just Visiting", 10, false, 0.0214222809, 0.0187884724, 0.0209633668, -0.0000017425, -0.0000231014, -0.0000081700, 6.70e-08},
    {"St. Charles Place", 11, false, 0.0255955212, 0.0223522162, 0.0249403905, +0.0002845581, -0.0000235317, -0.0000098246, 2.90e-07},
    {"Electric Company", 12, false, 0.0261548251, 0.0225662582, 0.0254707502, +0.0001620786, -0.0000044100, -0.0000040275, 1.82e-07},
    {"States Avenue", 13, false, 0.0217600026, 0.0190351716, 0.0212865049, -0.0000581548, -0.0000128967, -0.0000053039, 5.05e-08},
    {"Virginia Avenue", 14, false, 0.0242527042, 0.0210584977, 0.0236645105, -0.0000563372, +0.0000127871, +0.0000007216, 7.58e-08},
    {"Pennsylvania Railroad", 15, false, 0.0263657280, 0.0226091662, 0.0256705764, +0.0001482722, +0.0000080695, -0.0000031908, 1.19e-07},
    {"St. James Place", 16, false, 0.0267891867, 0.0229098089, 0.0260715261, +0.0000082880, +0.0000280132, +0.0000034974, 7.89e-08},
    {"Community Chest", 17, false, 0.0229513086, 0.0199812925, 0.0224245461, +0.0000217419, -0.0002012216, +0.0000014243, 2.08e-07},
    {"Tennessee Avenue", 18, false, 0.0281968408, 0.0239050730, 0.0274017789, +0.0000586058, +0.0000313067, +0.0000037028, 6.09e-08},
    {"New York Avenue", 19, false, 0.0281156222, 0.0238621534, 0.0273251340, +0.0001849793, +0.0000095507, +0.0000005815, 1.53e-07},
    {"Free Parking", 20, false, 0.0282479734, 0.0240006826, 0.0274500254, +0.0000860786, +0.0000167929, +0.0000014069, 5.67e-08},
    {"Kentucky Avenue", 21, false, 0.0261421432, 0.0222754317, 0.0254587315, +0.0000660149, -0.0000032924, +0.0000001138, 8.56e-08},
    {"Chance", 22, false, 0.0104495348, 0.0098752544, 0.0103403420, -0.0011348918, +0.0000017178, -0.0000004007, 8.16e-07},
    {"Indiana Avenue", 23, false, 0.0256727932, 0.0219218013, 0.0250137009, +0.0000590413, -0.0000173292, -0.0000005485, 9.52e-08},
    {"Illinois Avenue", 24, false, 0.0299549204, 0.0253793932, 0.0290576231, +0.0003308620, -0.0000229442, -0.0000069909, 2.66e-07},
    {"B. & O. Railroad", 25, false, 0.0289284741, 0.0242665370, 0.0280916175, +0.0002431818, -0.0000152162, +0.0000004975, 2.06e-07},
    {"Atlantic Avenue", 26, false, 0.0254008411, 0.0217038778, 0.0247556384, -0.0000136000, -0.0000127174, -0.0000084209, 6.64e-08},
    {"Ventnor Avenue", 27, false, 0.0251920138, 0.0215313859, 0.0245573762, -0.0000342812, -0.0000105070, -0.0000002010, 1.19e-07},
    {"Water Works", 28, false, 0.0265475220, 0.0225268324, 0.0258427511, +0.0000613626, -0.0000094201, -0.0000111246, 1.12e-07},
    {"Marvin Gardens", 29, false, 0.0243872241, 0.0209255035, 0.0237924874, -0.0000879211, -0.0000082835, -0.0000016137, 1.47e-07},
    {"Pacific Avenue", 31, false, 0.0252491510, 0.0214972488, 0.0246116314, -0.0000173458, -0.0000100600, -0.0000034946, 1.67e-07},
    {"North Carolina Avenue", 32, false, 0.0247692139, 0.0211376321, 0.0241557000, -0.0000003341, -0.0000113837, -0.0000131151, 1.02e-07},
    {"Community Chest", 33, false, 0.0222918952, 0.0194502489, 0.0217949666, +0.0000853863, -0.0002234130, -0.0000044618, 1.04e-06},
    {"Pennsylvania Avenue", 34, false, 0.0235763591, 0.0202519064, 0.0230205143, +0.0000172661, -0.0000111361, -0.0000124363, 9.68e-08},
    {"Short Line", 35, false, 0.0229247462, 0.0197686042, 0.0223992022, +0.0000323693, -0.0000159568, -0.0000051995, 1.77e-07},
    {"Chance", 36, false, 0.0081744544, 0.0077716378, 0.0081076327, -0.0009032275, -0.0000079463, -0.0000045731, 1.33e-06},
    {"Park Place", 37, false, 0.0206161916, 0.0180338371, 0.0201911642, +0.0000036729, -0.0000262024, -0.0000057341, 2.26e-07},
    {"Luxury Tax", 38, false, 0.0205584144, 0.0179916936, 0.0201357660, -0.0000213366, -0.0000327711, -0.0000101081, 1.88e-07},
    {"Boardwalk", 39, false, 0.0248612026, 0.0218018502, 0.0242431232, +0.0002631178, -0.0000403511, -0.0000079980, 3.74e-07},
    {"In Jail", 10, true, 0.0938551722, 0.2187970996, 0.0850463788, +0.0006416717, +0.0007217873, +0.0001951446, 2.67e-06},
};

// The chi-square's threshold (above): exceeded with probability 1e-4 under the model.
constexpr double kChiSquareThreshold = 85.5;
constexpr double kSigmas = 4.5;  // per square: exceeded with probability 7e-6 each, 3e-4 for all 40
// Throws of each token at the start of each game left out: every token starts on GO, and the
// chain forgets that start within a few dozen throws (the bias left after 50 throws is under
// 1e-4 landings per token and game; tools/landing_probabilities.py's chain, from GO).
constexpr int kBurnIn = 50;
// A margin for what the model still leaves out once corrected for held cards: a pack that goes
// between 15 and 16 cards in a game, which the corrected chain replaces by one pack mixed in the
// measured shares; and packs that cycle (each card once in every round of the pack) rather than
// draws at random, which leaves each card's share of the draws what it is in the chain (by the
// shuffle's symmetry) but not independent of a token's path. 0.001 percentage points: about 0.1
// standard error at the n of this test.
constexpr double kModelMargin = 1e-5;

constexpr int kCategories = static_cast<int>(std::size(kLongStay));
int category(const Reference& r) { return r.in_jail ? 40 : r.square; }  // index into Tally::landings

// Where throws end, tallied as the games are played, as `referee stats` counts them: the
// landing of a throw is the thrower's square (and whether in jail) just before the next throw.
struct Tally {
  std::array<std::int64_t, 41> landings{};  // by square; [40]: in jail
  std::int64_t throws = 0;
  std::int64_t chance_draws = 0, chance_held = 0, chest_draws = 0, chest_held = 0;
  std::int64_t third_turns = 0, third_turn_cards = 0;  // long stay: third turns in jail, and those begun with a card
  std::int64_t bankruptcies = 0;

  int burn_in = kBurnIn;
  int game = -1;
  std::array<int, kMaxPlayers> thrown{};
  PlayerId thrower = kBank;
  bool counted = false;

  void on_event(int g, const State& s, const Event& e) {
    if (g != game) {  // a new game: the last throw of the last one is left out (its landing is not seen)
      game = g;
      thrown.fill(0);
      thrower = kBank;
    }
    const auto past_burn_in = [&](PlayerId p) { return thrown[static_cast<std::size_t>(p)] > burn_in; };
    switch (e.type) {
      case EventType::DiceThrown: {
        if (thrower != kBank && counted) {
          const PlayerState& p = s.player(thrower);
          ++landings[p.in_jail ? 40 : p.square];
          ++throws;
        }
        thrower = e.player;
        ++thrown[static_cast<std::size_t>(e.player)];
        counted = past_burn_in(e.player);
        const PlayerState& p = s.player(e.player);
        if (counted && p.in_jail && p.jail_turns + 1 == 3) ++third_turns;
        break;
      }
      case EventType::CardDrawn: {
        if (!past_burn_in(e.player)) break;
        bool held = false;
        for (PlayerId q = 0; q < s.player_count; ++q) held = held || s.player(q).jail_cards[static_cast<int>(e.deck)] > 0;
        if (e.deck == DeckId::Chance) {
          ++chance_draws;
          chance_held += held;
        } else {
          ++chest_draws;
          chest_held += held;
        }
        break;
      }
      case EventType::LeftJail:
        if (past_burn_in(e.player) && e.count == static_cast<int>(JailExit::Card) &&
            s.player(e.player).jail_turns + 1 == 3) {
          ++third_turns;
          ++third_turn_cards;
        }
        break;
      case EventType::PlayerBankrupted:
        ++bankruptcies;
        break;
      default:
        break;
    }
  }
};

SimulationOptions long_stay(std::uint64_t seed, int games, int max_moves) {
  SimulationOptions o;
  o.ruleset = "us-standard";
  o.players = 4;
  o.games = games;
  o.seed = seed;
  o.max_moves = max_moves;
  o.starting_cash = kMaxSimulationCash;  // nobody goes broke (not even paying 10% income tax): every game runs to the move limit
  o.jail_strategy = JailStrategy::StayLong;
  return o;
}

TEST(LandingFrequencies, ReferenceTableIsAProbabilityDistribution) {
  double total = 0;
  for (const Reference& r : kLongStay) {
    total += r.p;
    EXPECT_GT(r.variance, 0);
  }
  EXPECT_NEAR(total, 1.0, 1e-8);
  EXPECT_EQ(kCategories, 40);  // 40 squares less Go to Jail, Jail split in two
}

// The landings tallied from the events are those `referee stats` reports from the journal,
// but for each game's last throw, which the tally leaves out (it sees no throw after it).
TEST(LandingFrequencies, TallyCountsAsRefereeStatsDoes) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  Tally tally;
  tally.burn_in = 0;
  constexpr int kGames = 3;
  SimulationOptions o = long_stay(7, kGames, 1500);
  o.on_event = [&](int g, const State& s, const Event& e) { tally.on_event(g, s, e); };
  std::vector<SimulatedGame> results;
  ASSERT_TRUE(simulate(o, j.get(), &results).is_ok());
  JournalStatistics st;
  ASSERT_TRUE(journal_statistics(*j, &st).is_ok());
  EXPECT_EQ(st.throws, tally.throws + kGames);
  std::int64_t missing = 0;
  for (std::size_t sq = 0; sq < 40; ++sq) {
    const std::int64_t stats = sq == 10 ? st.landings[10] - st.landings_in_jail : st.landings[sq];
    EXPECT_GE(stats, tally.landings[sq]) << "square " << sq;
    missing += stats - tally.landings[sq];
  }
  EXPECT_GE(st.landings_in_jail, tally.landings[40]);
  missing += st.landings_in_jail - tally.landings[40];
  EXPECT_EQ(missing, kGames);
}

// `referee simulate --jail-strategy`: short leaves jail before throwing (card or fine) and never
// throws in jail; long never pays before throwing and leaves by doubles or on the third turn.
TEST(LandingFrequencies, JailStrategyFlag) {
  const auto dir = testing::temp_dir("jail-strategy");
  const auto bad = testing::referee(dir / "x.db", "simulate --ruleset us-standard --jail-strategy sometimes");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--jail-strategy"), std::string::npos) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "x.db"));
  for (const std::string strategy : {"short", "long"}) {
    const auto db = dir / (strategy + ".db");
    const auto r = testing::referee(
        db, "simulate --ruleset us-standard --games 1 --seed 11 --cash 100000000 --max-moves 2000 --jail-strategy " + strategy);
    ASSERT_EQ(r.code, 0) << r.err;
    const auto log = testing::referee(db, "--json --game 1 log");
    ASSERT_EQ(log.code, 0) << log.err;
    std::map<int, int> exits;  // by JailExit
    int failed = 0;
    const auto doc = nlohmann::json::parse(log.out);
    for (const auto& e : doc["events"]) {
      if (e["type"] == "LeftJail") ++exits[e.value("count", 0)];
      if (e["type"] == "JailTurnFailed") ++failed;
    }
    if (strategy == "short") {
      EXPECT_EQ(failed, 0);
      EXPECT_GT(exits[static_cast<int>(JailExit::Fine)] + exits[static_cast<int>(JailExit::Card)], 0);
      EXPECT_EQ(exits[static_cast<int>(JailExit::Doubles)] + exits[static_cast<int>(JailExit::ThirdTurnFine)], 0);
    } else {
      EXPECT_GT(failed, 0);
      EXPECT_EQ(exits[static_cast<int>(JailExit::Fine)], 0);
      EXPECT_GT(exits[static_cast<int>(JailExit::Doubles)], 0);
      EXPECT_GT(exits[static_cast<int>(JailExit::ThirdTurnFine)], 0);
    }
  }
}

TEST(LandingFrequencies, LongStayAgreesWithTheMarkovChainWithinSamplingError) {
  // Two seeded runs, one per core; about 2 million throws.
  constexpr int kGames = 16, kMaxMoves = 100'000;
  std::array<Tally, 2> tallies;
  std::array<Status, 2> status{Status::ok(), Status::ok()};
  std::array<std::thread, 2> threads;
  for (std::size_t t = 0; t < 2; ++t) {
    threads[t] = std::thread([&, t] {
      SimulationOptions o = long_stay(20260701 + t, kGames, kMaxMoves);
      o.on_event = [&](int g, const State& s, const Event& e) { tallies[t].on_event(g, s, e); };
      std::vector<SimulatedGame> results;
      status[t] = simulate(o, nullptr, &results);
    });
  }
  for (auto& th : threads) th.join();
  for (const Status& s : status) ASSERT_TRUE(s.is_ok()) << s.message();
  Tally all;
  for (const Tally& t : tallies) {
    for (std::size_t c = 0; c < all.landings.size(); ++c) all.landings[c] += t.landings[c];
    all.throws += t.throws;
    all.chance_draws += t.chance_draws;
    all.chance_held += t.chance_held;
    all.chest_draws += t.chest_draws;
    all.chest_held += t.chest_held;
    all.third_turns += t.third_turns;
    all.third_turn_cards += t.third_turn_cards;
    all.bankruptcies += t.bankruptcies;
  }
  EXPECT_EQ(all.bankruptcies, 0) << "every game should run to its move limit, whoever is where";
  const double n = static_cast<double>(all.throws);
  ASSERT_GT(n, 1.9e6);
  ASSERT_EQ(all.landings[30], 0) << "no throw ends on Go to Jail";
  const double chance_held = static_cast<double>(all.chance_held) / all.chance_draws;
  const double chest_held = static_cast<double>(all.chest_held) / all.chest_draws;
  const double third_turn_cards = static_cast<double>(all.third_turn_cards) / all.third_turns;

  std::string table = fmt::format(
      "n = {} throws; Chance draws with its jail card held {:.4f}, Community Chest {:.4f}; third jail turns begun "
      "with a card {:.4f}\n{:>2} {:<22} {:>10} {:>10} {:>10} {:>8} {:>8}\n",
      all.throws, chance_held, chest_held, third_turn_cards, "sq", "", "published", "corrected", "measured", "z pub",
      "z corr");
  double chi_square = 0, chi_square_published = 0, worst = 0;
  const char* worst_square = "";
  for (const Reference& r : kLongStay) {
    const int c = category(r);
    const double measured = all.landings[static_cast<std::size_t>(c)] / n;
    const double se = std::sqrt(r.variance / n);
    const double expected = r.p + chance_held * r.per_chance_held + chest_held * r.per_chest_held +
                            third_turn_cards * r.per_card_third_turn;
    const double z = (measured - expected) / se;
    chi_square += z * z;
    chi_square_published += (measured - r.p) * (measured - r.p) / (se * se);
    if (std::abs(z) > std::abs(worst)) {
      worst = z;
      worst_square = r.name;
    }
    table += fmt::format("{:>2} {:<22} {:>9.4f}% {:>9.4f}% {:>9.4f}% {:>+8.2f} {:>+8.2f}\n", r.square, r.name,
                         100 * r.p, 100 * expected, 100 * measured, (measured - r.p) / se, z);
    EXPECT_LE(std::abs(measured - expected), kSigmas * se + r.linear_error + kModelMargin)
        << r.name << " (square " << r.square << "): measured " << measured << ", expected "
        << expected << " (" << z << " standard errors)";
  }
  table += fmt::format("largest deviation: {:+.2f} standard errors ({}); chi-square {:.1f} over {} "
                       "categories (against the uncorrected published table: {:.1f})\n",
                       worst, worst_square, chi_square, kCategories, chi_square_published);
  std::cout << table;
  EXPECT_LT(chi_square, kChiSquareThreshold);
}

}  // namespace
}  // namespace deedlog
