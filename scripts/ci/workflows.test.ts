import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  convertWorkflowTemplate,
  NoOperationTraceWriter,
  parseWorkflow,
} from '@actions/workflow-parser'
import { describe, expect, it } from 'vitest'
import { PUBLISH_DISPATCH_TYPE } from '#contract/publish-event.ts'
import { projectRoot } from '../shared/paths.ts'

/**
 * Every workflow against GitHub's workflow schema, with GitHub's own parser: keys, value types,
 * expression syntax and the contexts each key may use (`secretz.X` or `run` beside `uses` fail
 * here rather than on the first run in Actions).
 */
const WORKFLOWS = join(projectRoot, '.github/workflows')

async function errorsOf(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map((error) => error.message)
  if (errors.length > 0 || parsed.value === undefined) return errors
  const template = await convertWorkflowTemplate(parsed.context, parsed.value)
  return (template.errors ?? []).map((error) => error.Message)
}

const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file))

describe('GitHub workflows', () => {
  it('finds the workflows', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'rebuild-tenant.yml']))
  })

  it.each(files)('%s is valid against the workflow schema', async (file) => {
    expect(await errorsOf(file, readFileSync(join(WORKFLOWS, file), 'utf8'))).toEqual([])
  })

  it('reports a broken workflow, with its line', async () => {
    const broken = [
      'on: push',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '        run: echo both',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not JS
      '      - run: echo ${{ secretz.TOKEN }}',
      '    timeout: 5',
    ].join('\n')
    const errors = await errorsOf('broken.yml', broken)
    expect(errors).toEqual([
      expect.stringMatching(/Line: 7.*Unexpected value 'run'/),
      expect.stringMatching(/Line: 8.*Unrecognized named-value: 'secretz'/),
      expect.stringMatching(/Line: 9.*Unexpected value 'timeout'/),
    ])
  })

  it('rebuild-tenant.yml waits for the dispatch the API sends and deploys the tenant', async () => {
    const content = readFileSync(join(WORKFLOWS, 'rebuild-tenant.yml'), 'utf8')
    const parsed = parseWorkflow(
      { name: 'rebuild-tenant.yml', content },
      new NoOperationTraceWriter(),
    )
    if (parsed.value === undefined) throw new Error('rebuild-tenant.yml did not parse')
    const template = await convertWorkflowTemplate(parsed.context, parsed.value)
    expect(template.events.repository_dispatch?.types).toEqual([PUBLISH_DISPATCH_TYPE])
    // The relay's payload carries the host (server/services/webhooks/github-dispatch.test.ts).
    expect(content).toContain('github.event.client_payload.host')
    expect(content).toMatch(/npm run deploy -- --tenant "\$TENANT_HOST"/)
    for (const name of ['S3_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
      expect(content).toContain(`${name}: \${{ secrets.${name} }}`)
    }
    expect(content).not.toMatch(/placeholder/i)
  })
})
