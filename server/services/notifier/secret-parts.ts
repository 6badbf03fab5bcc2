/**
 * A message carries one sealed secret (docs/decisions/018-secrets-in-messages.md). The booking
 * confirmation needs two (the manage link of decision 038 and the calendar file's token of
 * decision 039), so a secret may be packed from named parts, each with its own placeholder. The
 * packed form is still one string, sealed and cleared like any secret.
 */
const PACKED = 'parts:'

/** Where the part `name` of a packed secret goes in a subject or body. */
export const secretPart = (name: string): string => `{{secret:${name}}}`

/** One secret from named parts (non-empty values). */
export function packSecrets(parts: Readonly<Record<string, string>>): string {
  return `${PACKED}${JSON.stringify(parts)}`
}

/** The named parts of a packed secret; undefined for a plain one. */
export function secretParts(secret: string): Record<string, string> | undefined {
  if (!secret.startsWith(PACKED)) return undefined
  const parsed: unknown = JSON.parse(secret.slice(PACKED.length))
  if (typeof parsed !== 'object' || parsed === null) return {}
  return Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
}

/** Where a message's secret goes in its subject and body. */
export const SECRET = '{{secret}}'

/** The text as the person reads it: the secret in place of SECRET (or each part in its place). */
export function fillSecret(text: string, secret: string | undefined): string {
  if (secret === undefined) return text
  const parts = secretParts(secret)
  if (!parts) return text.replaceAll(SECRET, secret)
  let out = text
  for (const [name, value] of Object.entries(parts)) out = out.replaceAll(secretPart(name), value)
  return out
}

/** Every part of the secret has its place in the text (a plain secret: SECRET). */
export function placed(text: string, secret: string): boolean {
  const parts = secretParts(secret)
  if (!parts) return text.includes(SECRET)
  const names = Object.keys(parts)
  return names.length > 0 && names.every((name) => parts[name] && text.includes(secretPart(name)))
}
