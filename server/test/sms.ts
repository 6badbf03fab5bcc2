import type { CompanyRow } from '#server/db/schema/index.ts'
import type { OutgoingSms, SmsTransports } from '#server/services/notifier/index.ts'

/** An SMS provider in the test process: it accepts every message and keeps it, as the person reads it. */
export interface FakeSms {
  readonly transports: SmsTransports
  readonly sent: OutgoingSms[]
  /** The 6-digit code of the last SMS to this number. */
  lastCode(to: string): string
}

/** `hosts`: the companies that have the provider (default: every company). */
export function fakeSms(hosts?: readonly string[]): FakeSms {
  const sent: OutgoingSms[] = []
  const provider = {
    name: 'fake',
    async send(sms: OutgoingSms) {
      sent.push(sms)
      return { kind: 'sent', provider: 'fake', providerMessageId: `fake-${sent.length}` } as const
    },
  }
  const served = (company: CompanyRow) => hosts === undefined || hosts.includes(company.host)
  return {
    transports: { forCompany: (company) => (served(company) ? provider : undefined) },
    sent,
    lastCode(to) {
      const text = sent.filter((sms) => sms.to === to).at(-1)?.text ?? ''
      const code = /\b(\d{6})\b/.exec(text)?.[1]
      if (!code) throw new Error(`no SMS code for ${to}`)
      return code
    },
  }
}
