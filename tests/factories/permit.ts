/**
 * A complete permit application for the default test promotion (NSW + ACT, $20,000): every
 * visible section valid. Tests break one field at a time from here.
 */
import { DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, ADVERTISING_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS } from '@permitdesk/shared'
import type { Client } from '../setup/test-api'

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

export const VALID_ABN = '51824753556'

export const address = { lineOne: '1 George Street', lineTwo: '', suburb: 'Sydney', state: 'NSW', postcode: '2000' }

/** The fields of a complete application, to spread over what GET /api/promotion/get answered. */
export function completeApplication() {
  const finalDrawDate = isoDaysFromNow(80)
  return {
    name: 'Summer giveaway',
    prizeValueNSW: 20_000,
    prizeValueACT: 20_000,
    prizeQuantityTotal: 3,
    prizeDescription: 'Three holidays for two to Fiji',
    prizeCategoriesValue: PRIZE_CATEGORY_FLAGS.travel,
    maxPrizeValue: 8_000,
    prizePublicationACT: 'The Canberra Times',
    prizePublicationDateACT: isoDaysFromNow(87),
    attachments: [],
    permit: {
      startDate: isoDaysFromNow(40),
      startTime: '09:00',
      endDate: isoDaysFromNow(70),
      endTime: '15:00',
      requiredDate: isoDaysFromNow(33),
      under18s: true,
      inducementsOffered: false,
      advertisingMethodsValue: ADVERTISING_METHOD_FLAGS.digital | ADVERTISING_METHOD_FLAGS.print,
      promotedProducts: 'Sunscreen',
      entryMethodsValue: ENTRY_METHOD_FLAGS.internet,
      entryMethodsWebsite: 'www.example.com.au',
      entryMechanic: 'Buy a product and enter online with the code on the receipt.',
      drawMethodsValue: DRAW_METHOD_FLAGS.singleAll,
      isComputerDraw: true,
      finalDraw: {
        multipleDates: false,
        date: finalDrawDate,
        time: '15:00',
        locationAddress: address,
        locationOrganisation: 'Acme Promotions',
        notification: { method: 'email', date: isoDaysFromNow(82) },
      },
      unclaimedDraw: {
        multipleDates: false,
        date: isoDaysFromNow(170),
        time: '15:00',
        locationAddress: address,
        locationOrganisation: 'Acme Promotions',
      },
      scrutineerRequired: false,
      applicant: {
        organisation: 'Acme Pty Ltd',
        abnacn: VALID_ABN,
        businessAddress: address,
        postalSameAsBusiness: true,
        website: 'www.acme.com.au',
        nswAuthorityDuration: 1,
        contact: { title: 'Ms', firstName: 'Jo', lastName: 'Citizen', position: 'Marketing manager', phone: '0299999999', email: 'jo@acme.com.au' },
      },
    },
  }
}

/** GET the promotion, apply `change` to it, and POST it back to /api/promotion/save (it carries its versionNumber). */
export async function savePromotion(client: Client, id: number, change: (promotion: any) => any = (p) => p) {
  const current = await client.get(`/api/promotion/get?id=${id}`)
  if (current.status !== 200) throw new Error(`get failed: ${current.status}`)
  const payload = change(structuredClone(current.body))
  return client.post('/api/promotion/save', payload)
}

/** Deep-merges the complete application into a promotion from GET. */
export function withCompleteApplication(promotion: any) {
  const complete = completeApplication()
  return { ...promotion, ...complete, permit: { ...promotion.permit, ...complete.permit } }
}
