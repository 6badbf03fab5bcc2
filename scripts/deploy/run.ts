import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runPool } from '../shared/pool.ts'
import type { Bucket } from './bucket.ts'
import type { DeployConfig } from './config.ts'
import { localFiles, SHARED_FOLDERS } from './local-files.ts'
import { planDeploy, type Upload } from './plan.ts'

export interface DeployReport {
  readonly host: string
  /** Keys sent, in the order their phase ran (assets, then pages). */
  readonly uploaded: readonly string[]
  readonly deleted: readonly string[]
  readonly unchanged: number
}

export interface DeployOptions {
  /** Send every file, changed or not (after a change of content types or cache rules). */
  readonly force?: boolean
  readonly log?: (line: string) => void
}

/**
 * One tenant to the bucket (docs/decisions/028-deploy-and-publish-relay.md): list what the
 * bucket holds, send the files whose MD5 differs from the object's ETag, every asset before any
 * page, then delete what the tenant's folder no longer has. A failure stops the deploy before
 * the next phase, so pages are never sent without their assets and nothing is deleted that a
 * page still online may need; running it again finishes the job.
 */
export async function deployTenant(
  config: DeployConfig,
  bucket: Bucket,
  host: string,
  options: DeployOptions = {},
): Promise<DeployReport> {
  const log = options.log ?? console.log
  const local = await localFiles(config.sitesDir, host)
  const remote = (
    await Promise.all([host, ...SHARED_FOLDERS].map((folder) => bucket.list(`${folder}/`)))
  ).flat()
  const plan = planDeploy(local, remote, [`${host}/`], options.force === true)
  log(
    `deploy ${host}: ${plan.assets.length} asset(s), ${plan.pages.length} page(s) to send, ` +
      `${plan.deletes.length} to delete, ${plan.unchanged} unchanged`,
  )
  const send = (upload: Upload) =>
    readFile(join(config.sitesDir, upload.key)).then((body) => bucket.put(upload, body))
  await runPool(plan.assets, config.concurrency, send)
  await runPool(plan.pages, config.concurrency, send)
  await bucket.delete(plan.deletes)
  return {
    host,
    uploaded: [...plan.assets, ...plan.pages].map((upload) => upload.key),
    deleted: plan.deletes,
    unchanged: plan.unchanged,
  }
}
