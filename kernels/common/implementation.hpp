#pragma once
// A backend's implementation table, and its join with a family's spec rows.
//
// A backend lists, per family, one Implementation per spec row: the row's
// name and the function that launches it. A row it does not implement is
// listed too, with launch = nullptr and the reason (never silently left
// out); a row it implements but cannot run on every device says why not on
// this one through unsupported_on_device. An entry may narrow the row's
// domain (partial support: `narrowing`, spec.hpp). A backend may also bring
// rows of its own (a library call, a retuned kernel): an entry with
// `port_row` set, the row being a Spec like the built-in ones, which every
// check of the family then iterates after the spec's rows.
//
// The tests iterate the join of the spec rows (in spec order, then the
// port's rows in table order) with the table of the backend the binary
// links; table_problems() is what a host test asserts empty.
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
};
std::string_view to_string(Decline d) noexcept;

// One line of a backend's conformance profile: `row` may be declined for
// `reason`. A row with two allowed reasons has two lines.
struct Allowance {
  std::string_view row;
  Decline reason = Decline::none;
};

template <typename Spec, typename Args>
struct Implementation {
  std::string_view name;                          // a spec row's name (a port row: empty, its row names it)
  void (*launch)(const Args&, Stream) = nullptr;  // null: this backend has no such variant...
  std::string_view not_implemented;               // ...and this says why (required then)
  // Empty when this device runs it, else why not; asked only once the
  // device is known to be usable.
  std::string (*unsupported_on_device)() = nullptr;
  // Partial support: the part of the row's domain this backend takes.
  Narrowing narrowing;
  // A row this backend defines (not one of the spec's): the row itself.
  const Spec* port_row = nullptr;
  // Declined (launch = nullptr): the reason, from the fixed list.
  Decline declined = Decline::none;

  std::string_view row_name() const noexcept { return port_row != nullptr ? port_row->doc.name : name; }
};

// A spec row joined with this backend's table entry.
template <typename Spec, typename Args>
struct Joined {
  const Spec* spec = nullptr;                        // the row as this backend runs it: narrowed where the entry narrows it
  const Implementation<Spec, Args>* impl = nullptr;  // null: the table has no entry (a table problem)
  const Spec* declared = nullptr;                    // the row as it is stated
  std::shared_ptr<const Spec> narrowed_row;          // owns *spec when narrowed

  std::string_view name() const noexcept { return spec->doc.name; }
  bool exhibit() const noexcept { return spec->doc.exhibit(); }
  // A row the backend defines rather than the spec.
  bool port_defined() const noexcept { return impl != nullptr && impl->port_row != nullptr; }
  // Empty when the backend runs the whole row, else the narrowing in words.
  std::string narrowing() const { return impl != nullptr && impl->narrowing.narrows() ? describe(impl->narrowing) : ""; }
  // Empty when this backend implements the variant, else why not.
  std::string not_implemented() const {
    if (impl == nullptr) return "missing from this backend's implementation table";
    return impl->launch == nullptr ? std::string(impl->not_implemented) : std::string();
  }
  // Empty when the (usable) device runs an implemented variant, else why not.
  std::string unsupported_on_device() const {
    return impl != nullptr && impl->unsupported_on_device ? impl->unsupported_on_device() : std::string();
  }
  void launch(const Args& args, Stream stream) const { impl->launch(args, stream); }
};

// The spec rows in spec order, each with its entry (narrowed where the
// entry says so: the family's narrowed_row(spec, narrowing), found by
// argument-dependent lookup), then the rows the table defines itself.
template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> join(std::span<const Spec> specs, std::span<const Implementation<Spec, Args>> table) {
  std::vector<Joined<Spec, Args>> rows;
  auto add = [&](const Spec& spec, const Implementation<Spec, Args>* entry) {
    Joined<Spec, Args> row{&spec, entry, &spec, nullptr};
    if (entry != nullptr && entry->narrowing.narrows()) {
      row.narrowed_row = narrowed_row(spec, entry->narrowing);
      row.spec = row.narrowed_row.get();
    }
    rows.push_back(std::move(row));
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
  for (const auto& entry : table) {
    if (entry.port_row != nullptr || entry.launch != nullptr) continue;
    std::string allowed;
    bool allows = false;
    for (const Allowance& a : allowances) {
      if (a.row != entry.name) continue;
      allowed += (allowed.empty() ? "" : ", ") + std::string(to_string(a.reason));
      allows = allows || a.reason == entry.declined;
    }
    if (allows) continue;
    problems.push_back("spec row '" + std::string(entry.name) + "' is declined (" + std::string(to_string(entry.declined)) +
                       ": " + std::string(entry.not_implemented) + "), but " +
                       (allowed.empty() ? std::string("this backend's conformance profile requires it")
                                        : "its conformance profile allows only " + allowed));
  }
  return problems;
}

}  // namespace smemc
