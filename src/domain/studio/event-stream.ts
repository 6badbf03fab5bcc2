/**
 * Server-sent events read from a fetched body (docs/decisions/075-studio-live-agenda.md): the
 * studio sends its bearer in a header, which EventSource cannot, so it reads the stream itself.
 * The parser takes the text as it arrives, in chunks cut anywhere, and gives each complete event
 * (the WHATWG rules: lines end with LF, CR LF or CR; a blank line ends an event; `:` starts a
 * comment; one space after the field's colon is dropped; several `data` lines join with LF).
 */
export interface StreamEvent {
  /** the `event:` field, `message` when none */
  readonly event: string
  readonly data: string
}

export function eventStreamParser(): (chunk: string) => StreamEvent[] {
  let rest = ''
  let event = ''
  let data: string[] = []
  return (chunk) => {
    const out: StreamEvent[] = []
    const text = rest + chunk
    const lines = text.split(/\r\n|\r|\n/)
    // the last piece has no line end yet (a CR at the very end may be half of a CR LF)
    rest = lines.pop() ?? ''
    if (text.endsWith('\r')) {
      rest = `${lines.pop() ?? ''}\r`
    }
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') })
        event = ''
        data = []
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      let value = colon < 0 ? '' : line.slice(colon + 1)
      if (value.startsWith(' ')) value = value.slice(1)
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    return out
  }
}
