import { TOOLSANDBOX_VARIANTS } from 'vitest-toolcheck'
import { builtInScenarios } from 'vitest-toolcheck/scenarios'
import { describeScenarios } from 'vitest-toolcheck/vitest'

// One test per built-in state-dependency scenario and per ToolSandbox variant (plain, distraction
// tools, scrambled names, descriptions and types). The agent comes from the plugin's options or
// TOOLCHECK_AGENT (reference by default, so this passes offline).
describeScenarios(builtInScenarios({ category: 'STATE_DEPENDENCY' }).slice(0, 5), { variants: TOOLSANDBOX_VARIANTS })
