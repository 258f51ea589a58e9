import type { AnyTool } from '../tools/define-tool.ts'
import { settingsTools } from './settings-tools.ts'

/**
 * Every built-in device tool: the 33 ToolSandbox agent tools and `end_conversation` (which only
 * the user may call).
 */
export const deviceTools: readonly AnyTool[] = Object.freeze([...settingsTools])
