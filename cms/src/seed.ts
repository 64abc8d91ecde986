import type { Payload } from 'payload'

/**
 * Demo content, loaded once: each part checks whether it is already there, so a restart (or two
 * servers starting together, which the gateway serialises) never duplicates it.
 */
export async function seedContent(payload: Payload) {
  const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true })
  if (!settings.productName) {
    await payload.updateGlobal({ slug: 'site-settings', data: { productName: 'PermitDesk' }, overrideAccess: true })
  }
}
