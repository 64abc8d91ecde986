/** E-mails the staff console sends (issue 13): action required, permit number, e-mail changed. */
import { layout, type Brand, type Email } from './templates'

export function actionRequiredTemplate(
  brand: Brand,
  { firstName, promotionName, url, items }: { firstName: string; promotionName: string; url: string; items: string[] },
): Email {
  return layout(brand, {
    subject: `Action required: ${promotionName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Our team has reviewed the permit application for "${promotionName}" and needs you to check some items before we can continue.`, ...items],
    action: { label: 'Open the application', url },
    footer: 'Once you have answered, resubmit the application from the same screen.',
  })
}

export function permitNumberUpdateTemplate(
  brand: Brand,
  { firstName, promotionName, url, numbers }: { firstName: string; promotionName: string; url: string; numbers: string[] },
): Email {
  return layout(brand, {
    subject: `Permit numbers for ${promotionName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`The permit numbers for "${promotionName}" are:`, ...numbers],
    action: { label: 'View the promotion', url },
  })
}

export function emailChangedTemplate(brand: Brand, { firstName, oldEmail, newEmail }: { firstName: string; oldEmail: string; newEmail: string }): Email {
  return layout(brand, {
    subject: `Your ${brand.productName} e-mail address was changed`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Our team changed the e-mail address of your account from ${oldEmail} to ${newEmail}. Sign in with the new address from now on.`],
    footer: `If you did not ask for this change, please contact us at ${brand.supportEmail}.`,
  })
}

/** The WA notice (001 §4, issue 26): to the WA department, the notice PDF attached. */
export function waNoticeTemplate(
  brand: Brand,
  { promotionName, promotionId, promoter, period }: { promotionName: string; promotionId: number; promoter: string; period: string },
): Email {
  return layout(brand, {
    subject: `WA trade promotion notice: ${promotionName} (${brand.productName} ${promotionId})`,
    heading: 'Trade promotion notice',
    paragraphs: [
      `Please find attached the notice of the trade promotion "${promotionName}", conducted by ${promoter}, which includes Western Australia.`,
      `Promotion period: ${period}.`,
      `It is sent by ${brand.productName} on the promoter's behalf; please reply to ${brand.supportEmail} with any question.`,
    ],
  })
}
