import { fileURLToPath } from 'node:url'

/**
 * A ToolSandbox checkout next to the repository (`../shared/toolsandbox`), as a user has one: the
 * import and variant tests run ToolSandbox's own code on it in place and never copy it.
 */
export const TOOLSANDBOX_CHECKOUT = fileURLToPath(new URL('../../../shared/toolsandbox/', import.meta.url))
