import { useEffect, useRef } from 'react'
import type { CompanyThemes } from '#contract/index'
import { changedMessages, type TextMessage } from '#domain/studio/text-messages'
import { type PreviewMessage, pageMessage, previewMessages } from '#domain/studio/theme-messages'
import { useStudioText } from './studio-text'

/** A keystroke's text reaches the frame this long after typing pauses (decision 093). */
const TEXT_DEBOUNCE_MS = 120
/** How many times the section's page is asked for before the frame is left where it is. */
const PAGE_TRIES = 3

/**
 * The real storefront of this host, framed beside the theme form (docs/decisions/084-
 * collections-and-theme-editor.md). The studio is served on the tenant's own host (decision
 * 071), so the frame is same-origin and the site's preview listener accepts its messages
 * (src/scripts/preview/messages.ts); they are posted to that one origin only. Each change of
 * the draft, and each load of the frame (a navigation inside it), sends the whole theme again,
 * with the settings' `extra` messages (the logo's size, decision 089). A new `page` (the section
 * being edited shows on another page) is a url message: the site navigates, keeping the preview;
 * asked again at the frame's next load until it is there.
 * The draft's `texts` (decision 093) follow each keystroke, lightly debounced: only the slots
 * whose text changed, and all of them again on each load of the frame and when its listener
 * says it is ready.
 */
export function PreviewFrame({
  themes,
  path,
  extra = [],
  texts = [],
  page,
}: {
  themes: CompanyThemes
  path: string
  extra?: readonly PreviewMessage[]
  texts?: readonly TextMessage[]
  page?: string | undefined
}) {
  const { t } = useStudioText()
  const frame = useRef<HTMLIFrameElement>(null)
  const latest = useRef({ themes, extra, texts })
  latest.current = { themes, extra, texts }
  // what the framed page shows of each text slot; forgotten when the page changes
  const sent = useRef(new Map<string, string>())

  const post = (messages: readonly PreviewMessage[]) => {
    const target = frame.current?.contentWindow
    if (!target) return
    for (const message of messages) target.postMessage(message, location.origin)
  }
  const send = () => post([...previewMessages(latest.current.themes), ...latest.current.extra])
  const sendTexts = () => post(changedMessages(latest.current.texts, sent.current))
  // the section's page until the frame shows it: a url message posted while the frame was still
  // loading its first page is lost with that page (a staff member quick to pick a language saw
  // the old page stay), so a load elsewhere asks again, a few times at most (no loop should the
  // page send it somewhere else)
  const due = useRef<{ path: string; tries: number } | undefined>(undefined)
  const followPage = () => {
    const at = framePath(frame.current)
    const wanted = due.current
    if (!wanted || at === undefined) return
    if (new URL(wanted.path, location.origin).pathname === at || wanted.tries >= PAGE_TRIES) {
      due.current = undefined
      return
    }
    wanted.tries += 1
    post([pageMessage(wanted.path)])
  }
  const loaded = () => {
    sent.current.clear()
    followPage()
    send()
    sendTexts()
  }

  // the site's listener says when it is there: everything again, in case it came after `load`
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener for the frame's life
  useEffect(() => {
    const ready = (event: MessageEvent<unknown>) => {
      const data = event.data as { kind?: unknown } | null
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return
      if (data?.kind === 'preview:ready') loaded()
    }
    window.addEventListener('message', ready)
    return () => window.removeEventListener('message', ready)
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: resend whenever the draft changes
  useEffect(send, [themes, extra])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow their own changes
  useEffect(() => {
    const timer = setTimeout(sendTexts, TEXT_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [texts])
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page navigates
  useEffect(() => {
    if (!page) return
    due.current = { path: page, tries: 1 }
    post([pageMessage(page)])
  }, [page])

  return (
    <iframe
      ref={frame}
      className="studio-preview"
      title={t('studio.theme.preview')}
      src={path}
      onLoad={loaded}
    />
  )
}

/** Where the frame is; nothing when it cannot be read (a link followed out to another origin). */
function framePath(element: HTMLIFrameElement | null): string | undefined {
  try {
    return element?.contentWindow?.location.pathname
  } catch {
    return undefined
  }
}
