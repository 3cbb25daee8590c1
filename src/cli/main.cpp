#include <iostream>
#include <string>
#include <vector>

#include "Cli.h"

int main(int argc, char** argv)
{
    const certdrill::SystemClock clock;
    certdrill::cli::Cli cli(std::cout, std::cerr, clock);
    return cli.run(std::vector<std::string>(argv + 1, argv + argc));
}
