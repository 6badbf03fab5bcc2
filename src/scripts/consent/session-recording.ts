import {
  RECORDER_SCRIPTS,
  type SessionRecorder,
  sessionRecorder,
} from '#domain/marketing/session-recording'
import { addScript } from './loaders'

/**
 * The session-recording script (docs/decisions/064-error-page-preview-and-shop-times.md), in a
 * chunk of its own: third-party.ts imports it only when the company set a recorder and the
 * visitor consented to analytics, so the header script every page loads does not grow by it.
 */
declare global {
  interface Window {
    _hjSettings?: { hjid: number; hjsv: number }
    hj?: ((...args: unknown[]) => void) & { q?: unknown[] }
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] }
  }
}

/**
 * The recorder's script for the company's site id, as each provider's
 * snippet loads it: a command queue the script reads once it arrives, then the script from the
 * provider's own address (the id was checked by sessionRecorder; nothing typed runs as code).
 */
export function loadSessionRecording(recorder: SessionRecorder, doc: Document = document): void {
  const win = doc.defaultView ?? window
  if (recorder.provider === 'hotjar') {
    win._hjSettings = { hjid: Number(recorder.id), hjsv: 6 }
    win.hj ??= Object.assign((...args: unknown[]) => (win.hj?.q ?? []).push(args), { q: [] })
  } else {
    win.clarity ??= Object.assign((...args: unknown[]) => (win.clarity?.q ?? []).push(args), {
      q: [],
    })
  }
  addScript(doc, 'session-recording', RECORDER_SCRIPTS[recorder.provider](recorder.id))
}

/** The setting as the page carries it (data-recording-*), checked again before anything loads. */
export function loadRecorderOf(setting: {
  provider?: string | undefined
  id?: string | undefined
}): void {
  const recorder = sessionRecorder(setting)
  if (recorder) loadSessionRecording(recorder)
}
