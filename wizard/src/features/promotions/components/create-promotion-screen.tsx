import { useNavigate } from 'react-router'
import { AppLayout } from '../../../components/layouts/app-layout'
import { createPromotion } from '../api/promotions'
import { promotionPaths } from '../config'
import { writeWizardDraft } from '../../../lib/wizard-draft-cookie'
import { useSession } from '../../../lib/session'
import { emptyForm, PromotionForm } from './promotion-form'

/**
 * /promotions/game-of-chance/, /promotions/game-of-skill/ and /wizard/ (001 §2, 000 §2): the
 * creation screen, open to visitors. Signed in, it creates and opens the dashboard; a visitor's
 * promotion waits in a cookie and is created once they register or sign in.
 */
export function CreatePromotionScreen({ skill }: { skill: boolean }) {
  const navigate = useNavigate()
  // Who is signed in comes from the session (GET /api/account/current, 200 either way): a
  // visitor's browser never calls the signed-in check (issue 11).
  const { status } = useSession()
  const signedIn = status === 'loading' ? null : status === 'signedIn'

  const title = skill ? 'Create a game of skill' : 'Create a promotion'
  return (
    <AppLayout title={title}>
      <h1>{title}</h1>
      <p className="lead">
        {skill
          ? 'Terms and conditions for a game of skill: no permit is needed.'
          : 'Choose where your promotion runs and its total prize value to see which permits you need and an estimate of the fees.'}
      </p>
      {signedIn === false && (
        <p className="notice info">
          You can build your promotion now; we keep it in this browser until you <a href="/account/register/?create=true">create an account</a> or{' '}
          <a href="/account/login/?create=true">sign in</a>.
        </p>
      )}
      <PromotionForm
        initial={emptyForm()}
        skill={skill}
        submitLabel={signedIn === false ? 'Save and create an account' : 'Create promotion'}
        onSubmit={async (payload) => {
          if (status !== 'signedIn') {
            // The accounts screens create it after register or sign-in (features/account/hooks/use-wizard-handover.ts).
            writeWizardDraft(payload)
            window.location.assign(`/account/register/?create=true`)
            return
          }
          const { id } = await createPromotion(payload)
          navigate(promotionPaths.dashboard(id))
        }}
      />
    </AppLayout>
  )
}
