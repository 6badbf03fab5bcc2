import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { renditionsOf } from '#server/services/media/index.ts'

/**
 * What one upload costs (docs/decisions/081-media-storage.md): the files it becomes, their
 * bytes, and the CPU time to make them. Usage: npm run media:measure -- photo.jpg
 */
const path = process.argv[2]
if (!path) throw new Error('usage: measure-upload.ts <image file>')
const bytes = new Uint8Array(readFileSync(path))
const cpu = process.cpuUsage()
const wall = performance.now()
const made = await renditionsOf(bytes)
const used = process.cpuUsage(cpu)
const total = made.files.reduce((sum, file) => sum + file.body.byteLength, 0)
console.log(
  `${path}: ${made.type} ${made.width}x${made.height}, ${bytes.byteLength} bytes uploaded`,
)
for (const file of made.files)
  console.log(`  ${file.width} ${file.format}: ${file.body.byteLength}`)
console.log(`stored: ${made.files.length} files, ${total} bytes`)
console.log(
  `wall ${Math.round(performance.now() - wall)} ms, CPU ${Math.round((used.user + used.system) / 1000)} ms (${cpus().length} cores: ${cpus()[0]?.model ?? '?'})`,
)
