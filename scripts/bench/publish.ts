import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { stopOnSignals } from '../shared/children'
import { errorMessage, projectRoot } from '../shared/paths'
import { measureLive } from './live'
import { describeMachine } from './machine'

/**
 * `npm run bench:publish [-- --host HOST] [--publishes N]`: publish-to-live of one post on the
 * demo marketplace tenant (bains-du-lac: five languages, magazine, several shops), N times in a
 * row against one API and one serve process: the time from the provider's create call to the
 * post's page answering 200 (webhook, queue, rebuild, atomic swap). Prints each time, the
 * median, the serve process's rebuild lines, the hour (UTC) and the machine's load, for
 * docs/benchmarks.md (written by hand: the machine is shared, so runs are alternated).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: 'bains-du-lac.localhost' },
      publishes: { type: 'string', default: '5' },
    },
  })
  const publishes = Number(values.publishes)
  if (!Number.isInteger(publishes) || publishes < 1) throw new Error('--publishes: a count')
  const startedAt = new Date().toISOString().slice(0, 16)
  const result = await measureLive(join(projectRoot, '.data', 'bench'), {
    host: values.host,
    publishes,
  })
  for (const line of result.log) console.log(`  serve: ${line}`)
  const sorted = [...result.seconds].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  console.log(
    `publish-to-live ${values.host}: ${result.seconds.map((s) => s.toFixed(2)).join(', ')} s`,
  )
  if (median !== undefined) console.log(`median ${median.toFixed(2)} s of ${sorted.length}`)
  if (result.note) console.log(result.note)
  const machine = describeMachine()
  console.log(
    `started ${startedAt} UTC, ${machine.nproc} CPU ${machine.cpu}, Node ${machine.node}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (as uptime prints it)`,
  )
  if (result.note) process.exitCode = 1
}

stopOnSignals()
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(`bench:publish failed: ${errorMessage(error)}`)
    process.exit(1)
  },
)
