/** The query key of a promotion's compliance notes (the side panel lists them; staff's note form adds to them). */
export const complianceNotesKey = (promotionId: number) => ['permit', 'complianceNotes', promotionId] as const
