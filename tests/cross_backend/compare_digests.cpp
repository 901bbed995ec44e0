// smemc_compare_digests <a.txt> <b.txt>
// Compares two backends' digests (written by `<test binary> --smemc-digest`):
// every line both files have must carry the same bits. A variant only one
// side has (one backend does not run it) is listed, not a failure; a
// variant both have must have the same cases on both sides (a backend that
// dropped or renamed a case fails). Prints how many cases it compared, per
// variant. Exit 0 when every common case agrees, the variants both sides
// run have the same cases, and at least one case was compared; else 1.
// (tests/cross_backend/selftest.sh feeds it each failure.)
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>

namespace {

// "<family> <variant> <case...> <hash>" -> key (all but the hash), hash.
std::map<std::string, std::string> read_digest(const char* path, std::string& header) {
  std::map<std::string, std::string> lines;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("#")) {
      header = line;
      continue;
    }
    const auto space = line.rfind(' ');
    if (space != std::string::npos) lines[line.substr(0, space)] = line.substr(space + 1);
  }
  return lines;
}

// "<family> <variant> ..." -> "<family> <variant>".
std::string variant_of(const std::string& key) {
  const auto first = key.find(' ');
  const auto second = first == std::string::npos ? std::string::npos : key.find(' ', first + 1);
  return key.substr(0, second);
}

std::set<std::string> variants_of(const std::map<std::string, std::string>& lines) {
  std::set<std::string> variants;
  for (const auto& [key, bits] : lines) variants.insert(variant_of(key));
  return variants;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: smemc_compare_digests <a.txt> <b.txt>\n";
    return 2;
  }
  std::string header_a, header_b;
  const auto a = read_digest(argv[1], header_a), b = read_digest(argv[2], header_b);
  std::cout << "A " << header_a << "\nB " << header_b << '\n';
  int common = 0, differ = 0, unmatched = 0;
  const std::set<std::string> variants_a = variants_of(a), variants_b = variants_of(b);
  std::map<std::string, int> compared;
  for (const auto& [key, bits] : a) {
    const auto it = b.find(key);
    if (it == b.end()) {
      if (variants_b.contains(variant_of(key))) {
        ++unmatched;
        std::cout << "CASE ONLY IN A (B runs the variant): " << key << '\n';
      } else {
        std::cout << "only in A: " << key << '\n';
      }
      continue;
    }
    ++common;
    ++compared[variant_of(key)];
    if (it->second != bits) {
      ++differ;
      std::cout << "DIFFER: " << key << ": A " << bits << ", B " << it->second << '\n';
    }
  }
  for (const auto& [key, bits] : b) {
    if (a.contains(key)) continue;
    if (variants_a.contains(variant_of(key))) {
      ++unmatched;
      std::cout << "CASE ONLY IN B (A runs the variant): " << key << '\n';
    } else {
      std::cout << "only in B: " << key << '\n';
    }
  }
  for (const auto& [variant, count] : compared) std::cout << "  " << variant << ": " << count << " cases\n";
  std::cout << common << " cases compared, " << differ << " differ, " << unmatched << " without a counterpart\n";
  return common > 0 && differ == 0 && unmatched == 0 ? 0 : 1;
}
