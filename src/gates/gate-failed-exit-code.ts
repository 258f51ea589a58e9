// Apart from the gates' options schema, so the command line knows its exit codes without loading it.
/**
 * The exit code of a run whose gates failed, from the plugin and from `toolcheck eval`, and of
 * `toolcheck compare` when it finds a significant regression.
 */
export const GATE_FAILED_EXIT_CODE = 4
