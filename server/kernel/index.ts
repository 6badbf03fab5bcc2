/**
 * The server's kernel (docs/decisions/067-server-kernel.md): what every module may import and
 * which imports no module, no route and no web framework. Its one entry. The pieces every module
 * shares (clock, locks, transaction, secrets, the company's reads) came down here so that no two
 * modules import each other (docs/decisions/069-server-modules.md).
 */

export { inJobRun, markAfterCommit, settleAfterCommit, withinUnit } from './after-commit.ts'
export { clock } from './clock.ts'
export { commerceSettings, moneySettings } from './commerce-settings.ts'
export { businessName, siteBase } from './company-identity.ts'
export { cartLock, lockAll, lockKeys, lockShop, resourceLock } from './locks.ts'
export { DEFAULT_PHONE_COUNTRY, normalizePhone, readPhone } from './phone.ts'
export {
  badRequest,
  conflict,
  forbidden,
  knownRefusal,
  notFound,
  Refusal,
  type RefusalStatus,
  tooManyRequests,
  unauthorized,
} from './refusals.ts'
export {
  apiBase,
  companySuffix,
  ownSecrets,
  platformSecrets,
  type SecretReader,
  secretsFor,
} from './secrets.ts'
export type { Subject } from './subject.ts'
export { bookingTransaction, retryingBookingWrite } from './transaction.ts'
export type { Wire } from './wire.ts'
