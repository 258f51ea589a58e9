import { dirname, join, resolve, sep } from 'node:path'
import type { ToolTalkDatabases } from './domain/index.ts'
import { loadToolTalkDatabases, ToolTalkDatabaseError } from './domain/index.ts'
import type { JsonValue } from '../../src/world/index.ts'
import { importToolTalkConversation, ToolTalkConversationError } from './import-conversation.ts'
import { readJsonFile } from './read-json-file.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'

// Taken, not imported: an ES module import of node:fs loads its promise API too (see
// src/cli/builtin-modules.ts), a cost on the start-up path of toolcheck tooltalk.
const fs = process.getBuiltinModule('node:fs')

/** A file of a dataset folder that could not be imported. */
export interface ToolTalkFileError {
  readonly file: string
  readonly message: string
}

/** A ToolTalk dataset folder, imported. */
export interface ToolTalkDataset {
  readonly directory: string
  /** The conversations that imported, in file-name order. */
  readonly conversations: readonly ToolTalkConversation[]
  /** Files that could not be imported; the others are unaffected. */
  readonly errors: readonly ToolTalkFileError[]
  readonly databases: ToolTalkDatabases
}

/** Options of `loadToolTalkDataset`. */
export interface LoadToolTalkDatasetOptions {
  /** The databases folder; `<directory>/../databases` by default (ToolTalk's own layout). */
  readonly databases?: string
}

/**
 * Imports every `*.json` conversation of a ToolTalk folder (such as ToolTalk's `data/easy` or
 * `data/tooltalk`) and its databases. A file that cannot be read or is not a conversation is
 * listed in `errors` with its name and the problem; the rest still import. A databases folder that
 * cannot be loaded is an error, since nothing can run without it.
 *
 * The files are read synchronously: a ToolTalk folder is a few dozen small files, read in about a
 * millisecond that way and several times slower through Node's thread pool, which a short
 * `toolcheck tooltalk` run would spend most of its loading time starting.
 */
export async function loadToolTalkDataset(directory: string, options: LoadToolTalkDatasetOptions = {}): Promise<ToolTalkDataset> {
  const folder = resolve(directory)
  let names: string[]
  try {
    names = fs.readdirSync(folder).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    throw new ToolTalkConversationError(folder, `cannot read the conversations folder (${(error as Error).message})`)
  }
  const databasesFolder = resolve(options.databases ?? join(dirname(folder), 'databases'))
  const isFolder = fs.statSync(databasesFolder, { throwIfNoEntry: false })?.isDirectory() === true
  if (!isFolder)
    throw new ToolTalkDatabaseError(databasesFolder, `no databases folder here; ToolTalk keeps it next to the conversation folders (data/databases), or pass its path (--databases <dir>)`)
  const databases = await loadToolTalkDatabases(databasesFolder)
  const conversations: ToolTalkConversation[] = []
  const errors: ToolTalkFileError[] = []
  // The folder is resolved and a name from readdir holds no separator, so the path is the two
  // joined as they are: path.join would normalize each again, a cost in a short run.
  const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`
  for (const name of names) {
    const file = `${prefix}${name}`
    const read = await readJsonFile(file)
    if (!read.ok) {
      errors.push(read.error)
      continue
    }
    try {
      conversations.push(importToolTalkConversation(read.content, file))
    } catch (error) {
      if (!(error instanceof ToolTalkConversationError)) throw error
      errors.push({ file, message: error.message })
    }
  }
  return { directory: folder, conversations, errors, databases }
}
