/**
 * Redirect providers (get-scenario 'redirect'): saferpay's token is the payment page URL,
 * monetico's a JSON form `{action, fields}` posted by the browser.
 */
export interface RedirectForm {
  action: string
  fields: Record<string, string>
}

export function parseMoneticoForm(token: string): RedirectForm | null {
  try {
    const value = JSON.parse(token) as Partial<RedirectForm>
    if (typeof value.action !== 'string' || typeof value.fields !== 'object' || !value.fields) {
      return null
    }
    const fields: Record<string, string> = {}
    for (const [name, field] of Object.entries(value.fields)) fields[name] = String(field)
    return { action: value.action, fields }
  } catch {
    return null
  }
}

/** Only http(s) addresses are followed. */
export function safeRedirectUrl(token: string): string | null {
  try {
    const url = new URL(token)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export function postForm(form: RedirectForm): void {
  const element = document.createElement('form')
  element.method = 'post'
  element.action = form.action
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    element.append(input)
  }
  document.body.append(element)
  element.submit()
}
