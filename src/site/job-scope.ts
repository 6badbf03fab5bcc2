import { JOB_ENV } from './snapshot-env'

/**
 * A Map for what one build job computes once for all its pages: a tenant's snapshot, its site
 * model, the chrome shared by its pages, its clock. A long-lived build process renders job after
 * job (scripts/build-sites/later-jobs.ts, decision 097) and gives each a new JOB_ENV: every
 * such map is emptied before its first read or write in the new job, so no job sees another's
 * data. Anything keyed by what can change between two publishes belongs here, not in a plain Map.
 */
const scoped = new Set<Map<unknown, unknown>>()
let currentJob: string | undefined

function follow(env: NodeJS.ProcessEnv): void {
  const job = env[JOB_ENV]
  if (job === currentJob) return
  currentJob = job
  for (const map of scoped) map.clear()
}

class JobMap<K, V> extends Map<K, V> {
  override get(key: K): V | undefined {
    follow(process.env)
    return super.get(key)
  }
  override has(key: K): boolean {
    follow(process.env)
    return super.has(key)
  }
  override set(key: K, value: V): this {
    follow(process.env)
    return super.set(key, value)
  }
}

export function jobScoped<K, V>(): Map<K, V> {
  const map = new JobMap<K, V>()
  scoped.add(map as Map<unknown, unknown>)
  return map
}
