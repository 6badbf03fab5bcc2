import type { CompanyRow } from '#server/db/schema/index.ts'
import { resolveSubject } from '#server/http/auth.ts'
import type { ApiContext } from '#server/http/types.ts'
import { Refusal } from '#server/kernel/index.ts'

/**
 * Whether this request may see unpublished posts: the post reads are public calls (the build
 * and the site call them without a session), but a provider of the company reviewing drafts
 * sends its bearer. A bearer that does not resolve is ignored here rather than refused: on a
 * public call it must not turn a read the visitor may make into a 401.
 */
export async function seesUnpublished(c: ApiContext, company: CompanyRow): Promise<boolean> {
  const header = c.req.header('authorization')
  if (header === undefined || header.trim() === '') return false
  try {
    const subject = await resolveSubject(c.var.deps, company.id, header)
    return subject?.kind === 'provider'
  } catch (error) {
    if (error instanceof Refusal) return false
    throw error
  }
}
