#pragma once
// A backend's implementation table, and its join with a family's spec rows.
//
// A backend lists, per family, one Implementation per spec row: the row's
// name and the function that launches it (every typing the row states: the
// launch's Args say which). A row it does not implement is listed too, with
// launch = nullptr and the reason (never silently left out); an entry that
// runs only some of the row's typings names them (`typings`) and says why
// not the others; a (row, typing) it implements but cannot run on every
// device says why not on this one, with a reason from the fixed list
// (`on_device`: no fp64, say). An entry may narrow the row's domain
// (partial support: `narrowing`, spec.hpp). A backend may also bring rows of
// its own (a library call, a retuned kernel): an entry with `port_row` set,
// the row being a Spec like the built-in ones, which every check of the
// family then iterates after the spec's rows.
//
// The tests iterate the join: every (row, typing) of the spec rows (in spec
// order, each row's typings in its order), then the port's rows in table
// order, with the table of the backend the binary links; table_problems()
// is what a host test asserts empty.
//
// Required rows. A backend states, beside its table, which spec rows it may
// leave out and for which reason (its conformance profile: allowances());
// every other spec row is required of it. A declined entry gives its reason
// from the fixed list below (Decline) and its own words (not_implemented);
// profile_problems() reports a required row declined, or one declined for a
// reason its profile does not allow.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/spec.hpp"
#include "common/stream.hpp"
#include "common/types.hpp"

namespace smemc {

// Why a backend may leave a spec row out: the fixed list (docs/porting.md,
// "Required rows"). Anything else is not a reason to decline a row.
enum class Decline {
  none,
  // The row's blocks wait on one another (the look-back), and the platform
  // does not promise that every block of a launch makes progress (OpenCL
  // 1.2 between work-groups).
  needs_forward_progress,
  // A marked exhibit that relies on the lanes of a warp running in lockstep,
  // which the device has no notion of (a CPU).
  needs_lockstep_lanes,
  // The row is a GPU block shape; the port stands for the family with rows
  // of its own (a library call, a CPU algorithm), which the checks iterate.
  port_rows_instead,
  // The typing computes in double and the device has no double precision
  // (OpenCL's cl_khr_fp64 is an optional extension).
  needs_fp64,
  // The typing computes in half precision and the device has no half
  // arithmetic (cl_khr_fp16; half storage through vload_half is core).
  needs_fp16,
  // The typing adds 64-bit values atomically (cl_khr_int64_base_atomics).
  needs_int64_atomics,
  // The row's last warp shuffles in registers and the device has no
  // sub-group shuffles of 32 lanes.
  needs_subgroups,
};
std::string_view to_string(Decline d) noexcept;

// One line of a backend's conformance profile: `row` may be declined for
// `reason`, in the typing named `typing` (empty: in any of its typings). A
// row with two allowed reasons has two lines.
struct Allowance {
  std::string_view row;
  Decline reason = Decline::none;
  std::string_view typing;
};

// Why this device does not run a (row, typing) the backend implements: a
// reason from the fixed list and the words. reason none: it runs.
struct DeviceDecline {
  Decline reason = Decline::none;
  std::string why;
};

template <typename Spec, typename Args>
struct Implementation {
  std::string_view name;                          // a spec row's name (a port row: empty, its row names it)
  void (*launch)(const Args&, Stream) = nullptr;  // null: this backend has no such variant...
  std::string_view not_implemented;               // ...and this says why (required then)
  // Whether this device runs the (row, typing), with the reason when not;
  // asked only once the device is known to be usable. Null: it runs all.
  DeviceDecline (*on_device)(const Typing&) = nullptr;
  // Partial support: the part of the row's domain this backend takes.
  Narrowing narrowing;
  // A row this backend defines (not one of the spec's): the row itself.
  const Spec* port_row = nullptr;
  // Declined (launch = nullptr): the reason, from the fixed list.
  Decline declined = Decline::none;
  // The names of the row's typings this entry runs (empty: every one); the
  // others are declined for `typings_declined` (from the fixed list), as
  // `typings_not_implemented` says in words.
  std::span<const std::string_view> typings;
  Decline typings_declined = Decline::none;
  std::string_view typings_not_implemented;

  std::string_view row_name() const noexcept { return port_row != nullptr ? port_row->doc.name : name; }
  // Whether this entry runs the typing named `typing` (implemented, and
  // among `typings` where it names any).
  bool runs_typing(std::string_view typing) const noexcept {
    if (launch == nullptr) return false;
    if (typings.empty()) return true;
    for (std::string_view t : typings) {
      if (t == typing) return true;
    }
    return false;
  }
};

// Two kernels for one spec row, in one table and one binary: the spec row's
// entry launches one, and a port row made by second_kernel() the other. The
// port row is the spec row under a name of the port's and its own words
// (idea), optionally in fewer of its typings; every check of the family then
// holds it to all the spec row states (domain, class, model, depth, traffic,
// workspace), its fixed contract table is the spec row's, and the matrix
// lists it by its own name.
template <typename Spec>
constexpr Spec second_kernel(const Spec& row, std::string_view name, std::string_view idea,
                             std::span<const Typing> typings = {}) {
  Spec second = row;
  second.doc.name = name;
  second.doc.idea = idea;
  second.doc.second_kernel_of = row.doc.name;
  if (!typings.empty()) second.typings = typings;
  return second;
}

// Whether a profile allows declining (row, typing) for `reason`.
inline bool allows(std::span<const Allowance> allowances, std::string_view row, std::string_view typing, Decline reason) {
  for (const Allowance& a : allowances) {
    if (a.row == row && a.reason == reason && (a.typing.empty() || a.typing == typing)) return true;
  }
  return false;
}
// The reasons a profile allows for (row, typing), in words ("" when none).
inline std::string allowed_reasons(std::span<const Allowance> allowances, std::string_view row, std::string_view typing) {
  std::string allowed;
  for (const Allowance& a : allowances) {
    if (a.row != row || !(a.typing.empty() || a.typing == typing)) continue;
    allowed += (allowed.empty() ? "" : ", ") + std::string(to_string(a.reason));
  }
  return allowed;
}

// A (spec row, typing) joined with this backend's table entry.
template <typename Spec, typename Args>
struct Joined {
  const Spec* spec = nullptr;  // the row as this backend runs it in this typing: typed, and narrowed where the entry narrows it
  const Implementation<Spec, Args>* impl = nullptr;  // null: the table has no entry (a table problem)
  const Spec* declared = nullptr;                    // the row as it is stated
  std::shared_ptr<const Spec> narrowed_row;          // owns *spec when typed or narrowed
  Typing typing;                                     // one of the row's typings
  std::span<const Allowance> allowances;             // the backend's conformance profile

  // The row's name, as the spec states it (what launchers validate against).
  std::string_view name() const noexcept { return spec->doc.name; }
  std::string typing_name() const { return smemc::typing_name(typing); }
  // "<row>_<typing>": what test names and failure messages call it.
  std::string typed_name() const { return std::string(name()) + "_" + typing_name(); }
  bool exhibit() const noexcept { return spec->doc.exhibit(); }
  // A row the backend defines rather than the spec.
  bool port_defined() const noexcept { return impl != nullptr && impl->port_row != nullptr; }
  // Empty when the backend runs the whole row, else the narrowing in words.
  std::string narrowing() const { return impl != nullptr && impl->narrowing.narrows() ? describe(impl->narrowing) : ""; }
  // Empty when this backend implements the variant in this typing, else why not.
  std::string not_implemented() const {
    if (impl == nullptr) return "missing from this backend's implementation table";
    if (impl->launch == nullptr) return std::string(impl->not_implemented);
    if (!impl->runs_typing(typing_name())) return std::string(impl->typings_not_implemented);
    return {};
  }
  // Whether the (usable) device runs an implemented variant, and why not.
  DeviceDecline on_device() const {
    return impl != nullptr && impl->on_device != nullptr ? impl->on_device(typing) : DeviceDecline{};
  }
  // Empty when the device runs it; else "unsupported: <why>" where the
  // profile allows the reason, or the problem where it does not (a row the
  // backend's profile requires, declined on this device).
  std::string unsupported_on_device() const {
    const DeviceDecline d = on_device();
    if (d.reason == Decline::none) return {};
    return d.why;
  }
  bool device_decline_allowed() const {
    const DeviceDecline d = on_device();
    return d.reason == Decline::none || allows(allowances, name(), typing_name(), d.reason);
  }
  void launch(Args args, Stream stream) const {
    args.typing = typing;
    impl->launch(args, stream);
  }
};

// The (row, typing) a join makes of a row that states no typing-dependent
// part: nothing to change (a family's typed_row() returns this).
template <typename Spec>
std::shared_ptr<const Spec> untyped(const Spec&, const Typing&) {
  return nullptr;
}

// Every (spec row, typing) in spec order, each with its entry (typed by the
// family's typed_row(spec, typing) where the typing changes the row: a
// domain an accumulator limits, the exact class of integer sums; narrowed
// where the entry says so: the family's narrowed_row(spec, narrowing); both
// found by argument-dependent lookup), then the rows the table defines
// itself, typing by typing.
template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> join(std::span<const Spec> specs, std::span<const Implementation<Spec, Args>> table,
                                     std::span<const Allowance> allowances) {
  std::vector<Joined<Spec, Args>> rows;
  auto add = [&](const Spec& spec, const Implementation<Spec, Args>* entry) {
    for (const Typing& typing : spec.typings) {
      Joined<Spec, Args> row{&spec, entry, &spec, nullptr, typing, allowances};
      row.narrowed_row = typed_row(spec, typing);
      if (row.narrowed_row) row.spec = row.narrowed_row.get();
      if (entry != nullptr && entry->narrowing.narrows()) {
        row.narrowed_row = narrowed_row(*row.spec, entry->narrowing);
        row.spec = row.narrowed_row.get();
      }
      rows.push_back(std::move(row));
    }
  };
  for (const Spec& spec : specs) {
    const Implementation<Spec, Args>* found = nullptr;
    for (const auto& entry : table) {
      if (entry.port_row == nullptr && entry.name == spec.doc.name) found = &entry;
    }
    add(spec, found);
  }
  for (const auto& entry : table) {
    if (entry.port_row != nullptr) add(*entry.port_row, &entry);
  }
  return rows;
}

// Whether a spec row of that name exists.
template <typename Spec>
bool names_spec_row(std::span<const Spec> specs, std::string_view name) {
  for (const Spec& spec : specs) {
    if (spec.doc.name == name) return true;
  }
  return false;
}

// Why a row's typings do not hold together, one line each: none stated, or
// two with one name (the tests would run one of them twice).
template <typename Spec>
std::vector<std::string> typing_problems(const Spec& spec) {
  std::vector<std::string> problems;
  if (spec.typings.empty()) problems.push_back("row '" + std::string(spec.doc.name) + "' states no typing");
  for (std::size_t i = 0; i < spec.typings.size(); ++i) {
    for (std::size_t j = i + 1; j < spec.typings.size(); ++j) {
      if (typing_name(spec.typings[i]) == typing_name(spec.typings[j])) {
        problems.push_back("row '" + std::string(spec.doc.name) + "' states typing '" + typing_name(spec.typings[i]) + "' twice");
      }
    }
  }
  return problems;
}

// Why a table does not fit its spec, one line per problem: an entry naming
// no spec row, a spec row with no entry or with two, an entry with neither a
// launcher nor a reason, a port row that takes a spec row's name or has no
// launcher, a narrowing without a reason or one that leaves nothing to test.
template <typename Spec, typename Args>
std::vector<std::string> table_problems(std::span<const Spec> specs, std::span<const Implementation<Spec, Args>> table) {
  std::vector<std::string> problems;
  for (const auto& entry : table) {
    const std::string name(entry.row_name());
    if (entry.port_row != nullptr) {
      if (name.empty()) problems.push_back("a port row has no name");
      if (!entry.name.empty() && entry.name != entry.port_row->doc.name) {
        problems.push_back("the entry of port row '" + name + "' names '" + std::string(entry.name) + "'");
      }
      if (names_spec_row(specs, name)) problems.push_back("port row '" + name + "' has the name of a spec row");
      if (const std::string_view of = entry.port_row->doc.second_kernel_of; !of.empty() && !names_spec_row(specs, of)) {
        problems.push_back("port row '" + name + "' is a second kernel of '" + std::string(of) + "', which no spec row has");
      }
      if (entry.launch == nullptr) problems.push_back("port row '" + name + "' has no launcher");
      if (entry.narrowing.narrows()) {
        problems.push_back("port row '" + name + "' is narrowed: a row the backend defines states its own domain");
      }
    } else if (!names_spec_row(specs, name)) {
      problems.push_back("the table names '" + name + "', which no spec row has");
    }
    if (entry.launch == nullptr && entry.not_implemented.empty()) {
      problems.push_back("'" + name + "' has no launcher and no reason why not");
    }
    if (entry.launch == nullptr && entry.declined == Decline::none) {
      problems.push_back("'" + name + "' is declined without a reason from the fixed list (Decline)");
    }
    if (entry.launch != nullptr && entry.declined != Decline::none) {
      problems.push_back("'" + name + "' has a launcher but says it is declined (" + std::string(to_string(entry.declined)) +
                         ")");
    }
    if (entry.narrowing.narrows() && entry.narrowing.reason.empty()) {
      problems.push_back("'" + name + "' is narrowed without a reason");
    }
    if (entry.narrowing.narrows() && entry.launch == nullptr) {
      problems.push_back("'" + name + "' is narrowed but not implemented");
    }
    const Spec* row = entry.port_row;
    for (const Spec& spec : specs) {
      if (row == nullptr && spec.doc.name == entry.name) row = &spec;
    }
    if (row != nullptr) {
      for (std::string_view typing : entry.typings) {
        if (typing_named(row->typings, typing) == nullptr) {
          problems.push_back("'" + name + "' runs typing '" + std::string(typing) + "', which the row does not state");
        }
      }
      const bool some_declined = !entry.typings.empty() && entry.typings.size() < row->typings.size();
      if (some_declined && (entry.typings_declined == Decline::none || entry.typings_not_implemented.empty())) {
        problems.push_back("'" + name + "' runs only some of its row's typings without a reason from the fixed list and words");
      }
    }
  }
  for (const Spec& spec : specs) {
    int entries = 0;
    const Implementation<Spec, Args>* entry = nullptr;
    for (const auto& e : table) {
      if (e.port_row == nullptr && e.name == spec.doc.name) {
        ++entries;
        entry = &e;
      }
    }
    if (entries == 0) {
      problems.push_back("spec row '" + std::string(spec.doc.name) +
                         "' is neither implemented nor declared unsupported (add a table entry: a launcher, or "
                         "launch = nullptr with the reason)");
    }
    if (entries > 1)
      problems.push_back("spec row '" + std::string(spec.doc.name) + "' has " + std::to_string(entries) + " table entries");
    if (entries == 1 && entry->narrowing.narrows() && !entry->narrowing.reason.empty()) {
      if (const std::string why = narrowing_leaves_nothing(spec, entry->narrowing); !why.empty()) {
        problems.push_back("'" + std::string(spec.doc.name) + "': " + why);
      }
    }
  }
  for (std::size_t i = 0; i < table.size(); ++i) {
    for (std::size_t j = i + 1; j < table.size(); ++j) {
      if (table[i].port_row != nullptr && table[j].port_row != nullptr && table[i].row_name() == table[j].row_name()) {
        problems.push_back("port row '" + std::string(table[i].row_name()) + "' is defined twice");
      }
    }
    if (table[i].port_row != nullptr) {
      for (const std::string& why : typing_problems(*table[i].port_row)) problems.push_back(why);
    }
  }
  for (const Spec& spec : specs) {
    for (const std::string& why : typing_problems(spec)) problems.push_back(why);
  }
  return problems;
}

// Why a table does not meet the backend's conformance profile, one line per
// problem: a spec row declined that the profile requires (no allowance for
// it), or declined for a reason the profile does not allow it; an allowance
// that names no spec row.
template <typename Spec, typename Args>
std::vector<std::string> profile_problems(std::span<const Spec> specs, std::span<const Implementation<Spec, Args>> table,
                                          std::span<const Allowance> allowances) {
  std::vector<std::string> problems;
  for (const Allowance& a : allowances) {
    if (!names_spec_row(specs, a.row))
      problems.push_back("the conformance profile allows declining '" + std::string(a.row) + "', which no spec row is");
    if (a.reason == Decline::none)
      problems.push_back("the conformance profile allows declining '" + std::string(a.row) + "' for no reason");
  }
  for (const Allowance& a : allowances) {
    if (a.typing.empty()) continue;
    for (const Spec& spec : specs) {
      if (spec.doc.name == a.row && typing_named(spec.typings, a.typing) == nullptr) {
        problems.push_back("the conformance profile allows declining '" + std::string(a.row) + "' in typing '" +
                           std::string(a.typing) + "', which the row does not state");
      }
    }
  }
  for (const auto& entry : table) {
    if (entry.port_row != nullptr) continue;
    const Spec* row = nullptr;
    for (const Spec& spec : specs) {
      if (spec.doc.name == entry.name) row = &spec;
    }
    if (row == nullptr) continue;
    for (const Typing& typing : row->typings) {
      const std::string t = typing_name(typing);
      if (entry.runs_typing(t)) continue;
      const bool whole_row = entry.launch == nullptr;
      const Decline reason = whole_row ? entry.declined : entry.typings_declined;
      if (allows(allowances, entry.name, t, reason)) continue;
      const std::string allowed = allowed_reasons(allowances, entry.name, t);
      problems.push_back("spec row '" + std::string(entry.name) + "' is declined in typing " + t + " (" +
                         std::string(to_string(reason)) + ": " +
                         std::string(whole_row ? entry.not_implemented : entry.typings_not_implemented) + "), but " +
                         (allowed.empty() ? std::string("this backend's conformance profile requires it")
                                          : "its conformance profile allows only " + allowed));
    }
  }
  return problems;
}

}  // namespace smemc
