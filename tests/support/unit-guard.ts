import childProcess from 'node:child_process'
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import net from 'node:net'

/**
 * The `unit` project's promise (README, "Test projects"): a unit test starts no process, opens
 * no port and writes nothing to disk. Those that must are integration tests and belong to the
 * `integration` project. This setup file makes the promise checkable: each such call throws.
 */
function refuse(what: string): never {
  throw new Error(`a unit test may not ${what}: move the test to the integration project`)
}

const PROCESS_CALLS = [
  'spawn',
  'spawnSync',
  'fork',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
] as const
for (const name of PROCESS_CALLS) {
  Object.assign(childProcess, { [name]: () => refuse(`start a process (${name})`) })
}

const WRITE_CALLS = [
  'writeFileSync',
  'appendFileSync',
  'mkdirSync',
  'mkdtempSync',
  'rmSync',
  'renameSync',
  'unlinkSync',
  'copyFileSync',
  'createWriteStream',
  'writeFile',
  'appendFile',
  'mkdir',
  'mkdtemp',
  'rm',
  'rename',
  'unlink',
] as const
for (const name of WRITE_CALLS) {
  Object.assign(fs, { [name]: () => refuse(`write to disk (${name})`) })
  if (name in fs.promises)
    Object.assign(fs.promises, { [name]: () => refuse(`write to disk (${name})`) })
}

net.Server.prototype.listen = () => refuse('open a port (listen)')

// named imports of node builtins (import { spawn } from 'node:child_process') follow these
syncBuiltinESMExports()
