#include "spec_tables.hpp"

#include "smemc/families.hpp"

namespace smemc::spec_tables {
namespace {

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

std::string markdown(const SpecTable& t) {
  std::string text = header(t.columns);
  for (const auto& cells : t.rows) text += row(cells);
  return text;
}

}  // namespace

// Every family of SMEMC_FAMILIES (smemc/families.hpp), in the list's order.
std::vector<Table> tables() {
  std::vector<Table> all;
#define SMEMC_TABLE_OF(family) all.push_back({#family, markdown(family::spec_table())});
  SMEMC_FOR_EACH_FAMILY(SMEMC_TABLE_OF)
#undef SMEMC_TABLE_OF
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
