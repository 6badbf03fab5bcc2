import { describe, expect, it } from 'vitest'
import { parseErrorDsn } from './error-dsn'

describe('the error reporting DSN', () => {
  it('is off when none is configured', () => {
    expect(parseErrorDsn(undefined)).toBeUndefined()
    expect(parseErrorDsn('')).toBeUndefined()
    expect(parseErrorDsn('  ')).toBeUndefined()
  })

  it('reads the ingest origin of a Sentry DSN', () => {
    expect(parseErrorDsn('https://abc123@o42.ingest.sentry.io/4501')).toEqual({
      dsn: 'https://abc123@o42.ingest.sentry.io/4501',
      origin: 'https://o42.ingest.sentry.io',
    })
    expect(parseErrorDsn(' https://k@errors.example.com/sub/path/7 ')?.origin).toBe(
      'https://errors.example.com',
    )
    expect(parseErrorDsn('http://k@127.0.0.1:9000/1')?.origin).toBe('http://127.0.0.1:9000')
  })

  it('refuses what the SDK could not use, so no host is opened for it', () => {
    for (const bad of [
      'not a url',
      'https://errors.example.com/1',
      'http://k@errors.example.com/1',
      'https://k:secret@errors.example.com/1',
      'https://k@errors.example.com/project',
      'https://k@errors.example.com/1?x=1',
      'javascript://k@x/1',
      'https://k%22@x.example/1',
    ]) {
      expect(parseErrorDsn(bad), bad).toBeUndefined()
    }
  })
})
