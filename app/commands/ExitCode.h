#pragma once

// The exit codes of the errata commands (and of the window's own checks),
// named for what they tell a script. 0 and 2 mean the same for every
// command; 1 is each command's "done, and the answer is no", under the
// name that says which no. The values are part of the command line's
// interface: scripts and git test them.
namespace Errata::ExitCode {

enum Code : int {
    Ok = 0,
    // lookup, match: no record is like the text or matches the log; graph:
    // no record has the ID.
    FoundNothing = 1,
    // validate, status: a record has an error (with validate --strict, a
    // warning too); review --require-complete: a field is still to do;
    // import-/export-deadends: a file could not be converted.
    Findings = 1,
    // merge-driver: the result holds git's conflict markers.
    Conflicts = 1,
    // The window: --screenshot could not be written.
    Failed = 1,
    // The command line is wrong: an unknown option, a bad value, a folder
    // or file that is not what the command needs. Nothing was done.
    UsageError = 2,
    // The command could not do its work: git, a file or standard input
    // could not be read, or the result could not be written.
    CannotRun = 2,
    // match, lookup: nothing was found, but a regex was not searched in
    // full (a time budget stopped it).
    Incomplete = 3,
};

} // namespace Errata::ExitCode
