import type { StudioScope } from './roles'

/**
 * The rules of customer files (docs/decisions/079-customer-files-and-erasure.md), shared by the
 * studio (which buttons it shows) and the server (which refuses).
 */

/** the pigment and needle lists are the shop's stock: owners and managers change them */
export function mayManageStock(scope: StudioScope): boolean {
  return scope.role !== 'practitioner'
}

/**
 * The traceability search crosses every customer of the company: owners and managers only
 * (a practitioner reads the files of their own customers, never a list of everyone's).
 */
export function mayTraceLots(scope: StudioScope): boolean {
  return scope.role !== 'practitioner'
}

/**
 * A lot number as compared and stored: trimmed, upper-cased (labels print "ab12" and "AB12"
 * for the same lot, and a recall names it either way).
 */
export function normaliseLot(lot: string): string {
  return lot.trim().toUpperCase()
}

/**
 * A pigment past its expiry date may not be recorded as used on that day: the expiry is the
 * last day it may be used (ISO dates compare as text).
 */
export function expiredOn(expiry: string, day: string): boolean {
  return expiry < day
}

/** a pigment's short label, as lists and the lot search show it */
export function pigmentLabel(p: { brand: string; colour: string }): string {
  return `${p.brand} · ${p.colour}`
}
