// The registry reachable here does not serve every platform build of a few native packages
// (e.g. @biomejs/cli-darwin-arm64, @astrojs/compiler-binding-win32-x64-msvc). npm then leaves
// them out of package-lock.json, and `npm ci` refuses the lock as "out of sync". This adds an
// entry for every missing optional platform package, marked with its os/cpu/libc so that npm
// skips it on other machines instead of fetching it. Run after changing dependencies
// (`npm run lock:complete`); .ci/run runs it too. See docs/decisions/004-complete-lock.md.
import { readFileSync, writeFileSync } from 'node:fs'

const file = process.argv[2] ?? 'package-lock.json'
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages

function platformOf(name) {
  const os = name.match(/(android|darwin|freebsd|linux|win32|wasm32)/)?.[1]
  const cpu = name.match(/(arm64|x64|ia32|arm|wasi)/)?.[1]
  const entry = {
    os: [os === 'wasm32' ? 'wasi' : (os ?? 'none')],
    cpu: [cpu === 'wasi' ? 'wasm32' : (cpu ?? 'none')],
  }
  if (name.includes('musl')) entry.libc = ['musl']
  else if (name.includes('gnu')) entry.libc = ['glibc']
  return entry
}

let added = 0
for (const entry of Object.values(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`
    if (packages[key]) continue
    packages[key] = { version, optional: true, ...platformOf(dep) }
    added++
  }
}
if (added > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lock: ${added} missing optional platform package(s) added`)
