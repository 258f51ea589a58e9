// The entry of an eval worker thread. It turns on V8's compile cache for this thread before the
// worker's modules load: the main thread's `module.enableCompileCache()` (bin/toolcheck.js) does
// not reach worker threads, and without it each worker compiles (and, from the sources, strips
// the types of) the whole module graph again on every start.
import module from 'node:module'
import { MODULE_EXTENSION } from '../../module-extension.ts'

module.enableCompileCache?.()
await import(new URL(`./eval-worker${MODULE_EXTENSION}`, import.meta.url).href)
