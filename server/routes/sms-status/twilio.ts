import { limitBody, type RouteSpec } from '#server/http/route.ts'
import {
  findSmsRow,
  recordSmsStatus,
  SMS_STATUS_PATHS,
  smsAccount,
  smsStatusUrl,
  twilioStatusChange,
  validTwilioSignature,
} from '#server/services/notifier/index.ts'
import { acknowledged, refusedSignature } from './answers.ts'

const PATH = SMS_STATUS_PATHS.twilio

/**
 * Twilio's status callbacks (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status):
 * form-encoded MessageSid, MessageStatus, ErrorCode..., signed by X-Twilio-Signature
 * (twilio-signature.ts) over the public URL Twilio was given (smsStatusUrl: the company's site,
 * not the address this process listens on) and the POST fields. The message's company decides
 * whose auth token verifies it. Unknown message: 200 and nothing written (whose token would
 * verify it is unknown; the sids are unguessable, and nothing is changed either way).
 */
export const twilioStatusRoute: RouteSpec = {
  path: PATH,
  register(app) {
    app.post(PATH, limitBody('first'), async (c) => {
      const signature = c.req.header('x-twilio-signature')
      if (!signature) return refusedSignature(c)
      const params = [...new URLSearchParams(await c.req.text())]
      const field = (name: string) => params.find(([key]) => key === name)?.[1]
      const sid = field('MessageSid') ?? field('SmsSid')
      if (!sid) return acknowledged(c)
      const { db } = c.var.deps
      const row = await findSmsRow(db, 'twilio', sid)
      if (!row) return acknowledged(c)
      const account = smsAccount('twilio', row.company)
      const url = `${smsStatusUrl(row.company, 'twilio')}${new URL(c.req.url).search}`
      if (
        account?.provider !== 'twilio' ||
        !validTwilioSignature(account.authToken, signature, url, params)
      ) {
        return refusedSignature(c)
      }
      const change = twilioStatusChange(field('MessageStatus'), field('ErrorCode'))
      if (change) await recordSmsStatus(db, row, change)
      return acknowledged(c)
    })
  },
}
