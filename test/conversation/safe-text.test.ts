import { describe, expect, test } from 'vitest'
import { EndpointFailure } from '../../src/roles/endpoint/endpoint-failure.ts'
import { escapeControlCharacters, redactCredentials, safeCause, safeText } from '../../src/conversation/safe-text.ts'
import { InfrastructureError } from '../../src/roles/types.ts'

describe('redactCredentials', () => {
  test('blanks the user information of any URL, whatever its scheme and however many @ it holds', () => {
    expect(redactCredentials('Request cannot be constructed from a URL that includes credentials: http://user:sk-live-123@host:8080/v1/chat')).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://[redacted]@host:8080/v1/chat',
    )
    expect(redactCredentials('wss://token@h/x and https://a:b@c@d.example/e')).toBe('wss://[redacted]@h/x and https://[redacted]@d.example/e')
    expect(redactCredentials('mail me at someone@example.com, see https://example.com/a@b')).toBe('mail me at someone@example.com, see https://example.com/a@b')
  })

  test('blanks secret-looking query parameters, bearer tokens and keys in their usual forms', () => {
    expect(redactCredentials('GET https://h/v1?api-key=abc&model=m&sig=zzz#x')).toBe('GET https://h/v1?api-key=[redacted]&model=m&sig=[redacted]#x')
    expect(redactCredentials('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]')
    expect(redactCredentials('key sk-proj-ABCDEFGHIJKLMNOPQRST and hf_abcdefghijklmnopqrstu')).toBe('key [redacted] and [redacted]')
    expect(redactCredentials('nothing secret here')).toBe('nothing secret here')
  })
})

describe('escapeControlCharacters', () => {
  test('writes escape sequences, carriage returns, bells and text-reordering marks as escapes; keeps tabs and line feeds', () => {
    expect(escapeControlCharacters('a\u001b[2Jb\u001b]0;pwned\u0007c\rd\te\nf\u202eg\u009bh')).toBe('a\\u001b[2Jb\\u001b]0;pwned\\u0007c\\u000dd\te\nf\\u202eg\\u009bh')
    expect(escapeControlCharacters('plain')).toBe('plain')
  })
})

describe('errors about model calls carry nothing secret or hostile', () => {
  const hostile = 'HTTP 500: \u001b[2J failed for http://admin:hunter2@10.0.0.1/v1'

  test('InfrastructureError and EndpointFailure make their message and cause safe', () => {
    const cause = new TypeError('fetch failed', { cause: Object.assign(new Error('connect to http://u:p@h refused'), { code: 'ECONNREFUSED' }) })
    for (const error of [new InfrastructureError('server-error', hostile, { cause }), new EndpointFailure('server-error', hostile, { cause })]) {
      expect(error.message).toBe('HTTP 500: \\u001b[2J failed for http://[redacted]@10.0.0.1/v1')
      const copied = error.cause as Error & { cause: Error & { code: string } }
      expect(copied).not.toBe(cause)
      expect(copied.name).toBe('TypeError')
      expect(copied.cause.message).toBe('connect to http://[redacted]@h refused')
      expect(copied.cause.code).toBe('ECONNREFUSED')
      expect(JSON.stringify([error.stack, copied.stack, copied.cause.stack])).not.toContain('hunter2')
    }
  })

  test('errors already made safe are kept as causes, with their own fields', () => {
    const failure = new EndpointFailure('rate-limit', 'HTTP 429', { status: 429, retryAfterMs: 5 })
    expect(new InfrastructureError('rate-limit', 'gave up', { cause: failure }).cause).toBe(failure)
    expect(safeCause('token=abc')).toBe('token=[redacted]')
    expect(safeText('\u001b http://a:b@c')).toBe('\\u001b http://[redacted]@c')
  })
})
