/**
 * The temporary files among `names` whose writer is gone: their name carries the writer's process
 * id (the first group of `pattern`), and no such process runs any more. A writer killed between
 * writing its temporary file and renaming it into place (kill -9, a crash) leaves one behind; the
 * next run removes them. A file whose process still runs is never named: it may be another run's
 * write in progress (two evals may share a cache).
 */
export function staleTemporaryFiles(names: readonly string[], pattern: RegExp): string[] {
  return names.filter((name) => {
    const pid = Number(pattern.exec(name)?.[1])
    return Number.isInteger(pid) && pid > 0 && !processRuns(pid)
  })
}

/** Whether a process with this id runs (one that is not ours to signal still runs). */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
