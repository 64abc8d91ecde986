/** Staff notes and tasks (001 §3 admin note, promotion note; issue 26): the words staff and customers read. */

/** noteLastAction (001 §3): the last thing done to one of a promotion's notes, in words. */
export function noteActionLabel(action: string): string {
  return ({ create: 'Note added', modify: 'Note edited', delete: 'Note deleted' } as Record<string, string>)[action] ?? 'Note changed'
}

/** Where a staff task or note came from, in words (issue 26: the tasks screen says so). */
export function taskSourceLabel(kind: string, createdByName: string | null): string {
  switch (kind) {
    case 'admin-note':
      return createdByName ? `Staff note by ${createdByName}` : 'Staff note'
    case 'lawyer-contact':
      return 'Customer asked for a lawyer'
    case 'addendum':
      return 'Customer submitted an addendum'
    case 'lodgement-pack':
      return 'Lodgement pack could not be built'
    default:
      return 'Raised by the system'
  }
}

export const MSG_TASK_DUE_DATE_REQUIRED = 'Please enter the date this task is due.'

/** Issue 26: who else is working on the same application in the wizard, told to each side. */
export const MSG_OWNER_EDITING = 'The customer is working on this application right now. Your changes may overwrite theirs.'
export const MSG_STAFF_EDITING = 'Our staff are working on this application right now. If you both change the same answer, the later save is kept.'
