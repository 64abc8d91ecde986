import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { MSG_TEST_MODE } from '@permitdesk/shared'
import type { Config } from '../env'
import type { Logger } from '../logger'

export type MailAttachment = { filename: string; content: Buffer; contentType?: string }
export type MailMessage = { to: string; subject: string; html: string; text: string; attachments?: MailAttachment[] }
export type Mailer = { send: (message: MailMessage) => Promise<void> }
export type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'PUBLIC_URL'> & Partial<Pick<Config, 'paymentMode'>>

/** Issue 22: in test mode every e-mail says so at the top of both bodies (the subject stays: mail rules and threads key on it). */
export function markTestMode(message: MailMessage): MailMessage {
  return {
    ...message,
    text: `${MSG_TEST_MODE}\n\n${message.text}`,
    html: message.html.replace(
      /(<body[^>]*>)/,
      `$1<p style="margin:0;padding:8px;background:#8a4b00;color:#fff;text-align:center;font-weight:700">${MSG_TEST_MODE}</p>`,
    ),
  }
}

/** The sender: MAIL_FROM, else no-reply at the public host. */
export function mailFrom(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  return config.MAIL_FROM ?? `PermitDesk <no-reply@${new URL(config.PUBLIC_URL).hostname}>`
}

/**
 * E-mail through nodemailer (DESIGN.md §3): SMTP_URL when set; otherwise each message is written
 * as an .eml file to DATA_DIR/outbox/ and a log line names it, so development needs no mail server.
 * The log line never carries the body (it holds tokens).
 */
export function createMailer(config: MailerConfig, logger: Logger): Mailer {
  const mailer = createTransportMailer(config, logger)
  if (config.paymentMode !== 'test') return mailer
  return { send: (message) => mailer.send(markTestMode(message)) }
}

function createTransportMailer(config: MailerConfig, logger: Logger): Mailer {
  const from = mailFrom(config)
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL)
    return {
      async send(message) {
        await transport.sendMail({ from, ...message })
        logger.info('mail sent', { to: message.to, subject: message.subject })
      },
    }
  }
  const outbox = path.join(config.DATA_DIR, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      await fs.mkdir(outbox, { recursive: true })
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`)
      await fs.writeFile(file, info.message as Buffer)
      logger.info('mail written to the outbox (no SMTP_URL)', { to: message.to, subject: message.subject, file })
    },
  }
}
