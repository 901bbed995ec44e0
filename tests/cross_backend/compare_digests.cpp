// smemc_compare_digests <a.txt> <b.txt>
// Compares two backends' digests (written by `<test binary> --smemc-digest`):
// every line both files have must carry the same bits. Lines only one side
// has (a variant one backend does not run) are listed, not failures. Exit
// 0 when every common line agrees and there is at least one, else 1.
#include <fstream>
#include <iostream>
#include <map>
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

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: smemc_compare_digests <a.txt> <b.txt>\n";
    return 2;
  }
  std::string header_a, header_b;
  const auto a = read_digest(argv[1], header_a), b = read_digest(argv[2], header_b);
  std::cout << "A " << header_a << "\nB " << header_b << '\n';
  int common = 0, differ = 0;
  for (const auto& [key, bits] : a) {
    const auto it = b.find(key);
    if (it == b.end()) {
      std::cout << "only in A: " << key << '\n';
      continue;
    }
    ++common;
    if (it->second != bits) {
      ++differ;
      std::cout << "DIFFER: " << key << ": A " << bits << ", B " << it->second << '\n';
    }
  }
  for (const auto& [key, bits] : b) {
    if (!a.contains(key)) std::cout << "only in B: " << key << '\n';
  }
  std::cout << common << " cases compared, " << differ << " differ\n";
  return common > 0 && differ == 0 ? 0 : 1;
}
