import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** ToolTalk's data next to the repository (`../shared/tooltalk/data`), used in place. */
export const TOOLTALK_DATA = fileURLToPath(new URL('../../../shared/tooltalk/data/', import.meta.url))

/** Whether the data is there; tests that need it are skipped with this reason otherwise. */
export const HAS_TOOLTALK_DATA = existsSync(`${TOOLTALK_DATA}databases/Account.json`)

/** Why data tests were skipped. */
export const MISSING_DATA = `ToolTalk data not found at ${TOOLTALK_DATA} (expected ../shared/tooltalk/data next to the repository)`
