import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { postPreviews } from '#server/db/schema/index.ts'

/**
 * Preview tokens of posts (docs/decisions/082-post-preview.md): random, 24 hours, one per post
 * (a newer replaces it), stored as their SHA-256 only. Making one writes no content and
 * publishes nothing.
 */
const POST_PREVIEW_HOURS = 24

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export async function keepPostPreview(
  db: Db,
  companyId: number,
  postId: string,
  now: Date,
): Promise<{ previewToken: string; expiresAt: string }> {
  const previewToken = randomBytes(24).toString('base64url')
  const expiresAt = new Date(now.getTime() + POST_PREVIEW_HOURS * 3_600_000)
  const row = { tokenHash: hash(previewToken), expiresAt, createdAt: now }
  await db
    .insert(postPreviews)
    .values({ companyId, postId, ...row })
    .onConflictDoUpdate({ target: [postPreviews.companyId, postPreviews.postId], set: row })
  return { previewToken, expiresAt: expiresAt.toISOString() }
}

/**
 * The post a token previews in this company, while it lives. The lookup is by the token's
 * hash: equal hashes are the only match, so timing says nothing of a token.
 */
export async function previewedPostId(
  db: Db,
  companyId: number,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ postId: postPreviews.postId })
    .from(postPreviews)
    .where(
      and(
        eq(postPreviews.companyId, companyId),
        eq(postPreviews.tokenHash, hash(token)),
        gt(postPreviews.expiresAt, now),
      ),
    )
    .limit(1)
  return row?.postId
}
