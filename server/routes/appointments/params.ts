import * as z from 'zod/mini'
import { Refusal } from '#server/kernel/index.ts'

/**
 * docs/product/5-rules.md: fetching appointments without shop, service, start and end, or adding one without
 * its payload, fails with 'param manquants'. The routes take their query and body loosely (this
 * schema) and check presence first, then parse with the call's own schema (400 invalidInput).
 */
export const looseQuery = z.record(z.string(), z.string())
export const looseBody = z.unknown()

export const missingParams = () => new Refusal(400, 'missingParams', 'param manquants')

const present = (value: unknown) => value !== undefined && value !== null && value !== ''

export function requireQuery(query: Record<string, string>, keys: readonly string[]): void {
  if (!keys.every((key) => present(query[key]))) throw missingParams()
}

/** The body of POST /api/appointments and /check: an appointment with its myAppointment payload. */
export function requireAppointment(body: unknown): void {
  const keys = ['shopid', 'serviceid', 'start', 'end', 'myAppointment']
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw missingParams()
  const record = body as Record<string, unknown>
  if (!keys.every((key) => present(record[key]))) throw missingParams()
}
