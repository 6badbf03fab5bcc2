import type { ApiError } from '#api/errors'
import { refusalStatus } from './desk-move-state'

/** The type of a refusal the API named, when the client kept it. */
function refusalType(error: unknown): string | undefined {
  const typed = error as Partial<ApiError> | null
  if (typeof typed?.type === 'string') return typed.type
  const body = (error as { body?: { type?: unknown } } | null)?.body
  return typeof body?.type === 'string' ? body.type : undefined
}

/**
 * Which words say why a desk call was refused (docs/decisions/077-desk-booking.md): a slot taken
 * or a visit changed (409), a place not the user's (403), a customer that exists, anything else.
 */
export function deskRefusalKey<K extends string>(
  error: unknown,
  words: { taken: K; forbidden: K; failed: K; exists?: K },
): K {
  const status = refusalStatus(error)
  if (refusalType(error) === 'customerExists' && words.exists) return words.exists
  if (status === 409) return words.taken
  if (status === 403) return words.forbidden
  return words.failed
}
