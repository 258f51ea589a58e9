// The second half of `toolcheck eval` (see eval-suite.ts).
import { evalSuite } from './eval-suite.ts'

await evalSuite(2)
