import type { Request } from 'express'
import { ContactResponseSchema } from '@permitdesk/shared'
import type { AppDeps } from '../../deps'
import { route, type RouteSpec } from '../../http/route'
import { assertBotCheck } from '../bot-check/bot-check'
import { AgencyLawFirmContactSchema, HelpContactSchema } from './contact.schema'
import { createCustomerContact } from './create-customer-contact'

/** Where form messages are e-mailed: the support mailbox at the sender's domain (MAIL_FROM), else at the public host. */
function supportAddress(deps: AppDeps) {
  const from = deps.config.MAIL_FROM
  const match = from ? (/<([^>]+)>/.exec(from)?.[1] ?? from) : undefined
  return match ?? `support@${new URL(deps.config.PUBLIC_URL).hostname}`
}

const meta = (req: Request, userId: number | undefined) => ({ userId: userId ?? null, clientAddress: req.ip, userAgent: req.get('user-agent') })

/**
 * POST /api/Contact/CreateHelpContact and POST /api/Contact/CreateAgencyLawFirmContact (001 §7):
 * fields checked first (a visitor fixes the form without solving the bot check twice), then the
 * bot check; stored, e-mailed to the provider, answered {id, message}.
 */
export function contactRoutes(deps: AppDeps): RouteSpec[] {
  const useCaseDeps = () => ({
    db: deps.database.db,
    mailer: deps.mailer,
    logger: deps.logger,
    supportEmail: supportAddress(deps),
    publicUrl: deps.config.PUBLIC_URL,
  })
  return [
    route({
      method: 'post',
      path: '/Contact/CreateHelpContact',
      access: 'public',
      status: 201,
      summary: 'The contact form.',
      body: HelpContactSchema,
      response: ContactResponseSchema,
      handler: async ({ body, req, user }) => {
        await assertBotCheck(deps, body.recaptchaResponse)
        const { contact, message } = await createCustomerContact(useCaseDeps(), { kind: 'help', ...body }, meta(req, user?.id))
        return { id: contact.id, message }
      },
    }),
    route({
      method: 'post',
      path: '/Contact/CreateAgencyLawFirmContact',
      access: 'public',
      status: 201,
      summary: 'The agencies and law firms contact form.',
      body: AgencyLawFirmContactSchema,
      response: ContactResponseSchema,
      handler: async ({ body, req, user }) => {
        await assertBotCheck(deps, body.recaptchaResponse)
        const kind = body.source === 'agencies' ? 'agency' : 'law-firm'
        const { contact, message } = await createCustomerContact(useCaseDeps(), { kind, ...body }, meta(req, user?.id))
        return { id: contact.id, message }
      },
    }),
  ]
}
