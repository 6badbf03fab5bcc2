import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { LOCALES } from '#i18n/locales'
import { writeSnapshot } from '../build-sites/snapshot-write'
import { projectRoot } from '../shared/paths'
import { tenantSnapshot } from '../shared/tenant-files'

/**
 * Synthetic tenants for the build benchmark: the demo marketplace tenant (bains-du-lac: every
 * language, several shops, magazine, events) as a template, renamed per tenant, with extra
 * magazine posts so each locale gets the wanted number of pages. Built in code and validated by
 * the contract like any pulled snapshot.
 */
export const TEMPLATE_HOST = 'bains-du-lac.localhost'

export function benchHost(index: number): string {
  return `bench-${String(index).padStart(4, '0')}.localhost`
}

export function templateSnapshot(): SiteSnapshot {
  return tenantSnapshot(join(projectRoot, 'tenants', TEMPLATE_HOST), TEMPLATE_HOST)
}

const everyLocale = (text: string) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, `${text} (${locale})`]))

/** One tenant: the template under another host and name, with `extraPosts` more posts. */
export function syntheticSnapshot(
  template: SiteSnapshot,
  index: number,
  extraPosts: number,
): SiteSnapshot {
  const host = benchHost(index)
  const [model] = template.posts
  const posts = model
    ? Array.from({ length: extraPosts }, (_, i) => ({
        ...model,
        id: String(900_000 + i),
        slug: `bench-post-${i}`,
        title: everyLocale(`Article ${i} de ${host}`),
        summary: everyLocale(`Résumé de l'article ${i}`),
        body: everyLocale(`<p>Texte de l'article ${i} pour ${host}.</p>`),
        lang: ['all' as const],
      }))
    : []
  return {
    ...template,
    host,
    company: {
      ...template.company,
      nickname: `bench-${index}`,
      identity: { ...template.company.identity, displayName: `Bench ${index}` },
    },
    posts: [...template.posts, ...posts],
  }
}

export async function writeSyntheticTenants(
  dir: string,
  template: SiteSnapshot,
  count: number,
  extraPosts: number,
): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const hosts: string[] = []
  for (let i = 1; i <= count; i++) {
    const snapshot = syntheticSnapshot(template, i, extraPosts)
    await writeSnapshot(dir, snapshot)
    hosts.push(snapshot.host)
  }
  return hosts
}
