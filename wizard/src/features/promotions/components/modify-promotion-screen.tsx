import { formatCurrency, isSubmittedOrGenerated, promotionTitle } from '@permitdesk/shared'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { AppLayout } from '../../../components/layouts/app-layout'
import { getPromotion, modifyPromotion, type Promotion } from '../api/promotions'
import { promotionPaths } from '../config'
import { PromotionForm, type PromotionFormValues } from './promotion-form'
import { SkillEditWindow } from './skill-edit-window'

function toValues(p: Promotion): PromotionFormValues {
  const value = p.isSubmittedOrGenerated && p.postSubmissionTotalPrizeValue != null ? p.postSubmissionTotalPrizeValue : p.totalPrizeValue
  return {
    name: p.name,
    ausStates: p.ausStates,
    includeNz: p.includeNz,
    prizeValue: formatCurrency(value).replace('$', ''),
    hasNswAuthority: p.hasNswAuthority,
    hasInstantWinPrizes: p.hasInstantWinPrizes,
    winnersDrawnElectronically: p.winnersDrawnElectronically,
    randomDrawMachineApproved: p.randomDrawMachineApproved,
    managedSubmission: p.managedSubmission,
    randomDraw: p.randomDraw,
    termsAndConditions: p.termsAndConditions,
    abridgedTC: p.abridgedTC,
    hostedTC: p.hostedTC,
    winnerPublication: p.winnerPublication,
  }
}

/** /promotions/modify/{id}/ and /promotions/modifyskillsbased/{id}/ (001 §2). */
export function ModifyPromotionScreen({ skill }: { skill: boolean }) {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const [promotion, setPromotion] = useState<Promotion | null>(null)
  const [error, setError] = useState('')
  const [reload, setReload] = useState(0)
  useEffect(() => {
    getPromotion(id).then(setPromotion, (e: Error) => setError(e.message))
  }, [id, reload])
  const title = skill ? 'Modify skill-based promotion' : 'Modify promotion'
  return (
    <AppLayout title={title}>
      <h1>{title}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {promotion && (
        <>
          <p className="lead">{promotionTitle(promotion.name)}</p>
          {skill ? (
            <SkillEditWindow id={id} statusId={promotion.permitStatus.id} onAmendmentStarted={() => setReload((n) => n + 1)}>
              {form(promotion)}
            </SkillEditWindow>
          ) : (
            form(promotion)
          )}
        </>
      )}
    </AppLayout>
  )

  function form(promotion: Promotion) {
    return (
      <PromotionForm
        initial={toValues(promotion)}
        skill={skill}
        statesLocked={isSubmittedOrGenerated(promotion.permitStatus.id)}
        submitLabel="Save changes"
        onSubmit={async (payload) => {
          await modifyPromotion({ ...payload, id })
          navigate(promotionPaths.dashboard(id))
        }}
      />
    )
  }
}
