// The README's variant tables say what the spec rows say.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "spec_tables.hpp"

namespace smemc::spec_tables {
namespace {

TEST(SpecTables, readme_matches_the_spec_rows) {
  std::ifstream in(SMEMC_README);
  ASSERT_TRUE(in) << "cannot read " << SMEMC_README;
  std::stringstream text;
  text << in.rdbuf();
  for (const Table& t : tables()) {
    EXPECT_EQ(block(text.str(), t.family), t.markdown)
        << "README.md's " << t.family << " table differs from the spec rows; regenerate it with\n"
        << "  <build>/tests/smemc_spec_tables --update README.md";
  }
}

TEST(SpecTables, a_changed_row_is_noticed) {
  const Table first = tables().front();
  const std::string document =
      "x\n<!-- spec-table:" + first.family + " -->\n" + first.markdown + "<!-- /spec-table:" + first.family + " -->\n";
  EXPECT_EQ(block(document, first.family), first.markdown);
  std::string drifted = document;
  drifted.replace(drifted.find('|', drifted.find("---|")), 1, "| drift");
  EXPECT_NE(block(drifted, first.family), first.markdown) << "the check must see an edited table";
  EXPECT_EQ(block(updated(drifted), first.family), first.markdown) << "--update restores it";
}

}  // namespace
}  // namespace smemc::spec_tables
