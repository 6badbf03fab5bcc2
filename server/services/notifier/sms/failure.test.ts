import { describe, expect, it } from 'vitest'
import { twilioSendFailure } from './twilio-failure.ts'
import { vonageSendFailure } from './vonage-failure.ts'

const twilioError = (status: number, code: number) => ({ code, message: 'm', status })

describe("a provider's refusal at sending", () => {
  it('Twilio: rate limits and 5xx retry, invalid numbers are undeliverable, the rest refused', () => {
    expect(twilioSendFailure(429, twilioError(429, 20429))).toMatchObject({ retry: true })
    expect(twilioSendFailure(503, undefined)).toMatchObject({ retry: true })
    expect(twilioSendFailure(500, twilioError(500, 20500))).toMatchObject({ retry: true })
    for (const code of [21211, 21614, 21217]) {
      expect(twilioSendFailure(400, twilioError(400, code))).toEqual({
        retry: false,
        reason: `twilio 400 ${code}: m`,
        undeliverable: true,
      })
    }
    expect(twilioSendFailure(401, twilioError(401, 20003))).toMatchObject({
      retry: false,
      undeliverable: false,
    })
    // 21610: the person replied STOP; their number works, it is not "to be corrected"
    expect(twilioSendFailure(400, twilioError(400, 21610))).toMatchObject({ undeliverable: false })
    expect(twilioSendFailure(404, 'not json')).toMatchObject({
      retry: false,
      reason: 'twilio 404: no answer',
    })
  })

  it("Vonage: its status table's temporary codes retry, number codes are undeliverable", () => {
    for (const status of ['1', '5', '9', '10']) {
      expect(vonageSendFailure(status, 'x')).toMatchObject({ retry: true })
    }
    for (const status of ['6', '7', '33']) {
      expect(vonageSendFailure(status, 'x')).toMatchObject({ retry: false, undeliverable: true })
    }
    for (const status of ['2', '3', '4', '8', '15', '29']) {
      expect(vonageSendFailure(status, 'x')).toMatchObject({ retry: false, undeliverable: false })
    }
    expect(vonageSendFailure('15', 'Illegal Sender Address - rejected').retry).toBe(false)
  })
})
