/** One parameter of a Python function, in signature order. */
export interface PythonParameter {
  readonly name: string
  /** False when the parameter has a default. */
  readonly required: boolean
}

/**
 * The `TypeError` text CPython 3.11 raises when `function(**keywords)` does not fit the
 * signature, or undefined when it fits: the first keyword (in the order given) that names no
 * parameter (`SendMessage.call() got an unexpected keyword argument 'to'`), else the required
 * parameters left out (`… missing 2 required positional arguments: 'receiver' and 'message'`;
 * three or more read `'a', 'b', and 'c'`).
 */
export function pythonCallError(qualifiedName: string, parameters: readonly PythonParameter[], keywords: readonly string[]): string | undefined {
  const names = new Set(parameters.map((parameter) => parameter.name))
  const unexpected = keywords.find((keyword) => !names.has(keyword))
  if (unexpected !== undefined) return `${qualifiedName}() got an unexpected keyword argument '${unexpected}'`
  const given = new Set(keywords)
  const missing = parameters.filter((parameter) => parameter.required && !given.has(parameter.name)).map((parameter) => `'${parameter.name}'`)
  if (missing.length === 0) return undefined
  const listed = missing.length === 1 ? missing[0] : missing.length === 2 ? `${missing[0]} and ${missing[1]}` : `${missing.slice(0, -1).join(', ')}, and ${missing.at(-1)}`
  return `${qualifiedName}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${listed}`
}
