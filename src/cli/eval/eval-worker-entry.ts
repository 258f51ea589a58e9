// The entry of an eval worker thread. It turns on V8's compile cache for this thread before the
// worker's modules load: the main thread's `module.enableCompileCache()` does not reach worker
// threads, and without it each worker compiles (and, from the sources, strips the types of) the
// whole module graph again on every start. Started by bin/toolcheck.js, a worker has the cache
// from its first module on (NODE_COMPILE_CACHE in its environment) and this finds it on already;
// started by the command's code run some other way (its tests), this turns it on.
import module from 'node:module'
import { MODULE_EXTENSION } from '../../module-extension.ts'

module.enableCompileCache?.()
await import(new URL(`./eval-worker${MODULE_EXTENSION}`, import.meta.url).href)
