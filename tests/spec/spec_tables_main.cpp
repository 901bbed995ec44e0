// smemc_spec_tables               prints the README's variant tables, generated from the spec rows
// smemc_spec_tables --update FILE rewrites the tables between the markers in FILE
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>

#include "spec_tables.hpp"

int main(int argc, char** argv) {
  if (argc == 3 && std::string_view(argv[1]) == "--update") {
    std::ifstream in(argv[2]);
    if (!in) {
      std::cerr << "smemc_spec_tables: cannot read " << argv[2] << '\n';
      return 1;
    }
    std::stringstream text;
    text << in.rdbuf();
    in.close();
    std::ofstream(argv[2]) << smemc::spec_tables::updated(text.str());
    std::cout << "updated the variant tables in " << argv[2] << '\n';
    return 0;
  }
  if (argc != 1) {
    std::cerr << "usage: smemc_spec_tables [--update README.md]\n";
    return 2;
  }
  for (const auto& t : smemc::spec_tables::tables())
    std::cout << "<!-- spec-table:" << t.family << " -->\n" << t.markdown << '\n';
  return 0;
}
