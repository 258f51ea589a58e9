/**
 * The offset of the first syntax error in a JSON text, or `undefined` when the text is valid.
 * `JSON.parse` does not always say where it failed; this small scanner does, so a broken scenario
 * file can be reported with its line and column.
 */
export function jsonErrorPosition(text: string): number | undefined {
  let position = 0
  const fail = (): never => {
    throw new ScanError(position)
  }
  const skipSpace = () => {
    while (position < text.length && ' \t\n\r'.includes(text[position] as string)) position++
  }
  const expect = (literal: string) => {
    if (!text.startsWith(literal, position)) fail()
    position += literal.length
  }
  const scanString = () => {
    expect('"')
    while (position < text.length && text[position] !== '"') {
      const code = text.charCodeAt(position)
      if (code < 0x20) fail()
      if (text[position] === '\\') {
        position++
        if (text[position] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(position + 1, position + 5))) fail()
          position += 4
        } else if (!'"\\/bfnrt'.includes(text[position] ?? 'x')) fail()
      }
      position++
    }
    expect('"')
  }
  const scanNumber = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(position))
    if (match === null) fail()
    position += (match as RegExpExecArray)[0].length
  }
  const scanValue = (): void => {
    skipSpace()
    const character = text[position]
    if (character === '{') {
      position++
      skipSpace()
      if (text[position] === '}') return void position++
      for (;;) {
        skipSpace()
        scanString()
        skipSpace()
        expect(':')
        scanValue()
        skipSpace()
        if (text[position] === ',') position++
        else return expect('}')
      }
    }
    if (character === '[') {
      position++
      skipSpace()
      if (text[position] === ']') return void position++
      for (;;) {
        scanValue()
        skipSpace()
        if (text[position] === ',') position++
        else return expect(']')
      }
    }
    if (character === '"') return scanString()
    if (character === 't') return expect('true')
    if (character === 'f') return expect('false')
    if (character === 'n') return expect('null')
    scanNumber()
  }
  try {
    scanValue()
    skipSpace()
    return position < text.length ? position : undefined
  } catch (error) {
    if (error instanceof ScanError) return error.position
    throw error
  }
}

class ScanError extends Error {
  readonly position: number
  constructor(position: number) {
    super(`JSON syntax error at ${position}`)
    this.position = position
  }
}
