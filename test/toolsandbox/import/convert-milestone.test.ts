import { describe, expect, test } from 'vitest'
import { convertConstraint, convertMilestone, UnconvertibleConstraintError } from '../../../scenarios/toolsandbox/import/convert-milestone.ts'
import type { ExtractedConstraint } from '../../../scenarios/toolsandbox/import/extracted-scenario.ts'

const known = { tools: new Set(['search_lat_lon', 'get_wifi_status', 'timestamp_diff', 'send_message_with_phone_number']) }

function constraint(overrides: Partial<ExtractedConstraint>): ExtractedConstraint {
  return { namespace: 'SANDBOX', similarity: 'snapshot_similarity', options: {}, reference: null, target: null, columns: {}, ...overrides }
}

const row = (cells: Record<string, string | number | boolean | null>) => ({ columns: Object.keys(cells), rows: [cells] })

describe("ToolSandbox's constraints as toolcheck's", () => {
  test('a tool trace becomes a tool call; a list of traces, alternatives; tolerances, close comparisons', () => {
    expect(convertConstraint(constraint({ target: row({ sender: 'EXECUTION_ENVIRONMENT', recipient: 'AGENT', tool_trace: '{"tool_name": "get_wifi_status", "arguments": {}}' }) }), known)).toEqual({
      kind: 'tool-call',
      anyOf: [{ tool: 'get_wifi_status', arguments: {} }],
    })
    const traces = JSON.stringify([
      { tool_name: 'search_lat_lon', arguments: { latitude: 37.3, longitude: -122 } },
      { tool_name: 'search_lat_lon', arguments: { latitude: 37.4, longitude: -122 } },
    ])
    const converted = convertConstraint(
      constraint({ target: row({ sender: 'EXECUTION_ENVIRONMENT', recipient: 'AGENT', tool_trace: traces }), columns: { tool_trace: { similarity: 'column_tool_trace_exact_match_similarity', atol: { latitude: 0.5, longitude: 'Infinity' } } } }),
      known,
    )
    expect(converted).toMatchObject({ kind: 'tool-call', anyOf: [{ arguments: { latitude: 37.3 }, compare: { latitude: { close: 0.5 }, longitude: { close: 'infinity' } } }, { arguments: { latitude: 37.4 } }] })
  })

  test('a trace filled from an earlier result gets $fill placeholders and the fill of its extractor', () => {
    const converted = convertConstraint(
      constraint({
        similarity: 'tool_trace_dependant_similarity',
        options: { fill_to: 'tool_trace', extractor: 'result_to_timestamp0_extractor' },
        reference: 0,
        target: row({ sender: 'EXECUTION_ENVIRONMENT', recipient: 'AGENT', tool_trace: '{"tool_name": "timestamp_diff", "arguments": {}}' }),
        columns: { tool_trace: { similarity: 'column_tool_trace_exact_match_similarity', atol: { timestamp_0: 1 } } },
      }),
      known,
    )
    expect(converted).toEqual({
      kind: 'tool-call',
      anyOf: [{ tool: 'timestamp_diff', arguments: { timestamp_0: { $fill: 'timestamp_0' } }, compare: { timestamp_0: { close: 1 } } }],
      fill: { milestone: 0, values: { timestamp_0: 'result' }, convert: { timestamp_0: 'float' } },
    })
  })

  test('a message to the user keeps its similarity and fill; a request naming a tool becomes a request constraint', () => {
    expect(convertConstraint(constraint({ target: row({ sender: 'AGENT', recipient: 'USER', content: 'Wifi is on' }) }), known)).toEqual({ kind: 'message', from: 'agent', to: 'user', content: 'Wifi is on', similarity: 'rouge-l' })
    expect(
      convertConstraint(
        constraint({ similarity: 'tool_trace_dependant_similarity', options: { fill_to: 'content', extractor: 'days_extractor' }, reference: 2, target: row({ sender: 'AGENT', recipient: 'USER', content: '{days} days' }), columns: { content: { similarity: 'column_contains_similarity' } } }),
        known,
      ),
    ).toEqual({ kind: 'message', from: 'agent', to: 'user', content: '{days} days', similarity: 'contains', fill: { milestone: 2, values: { days: 'result.days' }, convert: { days: 'int' } } })
    expect(convertConstraint(constraint({ target: row({ sender: 'AGENT', recipient: 'EXECUTION_ENVIRONMENT', content: 'search_lat_lon' }), columns: { content: { similarity: 'column_contains_similarity' } } }), known)).toEqual({ kind: 'request', anyOf: [{ tool: 'search_lat_lon' }] })
  })

  test("table constraints keep ToolSandbox's column similarities (ROUGE-L for free text), references and tolerances", () => {
    expect(convertConstraint(constraint({ namespace: 'SETTING', target: row({ wifi: true }) }), known)).toEqual({ kind: 'table', table: 'settings', rows: [{ wifi: true }] })
    expect(convertConstraint(constraint({ namespace: 'MESSAGING', similarity: 'addition_similarity', reference: -1, target: row({ recipient_phone_number: '+15550100', content: 'hi' }) }), known)).toEqual({
      kind: 'added',
      table: 'messages',
      rows: [{ recipient_phone_number: '+15550100', content: 'hi' }],
      reference: 'start',
      columns: { content: 'rouge-l' },
    })
    expect(
      convertConstraint(
        constraint({ namespace: 'REMINDER', similarity: 'update_similarity', reference: 1, target: row({ reminder_id: 'r', latitude: 37.3 }), columns: { latitude: { similarity: 'column_close_similarity', atol: { latitude: 0.001 } } } }),
        known,
      ),
    ).toEqual({ kind: 'updated', table: 'reminders', rows: [{ reminder_id: 'r', latitude: 37.3 }], reference: 1, columns: { latitude: { close: 0.001 } } })
  })

  test('what has no counterpart is refused with what it was', () => {
    expect(() => convertConstraint(constraint({ namespace: 'SETTING', similarity: 'guardrail_similarity', target: row({ wifi: true }) }), known)).toThrow(UnconvertibleConstraintError)
    expect(() => convertConstraint(constraint({ similarity: 'tool_trace_dependant_similarity', options: { extractor: 'made_up_extractor' }, reference: 0, target: row({ sender: 'AGENT', recipient: 'USER', content: 'x' }) }), known)).toThrow(/made_up_extractor/)
  })

  test("a milestone's guardrail exclusions become excluded tables", () => {
    const milestone = convertMilestone({ guardrails: null, guardrailExclusions: ['SETTING'], constraints: [constraint({ target: row({ sender: 'AGENT', recipient: 'USER', content: 'ok' }) })] }, known)
    expect(milestone.guardrails).toEqual({ exclude: ['settings'] })
    expect(convertMilestone({ guardrails: null, guardrailExclusions: null, constraints: [] }, known).guardrails).toBeUndefined()
  })
})
