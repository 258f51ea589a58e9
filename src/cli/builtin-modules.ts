/**
 * Node's `fs` and `util` as CommonJS has them (`process.getBuiltinModule`), for the modules on the
 * start-up path of the command line; the ToolTalk modules the `tooltalk` command runs take `fs`
 * the same way. Importing a built-in (`import { readFileSync } from 'node:fs'`) makes Node build
 * an ES module namespace of all its exports, reading each one: `fs.promises` then loads the
 * promise API with streams and readline, and `util`'s namespace more besides, together a few
 * milliseconds of every `toolcheck tooltalk` and `toolcheck --version`.
 */
export const fs = process.getBuiltinModule('node:fs')

/** Node's `util`; see `fs`. */
export const util = process.getBuiltinModule('node:util')
