import type { NeedEnv } from './needs'

/** What the needs read, from this page (local storage may throw when the visitor blocks it). */
export function browserEnv(): NeedEnv {
  return {
    cookie: document.cookie,
    search: location.search,
    framed: window.self !== window.top,
    storageItem: (key) => {
      try {
        return localStorage.getItem(key)
      } catch {
        return null
      }
    },
  }
}
