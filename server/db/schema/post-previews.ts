import { foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { companyId, createdAt } from './columns.ts'
import { posts } from './content.ts'

/**
 * The preview token of an unpublished post (docs/decisions/082-post-preview.md): one per post, a
 * newer one replaces it, kept as the SHA-256 of the token (a copy of the table previews
 * nothing) until it expires; gone with its post.
 */
export const postPreviews = pgTable(
  'post_previews',
  {
    companyId: companyId(),
    postId: text('post_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'post_previews_pkey', columns: [t.companyId, t.postId] }),
    foreignKey({
      name: 'post_previews_post_fk',
      columns: [t.companyId, t.postId],
      foreignColumns: [posts.companyId, posts.id],
    }).onDelete('cascade'),
  ],
)

export type PostPreviewRow = typeof postPreviews.$inferSelect
