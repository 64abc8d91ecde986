/** Comments step, section "Comments": anything the applicant wants the regulators or our team to know. */
import { TextField } from '../fields'

export function CommentsSection() {
  return <TextField path="permit.comments" label="Comments (optional)" multiline maxLength={4000} hint="Anything else we should know about this promotion." />
}
