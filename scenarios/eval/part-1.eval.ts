// The first half of `toolcheck eval` (see eval-suite.ts).
import { evalSuite } from './eval-suite.ts'

await evalSuite(1)
