/**
 * Loads a provider's script once per page (a <script> tag: no SDK package is bundled, so the
 * booking page ships no provider code until the payment step). Resolves when it has run.
 */
const loading = new Map<string, Promise<void>>()

export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const known = loading.get(src)
  if (known) return known
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      loading.delete(src)
      script.remove()
      reject(new Error(`could not load ${src}`))
    })
    document.head.append(script)
  })
  loading.set(src, promise)
  return promise
}

export function loadStylesheet(href: string): void {
  if (document.querySelector(`link[href="${CSS.escape(href)}"]`)) return
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  document.head.append(link)
}
