import type { ToolSpec } from 'vitest-toolcheck'
import { functionAgent } from 'vitest-toolcheck'

/**
 * "Your" agent: a few lines of rules standing in for real agent code. It switches Wi-Fi on when
 * asked, fixing low battery mode first when the phone refuses. A real agent would call a model;
 * toolcheck only needs something that answers with text or tool calls.
 *
 * It finds tools by what they do (`spec.tool`, the real tool behind the name it is shown) and uses
 * the argument name it is shown, so scrambled names and renamed arguments do not break it.
 */
export const myAgent = functionAgent(
  ({ tools, latestToolResults }) => {
    const last = latestToolResults().at(-1)
    const switchOn = (tool: string) => {
      const spec = tools.find((candidate) => candidate.tool === tool)
      return spec === undefined ? undefined : [{ name: spec.name, arguments: { [firstArgument(spec)]: tool !== 'set_low_battery_mode_status' } }]
    }
    if (last === undefined) return switchOn('set_wifi_status') ?? 'I cannot change Wi-Fi here.'
    if (last.error !== undefined && /low battery mode/i.test(last.error.message)) return switchOn('set_low_battery_mode_status') ?? last.error.message
    if (last.tool === 'set_low_battery_mode_status' && last.error === undefined) return switchOn('set_wifi_status') ?? 'Low battery mode is off.'
    return last.error === undefined ? 'Wi-Fi is on.' : `That did not work: ${last.error.message}`
  },
  { name: 'my-agent' },
)

function firstArgument(spec: ToolSpec): string {
  return Object.keys((spec.parameters.properties ?? {}) as object)[0] ?? 'on'
}
