import { SALON_MESSAGE_MAX } from '#contract/constants'

/**
 * The booking payment step's message for the salon (docs/api/payments.md update-message): saved on the
 * cart just before paying. Its failure is only logged and the payment goes on
 * (docs/product/8-errors.md): `save` never rejects.
 */
export interface SalonMessageDeps {
  /** POST /api/payment/update-message; the island API logs a failure and answers false */
  update(body: { cartId: string; message: string }): Promise<boolean>
  /** the field's text now */
  read(): string
}

/** What is sent: the text trimmed and cut at the server's limit; nothing for an empty field. */
export function salonMessageOf(text: string): string | null {
  const message = text.trim().slice(0, SALON_MESSAGE_MAX)
  return message === '' ? null : message
}

/** Saves the field's text on `cartId` once per distinct text (a retried payment sends nothing new). */
export function createSalonMessageSaver(deps: SalonMessageDeps) {
  const sent = new Map<string, string>()
  return async (cartId: string): Promise<void> => {
    const message = salonMessageOf(deps.read())
    if (message === null || sent.get(cartId) === message) return
    try {
      if (await deps.update({ cartId, message })) sent.set(cartId, message)
    } catch {
      // docs/product/8-errors.md: only logged (by the island API), the payment continues
    }
  }
}
