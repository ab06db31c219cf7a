/** @module The CLI's help text. */
export const USAGE = `Usage: conformance <command> [options]

Commands:
  run      Run the conformance suite against a target (default: the bundled mock, in-process)
  mock     Start the bundled reference mock as a standalone HTTP server
  list     Print the check catalogue (id, level, section, requirement)
  help     Print this help

Run 'conformance <command> --help' for the options of a command.
`;
