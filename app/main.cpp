#include "app/CommandLine.h"

int main(int argc, char *argv[])
{
    return Errata::CommandLine::run(argc, argv);
}
