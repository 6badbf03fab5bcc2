/**
 * `npm run bench:compression -- [--dist DIR] [--no-write]`: what each compression level costs and
 * saves on the demo tenants' build (decision 066), for the two kinds of files build:sites
 * compresses: a tenant's pages (HTML, XML, JSON: rendered again at every publish of that tenant)
 * and the shared hashed assets (`_astro/`: built once per deploy, sent to every tenant's
 * visitors). For brotli 1-11, gzip 6 and 9 and zstd 3, 9 and 19 (Node 24's zlib; Chromium and
 * Firefox send it since 2024): the compressed bytes against the raw ones and
 * the CPU time per file (process.cpuUsage around zlib's synchronous call: the figure least
 * moved by other work on the machine). Builds the demo tenants as bench:weight does, or reads
 * `--dist DIR` (a build with <host>/ folders and _astro/).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib'
import { brotliParams, isCompressible, MIN_COMPRESS_BYTES } from '../build-sites/compress-levels'
import { listFiles } from '../build-sites/tree'
import { buildDemoSites, DEMO_HOSTS } from './demo-sites'
import { describeMachine } from './machine'
import { appendSection } from './report-md'

const args = process.argv.slice(2)
const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : undefined
const write = !args.includes('--no-write')

interface Candidate {
  readonly name: string
  readonly pack: (bytes: Buffer) => Buffer
}

const brotliAt = (quality: number): Candidate => ({
  name: `br ${quality}`,
  pack: (bytes) => brotliCompressSync(bytes, { params: brotliParams(quality, bytes.length) }),
})
const gzipAt = (level: number): Candidate => ({
  name: `gzip ${level}`,
  pack: (bytes) => gzipSync(bytes, { level }),
})

const zstdAt = (level: number): Candidate => ({
  name: `zstd ${level}`,
  pack: (bytes) =>
    zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: level } }),
})

const CANDIDATES: readonly Candidate[] = [
  ...Array.from({ length: 11 }, (_, index) => brotliAt(index + 1)),
  gzipAt(6),
  gzipAt(9),
  zstdAt(3),
  zstdAt(9),
  zstdAt(19),
]

interface Row {
  readonly name: string
  readonly ratio: number
  readonly cpuMsPerFile: number
  readonly bytesPerFile: number
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage()
  run()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

/** Each candidate over every file of the set: compressed/raw bytes and CPU ms per file. */
function measure(files: readonly Buffer[]): Row[] {
  const raw = files.reduce((sum, bytes) => sum + bytes.length, 0)
  return CANDIDATES.map(({ name, pack }) => {
    let packed = 0
    const ms = cpuMs(() => {
      for (const bytes of files) packed += pack(bytes).length
    })
    return {
      name,
      ratio: packed / raw,
      cpuMsPerFile: ms / files.length,
      bytesPerFile: packed / files.length,
    }
  })
}

async function textFiles(dir: string): Promise<Buffer[]> {
  const files = (await listFiles(dir)).filter(isCompressible)
  return files
    .map((file) => readFileSync(join(dir, file)))
    .filter((bytes) => bytes.length >= MIN_COMPRESS_BYTES)
}

function table(title: string, files: readonly Buffer[], rows: readonly Row[]): string {
  const raw = files.reduce((sum, bytes) => sum + bytes.length, 0) / files.length
  const lines = [
    `**${title}**: ${files.length} files, ${(raw / 1024).toFixed(1)} KiB each on average`,
    '',
    '| encoding | compressed / raw | bytes per file | CPU ms per file |',
    '|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${(row.ratio * 100).toFixed(1)} % | ${Math.round(row.bytesPerFile)} | ${row.cpuMsPerFile.toFixed(2)} |`,
    ),
  ]
  return lines.join('\n')
}

async function main(): Promise<void> {
  const built = distArg ? undefined : await buildDemoSites('compression')
  const root = distArg ?? built?.dir ?? ''
  try {
    const pages = (await Promise.all(DEMO_HOSTS.map((host) => textFiles(join(root, host))))).flat()
    const shared = await textFiles(join(root, '_astro'))
    const machine = describeMachine()
    const section = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: compression levels`,
      '',
      `\`npm run bench:compression${args.length ? ` -- ${args.join(' ')}` : ''}\` on ${machine.nproc} × ${machine.cpu}, Node ${machine.node}, load ${machine.load} at the start.`,
      '',
      table("A tenant's pages (HTML, XML, JSON)", pages, measure(pages)),
      '',
      table('Shared hashed assets (_astro/)', shared, measure(shared)),
    ].join('\n')
    console.log(section)
    if (write) {
      appendSection(new URL('../../docs/benchmarks.md', import.meta.url), section)
      console.log('written to docs/benchmarks.md')
    }
  } finally {
    await built?.cleanup()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
