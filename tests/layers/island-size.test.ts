import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Islands stay small views over tested state (docs/architecture.md "Islands"): no
 * file under src/islands over 250 lines, no component over 150. OVER_SIZE lists what is still
 * too big, each until it is split; an entry that is no longer needed fails too, so the list only
 * shrinks.
 */
const MAX_FILE_LINES = 250
const MAX_COMPONENT_LINES = 150

const OVER_SIZE: ReadonlySet<string> = new Set<string>([])

const root = fileURLToPath(new URL('../../', import.meta.url))
const islands = join(root, 'src/islands')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Components: functions whose name starts with a capital letter, declared or assigned. */
function components(file: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: { name: string; lines: number }[] = []
  const lines = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart(source)).line +
    1
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text)) {
      found.push({ name: node.name.text, lines: lines(node) })
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /^[A-Z]/.test(node.name.text) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      found.push({ name: node.name.text, lines: lines(node) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function overSize(): string[] {
  return sources(islands).flatMap((path) => {
    const text = readFileSync(path, 'utf8')
    const file = relative(root, path)
    const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    const big = fileLines > MAX_FILE_LINES ? [`${file} (${fileLines} lines)`] : []
    const parts = components(file, text)
      .filter((c) => c.lines > MAX_COMPONENT_LINES)
      .map((c) => `${file} ${c.name} (${c.lines} lines)`)
    return [...big, ...parts]
  })
}

const key = (entry: string) => entry.replace(/ \(\d+ lines\)$/, '')

describe('island size', () => {
  const found = overSize()

  it(`no file over ${MAX_FILE_LINES} lines, no component over ${MAX_COMPONENT_LINES}, beyond OVER_SIZE`, () => {
    expect(found.filter((entry) => !OVER_SIZE.has(key(entry)))).toEqual([])
  })

  it('OVER_SIZE names only what is still over size', () => {
    const still = new Set(found.map(key))
    expect([...OVER_SIZE].filter((entry) => !still.has(entry))).toEqual([])
  })

  it('every state module of an island has its unit tests beside it', () => {
    const state = sources(islands).filter((path) => /-(state|reducer|store)\.ts$/.test(path))
    expect(state.length).toBeGreaterThan(0)
    const untested = state.filter((path) => !existsSync(path.replace(/\.ts$/, '.test.ts')))
    expect(untested.map((path) => relative(root, path))).toEqual([])
  })

  it('measures components (it is not vacuous)', () => {
    const text = `export function Big() {\n${'  f()\n'.repeat(160)}}\nconst Small = () => 1\n`
    expect(components('x.tsx', text)).toEqual([
      { name: 'Big', lines: 162 },
      { name: 'Small', lines: 1 },
    ])
  })
})
