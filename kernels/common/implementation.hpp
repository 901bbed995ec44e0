#pragma once
// A backend's implementation table, and its join with a family's spec rows.
//
// A backend lists, per family, one Implementation per spec row: the row's
// name and the function that launches it. A row it does not implement is
// listed too, with launch = nullptr and the reason (never silently left
// out); a row it implements but cannot run on every device says why not on
// this one through unsupported_on_device. The tests iterate the join of the
// spec rows (in spec order) with the table of the backend the binary links;
// table_problems() is what a host test asserts empty.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/stream.hpp"

namespace smemc {

template <typename Args>
struct Implementation {
  std::string_view name;                          // a spec row's name
  void (*launch)(const Args&, Stream) = nullptr;  // null: this backend has no such variant...
  std::string_view not_implemented;               // ...and this says why (required then)
  // Empty when this device runs it, else why not; asked only once the
  // device is known to be usable.
  std::string (*unsupported_on_device)() = nullptr;
};

// A spec row joined with this backend's table entry.
template <typename Spec, typename Args>
struct Joined {
  const Spec* spec = nullptr;
  const Implementation<Args>* impl = nullptr;  // null: the table has no entry (a table problem)

  std::string_view name() const noexcept { return spec->doc.name; }
  bool exhibit() const noexcept { return spec->doc.exhibit(); }
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

template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> join(std::span<const Spec> specs, std::span<const Implementation<Args>> table) {
  std::vector<Joined<Spec, Args>> rows;
  for (const Spec& spec : specs) {
    Joined<Spec, Args> row{&spec, nullptr};
    for (const auto& entry : table) {
      if (entry.name == spec.doc.name) row.impl = &entry;
    }
    rows.push_back(row);
  }
  return rows;
}

// Why a table does not fit its spec, one line per problem: an entry naming
// no spec row, a spec row with no entry or with two, an entry with neither a
// launcher nor a reason.
template <typename Spec, typename Args>
std::vector<std::string> table_problems(std::span<const Spec> specs, std::span<const Implementation<Args>> table) {
  std::vector<std::string> problems;
  for (const auto& entry : table) {
    bool known = false;
    for (const Spec& spec : specs) known = known || spec.doc.name == entry.name;
    if (!known) problems.push_back("the table names '" + std::string(entry.name) + "', which no spec row has");
    if (entry.launch == nullptr && entry.not_implemented.empty()) {
      problems.push_back("'" + std::string(entry.name) + "' has no launcher and no reason why not");
    }
  }
  for (const Spec& spec : specs) {
    int entries = 0;
    for (const auto& entry : table) entries += entry.name == spec.doc.name;
    if (entries == 0) {
      problems.push_back("spec row '" + std::string(spec.doc.name) +
                         "' is neither implemented nor declared unsupported (add a table entry: a launcher, or "
                         "launch = nullptr with the reason)");
    }
    if (entries > 1) problems.push_back("spec row '" + std::string(spec.doc.name) + "' has " + std::to_string(entries) + " table entries");
  }
  return problems;
}

}  // namespace smemc
