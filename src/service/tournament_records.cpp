#include "service/tournament_records.h"

#include <fmt/format.h>

#include <limits>
#include <set>
#include <type_traits>

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;
using record_fields::Presence;
using record_fields::Shown;

template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};

template <class T>
concept HasFields = requires { T::fields(); };

// One field's value to JSON, and back with its type checked ("" when it reads, else why not).
template <class T>
ojson to_json(const T& v, bool with_secrets);

template <class T>
std::string from_json(const ojson& j, T* out);

template <class Owner>
ojson object_to_json(const Owner& o, bool with_secrets) {
  ojson j = ojson::object();
  std::apply(
      [&](const auto&... f) {
        const auto put = [&](const auto& field) {
          using T = std::remove_cvref_t<decltype(o.*(field.member))>;
          const T& v = o.*(field.member);
          if (field.shown == Shown::Secret && !with_secrets) return;
          if (field.presence == Presence::Optional && v == T{}) return;
          j[std::string(field.name)] = to_json(v, with_secrets);
        };
        (put(f), ...);
      },
      Owner::fields());
  return j;
}

template <class Owner>
std::string object_from_json(const ojson& j, Owner* o) {
  if (!j.is_object()) return "not a JSON object";
  std::set<std::string> declared;
  std::string why;
  std::apply(
      [&](const auto&... f) {
        const auto take = [&](const auto& field) {
          if (!why.empty()) return;
          declared.emplace(field.name);
          const auto it = j.find(std::string(field.name));
          if (it == j.end()) {
            if (field.presence == Presence::Required) why = fmt::format("\"{}\" is missing", field.name);
            return;
          }
          if (std::string bad = from_json(*it, &(o->*(field.member))); !bad.empty())
            why = fmt::format("\"{}\" {}", field.name, bad);
        };
        (take(f), ...);
      },
      Owner::fields());
  if (!why.empty()) return why;
  for (const auto& [key, value] : j.items())
    if (!declared.contains(key)) return fmt::format("\"{}\" is not a field of this kind", key.substr(0, 40));
  return "";
}

template <class T>
ojson to_json(const T& v, bool with_secrets) {
  if constexpr (HasFields<T>) {
    return object_to_json(v, with_secrets);
  } else if constexpr (IsVector<T>::value) {
    ojson a = ojson::array();
    for (const auto& x : v) a.push_back(to_json(x, with_secrets));
    return a;
  } else {
    return ojson(v);
  }
}

template <class T>
std::string from_json(const ojson& j, T* out) {
  if constexpr (HasFields<T>) {
    return object_from_json(j, out);
  } else if constexpr (IsVector<T>::value) {
    if (!j.is_array()) return "is not a list";
    out->clear();
    for (const ojson& x : j) {
      typename T::value_type v{};
      if (std::string why = from_json(x, &v); !why.empty()) return "holds an item that " + why;
      out->push_back(std::move(v));
    }
    return "";
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) return "is not true or false";
    *out = j.get<bool>();
    return "";
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!j.is_string()) return "is not a string";
    *out = j.get<std::string>();
    return "";
  } else if constexpr (std::is_integral_v<T>) {
    if (!j.is_number_integer()) return "is not a whole number";
    if (j.is_number_unsigned()) {
      const auto u = j.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return "is out of range";
      *out = static_cast<T>(u);
      return "";
    }
    const auto n = j.get<std::int64_t>();
    if (n < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        n > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
      return "is out of range";
    *out = static_cast<T>(n);
    return "";
  } else {
    static_assert(std::is_same_v<T, ojson>, "a record field of a type the codec does not know");
    if (!j.is_object()) return "is not a JSON object";
    *out = j;
    return "";
  }
}

template <std::size_t I = 0>
bool decode_declared(const std::string& kind, const ojson& j, TournamentRecordPayload* out, std::string* why) {
  if constexpr (I == std::variant_size_v<TournamentRecordPayload>) {
    return false;
  } else {
    using Kind = std::variant_alternative_t<I, TournamentRecordPayload>;
    if constexpr (!std::is_same_v<Kind, OtherKind>) {
      if (kind == Kind::kKind) {
        Kind value;
        *why = object_from_json(j, &value);
        *out = std::move(value);
        return true;
      }
    }
    return decode_declared<I + 1>(kind, j, out, why);
  }
}

ojson payload_json(const TournamentRecordPayload& p, bool with_secrets) {
  return std::visit(
      [&](const auto& v) -> ojson {
        using Kind = std::remove_cvref_t<decltype(v)>;
        if constexpr (std::is_same_v<Kind, OtherKind>) {
          return v.fields;
        } else {
          return object_to_json(v, with_secrets);
        }
      },
      p);
}

}  // namespace

std::string_view record_kind(const TournamentRecordPayload& p) {
  return std::visit(
      [](const auto& v) -> std::string_view {
        using Kind = std::remove_cvref_t<decltype(v)>;
        if constexpr (std::is_same_v<Kind, OtherKind>) return v.kind;
        else return Kind::kKind;
      },
      p);
}

std::string encode_record(const TournamentRecordPayload& p) { return payload_json(p, true).dump(); }

ojson shown_record_fields(const TournamentRecordPayload& p) { return payload_json(p, false); }

Status decode_record(std::int64_t tournament, const TournamentRecord& r, TournamentRecordPayload* out) {
  const auto bad = [&](const std::string& why) {
    return Status::corrupt(
        fmt::format("tournament {}: record {} ({}) is not readable: {}", tournament, r.seq, r.kind.substr(0, 40), why));
  };
  const ojson j = ojson::parse(r.payload, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad("not a JSON object");
  std::string why;
  if (!decode_declared(r.kind, j, out, &why)) {
    *out = OtherKind{r.kind, j};
    return Status::ok();
  }
  if (!why.empty()) return bad(why);
  return Status::ok();
}

}  // namespace deedlog
