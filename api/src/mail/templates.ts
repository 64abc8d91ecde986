import fs from 'node:fs'
import { DEFAULT_PRODUCT_NAME, type SiteContent } from '@permitdesk/shared/site-content'
import type { Config } from '../env'
import { contentFileFor } from '../server/build'

/** What brands an e-mail: the product name from the CMS site settings, the public address, the support address. */
export type Brand = { productName: string; publicUrl: string; supportEmail: string }

/** The brand of this installation: the site settings the CMS exported at start, else the defaults. */
export function brandFor(config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'MAIL_FROM'>): Brand {
  let productName = DEFAULT_PRODUCT_NAME
  let supportEmail = supportEmailFor(config)
  try {
    const content = JSON.parse(fs.readFileSync(contentFileFor(config.DATA_DIR), 'utf8')) as SiteContent
    if (content.settings?.productName) productName = content.settings.productName
    if (content.settings?.email) supportEmail = content.settings.email
  } catch {
    // No export yet (tests, first start): the defaults.
  }
  return { productName, publicUrl: config.PUBLIC_URL, supportEmail }
}

export function supportEmailFor(config: Pick<Config, 'PUBLIC_URL' | 'MAIL_FROM'>): string {
  const fromAddress = config.MAIL_FROM?.match(/<([^>]+)>/)?.[1] ?? (config.MAIL_FROM?.includes('@') ? config.MAIL_FROM : undefined)
  return fromAddress ?? `support@${new URL(config.PUBLIC_URL).hostname}`
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export type Email = { subject: string; html: string; text: string }

/** One layout for every message: a heading, paragraphs, one button, and the same in plain text. */
export function layout(
  brand: Brand,
  {
    subject,
    heading,
    paragraphs,
    action,
    footer,
  }: { subject: string; heading: string; paragraphs: string[]; action?: { label: string; url: string }; footer?: string },
): Email {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#fbfbf8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#14213d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border:1px solid #e3e3dc;border-radius:6px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e3dc;font-size:20px;font-weight:700"><a href="${escapeHtml(brand.publicUrl)}/" style="color:#14213d;text-decoration:none">${escapeHtml(brand.productName)}</a></td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b6e4f;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5c6370">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : ''
}
${footer ? `<p style="margin:0;font-size:14px;color:#5c6370">${escapeHtml(footer)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e3e3dc;font-size:13px;color:#5c6370">${escapeHtml(brand.productName)} · <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#5c6370">${escapeHtml(brand.supportEmail)}</a></td></tr>
</table></td></tr></table></body></html>`
  const text = [
    brand.productName,
    '',
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footer ? [footer, ''] : []),
    `-- ${brand.productName} · ${brand.supportEmail}`,
  ].join('\n')
  return { subject, html, text }
}

export function confirmEmailTemplate(brand: Brand, { firstName, url }: { firstName: string; url: string }): Email {
  return layout(brand, {
    subject: `Confirm your email address for ${brand.productName}`,
    heading: `Welcome, ${firstName}`,
    paragraphs: [`Thank you for creating your ${brand.productName} account. Please confirm your email address to start using it.`],
    action: { label: 'Confirm my email address', url },
    footer: 'This link works once and expires in 7 days. If you did not create an account, you can ignore this email.',
  })
}

export function resetPasswordTemplate(brand: Brand, { firstName, url }: { firstName: string; url: string }): Email {
  return layout(brand, {
    subject: `Reset your ${brand.productName} password`,
    heading: `Hello ${firstName}`,
    paragraphs: ['We received a request to reset the password of your account. Choose a new password with the link below.'],
    action: { label: 'Choose a new password', url },
    footer: 'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same.',
  })
}
