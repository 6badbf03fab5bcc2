import type { AccountKind } from '#server/db/schema/index.ts'

/** Who the bearer token belongs to, for the company of the request. */
export interface Subject {
  readonly kind: AccountKind
  readonly id: string
  readonly tokenId: number
}
