import { describe, expect, it } from 'vitest'
import { signupChannels } from './signup-channels.ts'

describe('signupChannels: the codes a sign-up asks for', () => {
  it('asks for the e-mail code alone when no SMS provider can carry a code, whatever the setting', () => {
    for (const setting of ['email', 'sms', 'both', undefined] as const) {
      expect(signupChannels(setting, false)).toEqual(['email'])
    }
  })

  it('follows the setting when SMS can be sent, both codes when unset', () => {
    expect(signupChannels('email', true)).toEqual(['email'])
    expect(signupChannels('sms', true)).toEqual(['sms'])
    expect(signupChannels('both', true)).toEqual(['email', 'sms'])
    expect(signupChannels(undefined, true)).toEqual(['email', 'sms'])
  })
})
