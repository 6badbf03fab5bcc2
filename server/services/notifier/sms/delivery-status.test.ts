import { describe, expect, it } from 'vitest'
import { twilioStatusChange, vonageStatusChange } from './delivery-status.ts'

describe('delivery reports as outbox states', () => {
  it("maps Twilio's MessageStatus and ErrorCode", () => {
    for (const status of ['accepted', 'queued', 'sending', 'sent']) {
      expect(twilioStatusChange(status, undefined)).toEqual({ status: 'sent' })
    }
    expect(twilioStatusChange('delivered', undefined)).toEqual({ status: 'delivered' })
    expect(twilioStatusChange('undelivered', '30005')).toEqual({
      status: 'bounced',
      reason: 'twilio undelivered 30005',
    })
    expect(twilioStatusChange('failed', '30006')?.status).toBe('bounced')
    // unreachable handset (off, no coverage) or carrier filtering: the number is fine
    expect(twilioStatusChange('undelivered', '30003')?.status).toBe('failed')
    expect(twilioStatusChange('failed', '30007')?.status).toBe('failed')
    expect(twilioStatusChange('failed', undefined)).toEqual({
      status: 'failed',
      reason: 'twilio failed',
    })
    expect(twilioStatusChange('received', undefined)).toBeUndefined()
    expect(twilioStatusChange(undefined, undefined)).toBeUndefined()
  })

  it("maps Vonage's receipt status and err-code", () => {
    expect(vonageStatusChange('delivered', '0')).toEqual({ status: 'delivered' })
    expect(vonageStatusChange('accepted', '0')).toEqual({ status: 'sent' })
    expect(vonageStatusChange('buffered', '0')).toEqual({ status: 'sent' })
    expect(vonageStatusChange('failed', '3')).toEqual({
      status: 'bounced',
      reason: 'vonage failed err-code 3',
    })
    expect(vonageStatusChange('rejected', '4')?.status).toBe('bounced')
    expect(vonageStatusChange('failed', '12')?.status).toBe('bounced')
    // absent for now, handset busy, anti-spam: not the number's fault
    expect(vonageStatusChange('expired', '2')?.status).toBe('failed')
    expect(vonageStatusChange('failed', '6')?.status).toBe('failed')
    expect(vonageStatusChange('unknown', '1')).toBeUndefined()
  })
})
