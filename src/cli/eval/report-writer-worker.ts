// The report writer's thread of `toolcheck eval` (see report-writer.ts): writes the runs it is
// handed, in the report's order, as they come (`ReportStream`), and the rest at the end.
import { parentPort, workerData } from 'node:worker_threads'
import { ReportStream } from '../../reporter/write-report.ts'
import type { FromReportWriter, ReportWriterSetup, ToReportWriter } from './report-writer-messages.ts'

const setup = workerData as ReportWriterSetup
const port = parentPort
if (port === null) throw new Error('report-writer-worker.ts runs as a worker thread of toolcheck eval')
const send = (message: FromReportWriter) => port.postMessage(message)

const stream = await ReportStream.open(setup.directory, setup.settings)
// Messages are handled one after the other: a run is added once the one before it is.
let queue = Promise.resolve()
let inOrder = true
let told = false
port.on('message', (message: ToReportWriter) => {
  queue = queue.then(() => handle(message)).catch(async (error: unknown) => {
    await stream.abort()
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    port.close()
  })
})

async function handle(message: ToReportWriter): Promise<void> {
  if (message.type === 'add') {
    // Past a run out of order, the command writes the report itself from its runs file.
    if (inOrder && !(await stream.add(message.line))) {
      inOrder = false
      await stream.abort()
    }
    if (!told) {
      told = true
      setImmediate(() => {
        told = false
        send({ type: 'added', runs: stream.runs })
      })
    }
    return
  }
  if (!inOrder) send({ type: 'out-of-order' })
  else {
    const { written, report } = await stream.finish(message.end)
    send({ type: 'finished', written, report })
  }
  port?.close()
}
