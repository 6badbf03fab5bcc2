import { hkdfSync } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import {
  COMPANY_SECRET_NAMES,
  type CompanySecretName,
  type CompanySecretStates,
} from '#contract/company-secrets.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, companySecrets } from '#server/db/schema/index.ts'
import { type SecretReader, secretsFor } from '#server/kernel/index.ts'
import { sealSecret, unsealSecret } from '#server/services/notifier/index.ts'

/**
 * The company's provider credentials set from the studio (docs/decisions/089-site-settings-and-
 * key-store.md). Sealed as the outbox's secrets are (decision 018: AES-256-GCM), under a key
 * derived from NOTIFICATION_KEY for this use only, and bound to the company and the name, so a
 * sealed value copied to another company or name does not open. Only the providers read a value
 * back (providerContext); every answer of the store says "set" or "not set".
 */

let storeKey: Buffer | undefined

/** Set once by createApp from config.notificationKey; a write before it throws. */
export function setKeyStoreKey(notificationKey: Buffer): void {
  storeKey = Buffer.from(hkdfSync('sha256', notificationKey, '', 'company secrets v1', 32))
}

function key(): Buffer {
  if (!storeKey) throw new Error('no key store key: a secret cannot be stored')
  return storeKey
}

const context = (companyId: number, name: string) => `company-secret:${companyId}:${name}`

/** Every name the providers read, each set or not: never a value. */
export async function secretStates(db: Db, companyId: number): Promise<CompanySecretStates> {
  const rows = await db
    .select({ name: companySecrets.name, updatedAt: companySecrets.updatedAt })
    .from(companySecrets)
    .where(eq(companySecrets.companyId, companyId))
  const byName = new Map(rows.map((row) => [row.name, row.updatedAt]))
  return {
    secrets: COMPANY_SECRET_NAMES.map((name) => {
      const at = byName.get(name)
      return at ? { name, set: true, updatedAt: at.toISOString() } : { name, set: false }
    }),
  }
}

/** Sets or replaces one value, sealed. */
export async function storeSecret(
  db: Db,
  companyId: number,
  name: CompanySecretName,
  value: string,
): Promise<void> {
  const sealedValue = sealSecret(key(), value, context(companyId, name))
  await db
    .insert(companySecrets)
    .values({ companyId, name, sealedValue })
    .onConflictDoUpdate({
      target: [companySecrets.companyId, companySecrets.name],
      set: { sealedValue, updatedAt: new Date() },
    })
}

export async function clearSecret(db: Db, companyId: number, name: CompanySecretName) {
  await db
    .delete(companySecrets)
    .where(and(eq(companySecrets.companyId, companyId), eq(companySecrets.name, name)))
}

/**
 * What a provider reads: the company's stored value first, then the environment's (its own
 * NAME__<COMPANY>, then the platform's NAME). A value that no longer opens (the key changed)
 * counts as unset rather than failing every payment.
 */
export async function companySecretReader(db: Db, company: CompanyRow): Promise<SecretReader> {
  const rows = await db
    .select({ name: companySecrets.name, sealedValue: companySecrets.sealedValue })
    .from(companySecrets)
    .where(eq(companySecrets.companyId, company.id))
  const stored = new Map<string, string>()
  for (const row of rows) {
    try {
      stored.set(row.name, unsealSecret(key(), row.sealedValue, context(company.id, row.name)))
    } catch {
      // unreadable: the environment's value, if any, is used
    }
  }
  const environment = secretsFor(company)
  return (name) => stored.get(name) ?? environment(name)
}
