#include "spec_tables.hpp"

#include <sstream>

#include "moving_average/spec.hpp"
#include "reduce/spec.hpp"
#include "transpose/spec.hpp"

namespace smemc::spec_tables {
namespace {

std::string name_cell(const Description& doc) {
  return "`" + std::string(doc.name) + "`" + (doc.exhibit() ? " **exhibit**: " + std::string(doc.exhibit_reason) : "");
}

std::string row(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& c : cells) line += " " + c + " |";
  return line + "\n";
}

std::string header(const std::vector<std::string>& columns) {
  std::string rule = "|";
  for (std::size_t i = 0; i < columns.size(); ++i) rule += "---|";
  return row(columns) + rule + "\n";
}

std::string begin_marker(std::string_view family) { return "<!-- spec-table:" + std::string(family) + " -->\n"; }
std::string end_marker(std::string_view family) { return "<!-- /spec-table:" + std::string(family) + " -->"; }

}  // namespace

std::vector<Table> tables() {
  std::vector<Table> all;
  {
    std::string t = header({"variant", "idea", "cost", "preconditions", "determinism", "summation depth k"});
    for (const reduce::Spec& s : reduce::specs()) {
      t += row({name_cell(s.doc), std::string(s.doc.idea), std::string(s.doc.cost), reduce::preconditions(s),
                std::string(to_string(s.determinism)), std::string(s.error_model)});
    }
    all.push_back({"reduce", t});
  }
  {
    std::string t = header({"variant", "idea", "cost", "preconditions"});
    for (const transpose::Spec& s : transpose::specs()) {
      t += row({name_cell(s.doc), std::string(s.doc.idea), std::string(s.doc.cost), transpose::preconditions(s)});
    }
    all.push_back({"transpose", t});
  }
  {
    std::string t = header({"variant", "idea", "cost", "preconditions", "determinism", "depth k of prefix i"});
    for (const moving_average::Spec& s : moving_average::specs()) {
      t += row({name_cell(s.doc), std::string(s.doc.idea), std::string(s.doc.cost), moving_average::preconditions(s),
                std::string(to_string(s.determinism)), std::string(s.error_model)});
    }
    all.push_back({"moving_average", t});
  }
  return all;
}

std::string block(std::string_view document, std::string_view family) {
  const std::string begin = begin_marker(family), end = end_marker(family);
  const auto from = document.find(begin);
  if (from == std::string_view::npos) return {};
  const auto to = document.find(end, from);
  if (to == std::string_view::npos) return {};
  return std::string(document.substr(from + begin.size(), to - from - begin.size()));
}

std::string updated(std::string document) {
  for (const Table& t : tables()) {
    const std::string begin = begin_marker(t.family), end = end_marker(t.family);
    const auto from = document.find(begin);
    const auto to = from == std::string::npos ? std::string::npos : document.find(end, from);
    if (to == std::string::npos) continue;
    document.replace(from + begin.size(), to - from - begin.size(), t.markdown);
  }
  return document;
}

}  // namespace smemc::spec_tables
