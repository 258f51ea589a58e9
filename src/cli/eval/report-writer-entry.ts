// The entry of the report writer's thread: V8's compile cache on for it before its modules load
// (as eval-worker-entry.ts does for the eval workers).
import module from 'node:module'
import { MODULE_EXTENSION } from '../../module-extension.ts'

module.enableCompileCache?.()
await import(new URL(`./report-writer-worker${MODULE_EXTENSION}`, import.meta.url).href)
