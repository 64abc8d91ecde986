import { Router, type Request, type Response } from 'express'
import type { AppDeps } from '../../app'
import { requireBotCheck } from '../bot-check/bot-check'
import { AgencyLawFirmContactSchema, HelpContactSchema } from './contact.schema'
import { createCustomerContact } from './create-customer-contact'

/** Where form messages are e-mailed: the support mailbox at the sender's domain (MAIL_FROM), else at the public host. */
function supportAddress(deps: AppDeps) {
  const from = deps.config.MAIL_FROM
  const match = from ? /<([^>]+)>/.exec(from)?.[1] ?? from : undefined
  return match ?? `support@${new URL(deps.config.PUBLIC_URL).hostname}`
}

const meta = (req: Request, res: Response) => ({
  userId: (res.locals.user as { id?: number } | undefined)?.id ?? null,
  clientAddress: req.ip,
  userAgent: req.get('user-agent'),
})

/**
 * POST /api/Contact/CreateHelpContact and POST /api/Contact/CreateAgencyLawFirmContact
 * (001 §7): parse, bot check, store, e-mail the provider, answer {message}.
 */
export function contactRoutes(deps: AppDeps) {
  const router = Router({ caseSensitive: false })
  const useCaseDeps = () => ({ db: deps.database.db, mailer: deps.mailer, logger: deps.logger, supportEmail: supportAddress(deps), publicUrl: deps.config.PUBLIC_URL })
  const botCheck = requireBotCheck(deps)

  router.post('/Contact/CreateHelpContact', (req, _res, next) => next(validate(HelpContactSchema, req)), botCheck, async (req, res, next) => {
    try {
      const input = HelpContactSchema.parse(req.body)
      const { contact, message } = await createCustomerContact(useCaseDeps(), { kind: 'help', ...input }, meta(req, res))
      res.status(201).json({ id: contact.id, message })
    } catch (error) {
      next(error)
    }
  })

  router.post('/Contact/CreateAgencyLawFirmContact', (req, _res, next) => next(validate(AgencyLawFirmContactSchema, req)), botCheck, async (req, res, next) => {
    try {
      const input = AgencyLawFirmContactSchema.parse(req.body)
      const kind = input.source === 'agencies' ? 'agency' : 'law-firm'
      const { contact, message } = await createCustomerContact(useCaseDeps(), { kind, ...input }, meta(req, res))
      res.status(201).json({ id: contact.id, message })
    } catch (error) {
      next(error)
    }
  })
  return router
}

/** Field errors come before the bot check, so a visitor fixes the form without solving it twice. */
function validate(schema: typeof HelpContactSchema | typeof AgencyLawFirmContactSchema, req: Request) {
  const result = schema.safeParse(req.body ?? {})
  return result.success ? undefined : result.error
}
