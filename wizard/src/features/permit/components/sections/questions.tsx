/** Comments step, section "Questions": staff's questions the applicant must answer (001 §4: invalid while any is unanswered). */
import { useEditor } from '../editor-context'
import { TextField } from '../fields'

export function QuestionsSection() {
  const { draft } = useEditor()
  const questions = draft.actionEntry?.actionQuestions ?? []
  if (questions.length === 0) return <p className="muted">We have no questions for you.</p>
  return (
    <>
      {questions.map((q, index) => (
        <TextField key={index} path={`actionEntry.actionQuestions.${index}.answer`} label={q.question} multiline maxLength={4000} />
      ))}
    </>
  )
}
