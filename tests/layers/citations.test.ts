import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot as root, sourceFiles } from '#support/source-files'

/**
 * The repository stands on its own: comments and test titles cite its own documents
 * (docs/product/README.md "How to cite", docs/decisions, docs/architecture.md, docs/security.md,
 * docs/benchmarks.md), never a section of an outside spec or a tracker's ticket. The section sign
 * is allowed only inside a docs/product/ path, which has none; a ticket number never.
 */
const TOPS = ['src', 'server', 'scripts', 'tests', 'tenants']
const SECTION_SIGN = '\u00a7'
const PRODUCT_PATH = /docs\/product\/[\w./#-]*/g
const TICKET = /\b[Ii]ssues? #?\d+/

function offending(check: (line: string) => boolean): string[] {
  return sourceFiles(TOPS).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        check(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  )
}

describe('citations point inside the repository', () => {
  it('no section sign outside a docs/product/ path', () => {
    const found = offending((line) => line.replace(PRODUCT_PATH, '').includes(SECTION_SIGN))
    expect(found).toEqual([])
  })

  it('no reference to a tracker ticket', () => {
    expect(offending((line) => TICKET.test(line))).toEqual([])
  })
})
