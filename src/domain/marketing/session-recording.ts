/**
 * The session-recording script of the company settings (docs/product/7-calls.md: analytics,
 * marketing and session-recording scripts; docs/decisions/064-error-page-preview-and-shop-times.md):
 * one provider and its site id, loaded like every third party only after consent to analytics
 * (decision 008). The same check decides whether the page loads it and whether the site's
 * policy opens its hosts, so an id the loader would refuse opens nothing.
 */
export const SESSION_RECORDERS = ['hotjar', 'clarity'] as const
export type SessionRecorderName = (typeof SESSION_RECORDERS)[number]

export interface SessionRecorder {
  readonly provider: SessionRecorderName
  readonly id: string
}

/** Each provider's site id as it issues them: Hotjar a number, Clarity letters and digits. */
const ID_FORMATS: Readonly<Record<SessionRecorderName, RegExp>> = {
  hotjar: /^\d{1,12}$/,
  clarity: /^[a-z0-9]{6,16}$/i,
}

/** The script each provider's snippet loads for a site id (its own address, not the company's text). */
export const RECORDER_SCRIPTS: Readonly<Record<SessionRecorderName, (id: string) => string>> = {
  hotjar: (id) => `https://static.hotjar.com/c/hotjar-${id}.js?sv=6`,
  clarity: (id) => `https://www.clarity.ms/tag/${id}`,
}

const isRecorderName = (value: unknown): value is SessionRecorderName =>
  typeof value === 'string' && (SESSION_RECORDERS as readonly string[]).includes(value)

/** The configured recorder, or undefined when none (or one with an id its provider never issues). */
export function sessionRecorder(
  setting: { provider?: unknown; id?: unknown } | undefined | null,
): SessionRecorder | undefined {
  if (!setting || !isRecorderName(setting.provider) || typeof setting.id !== 'string')
    return undefined
  const id = setting.id.trim()
  return ID_FORMATS[setting.provider].test(id) ? { provider: setting.provider, id } : undefined
}
