/**
 * The server's kernel (docs/decisions/067-server-kernel.md): what every module may import and
 * which imports no module, no route and no web framework. Its one entry.
 */
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
export type { Subject } from './subject.ts'
export type { Wire } from './wire.ts'
