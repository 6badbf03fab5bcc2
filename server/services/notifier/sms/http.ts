import { SmsProviderUnavailable } from './failure.ts'

/** Longest wait for a provider's answer: past it the message is retried later by the queue. */
export const PROVIDER_TIMEOUT_MS = 10_000

export interface ProviderAnswer {
  readonly status: number
  /** the JSON body, or undefined when it is not JSON */
  readonly body: unknown
}

/**
 * POSTs a form to a provider (both APIs take application/x-www-form-urlencoded). A network
 * error, a refused connection or a timeout throws SmsProviderUnavailable: the provider may or
 * may not have the message, and the job queue tries again.
 */
export async function postForm(
  provider: string,
  url: string,
  form: URLSearchParams,
  headers: Readonly<Record<string, string>>,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...headers,
      },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    return { status: response.status, body: parseJson(text) }
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    throw new SmsProviderUnavailable(provider, reason)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
