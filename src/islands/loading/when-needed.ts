import type { ClientDirective } from 'astro'
import { NEED_EVENT, type NeedEnv, needed } from './needs'

function browserEnv(): NeedEnv {
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

/**
 * `client:when-needed="consent,cart"`: hydrates only when one of the named needs holds, so a
 * returning visitor with nothing to show downloads no framework at all (issue 6 JS budget).
 * A later `island:need` event naming one of them mounts the island then.
 */
const whenNeeded: ClientDirective = (load, options) => {
  const value = options.value
  const start = () => {
    window.removeEventListener(NEED_EVENT, onNeed)
    void load().then((hydrate) => hydrate())
  }
  const onNeed = (event: Event) => {
    const need = event instanceof CustomEvent ? String(event.detail) : ''
    if (value.split(',').some((part) => part.trim() === need)) start()
  }
  if (needed(value, browserEnv())) return start()
  window.addEventListener(NEED_EVENT, onNeed)
}

export default whenNeeded
