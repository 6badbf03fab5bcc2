/**
 * Payment providers read their credentials as every provider does (server/services/secrets.ts:
 * NAME__<COMPANY> beats NAME); the names each one reads are listed in docs/api/payments.md.
 */
export { apiBase, companySuffix, type SecretReader, secretsFor } from '../secrets.ts'
