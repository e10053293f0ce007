import { PRIVACY_NOTICE_VERSION, type Consent } from '@almquest/contracts/privacy';
import { useI18n } from '../../i18n/i18n';
import { CheckboxField } from '../ui/field';

export type ConsentChoice = { accepts: boolean; isAdult: boolean };

/** The body's `consent` from the two boxes: what is unticked is sent so the check names it. */
export const consentOf = (choice: ConsentChoice): Partial<Consent> => ({
  ...(choice.accepts ? { notice: PRIVACY_NOTICE_VERSION } : {}),
  ...(choice.isAdult ? { isAdult: true } : {}),
});

/**
 * The two boxes a person ticks to agree: the notice (its version goes with the request) and
 * their age. `errorFor` gives what the check or the API said about each.
 */
export function ConsentFields({
  choice,
  onChange,
  errorFor,
}: {
  choice: ConsentChoice;
  onChange: (choice: ConsentChoice) => void;
  errorFor: (field: 'consent.notice' | 'consent.isAdult') => string | undefined;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="space-y-1">
      <legend className="sr-only">{t('privacy.consentLegend')}</legend>
      <CheckboxField
        label={t('privacy.accept')}
        checked={choice.accepts}
        onChange={(accepts) => onChange({ ...choice, accepts })}
        error={errorFor('consent.notice')}
      />
      <CheckboxField
        label={t('privacy.adult')}
        hint={t('privacy.adultHint')}
        checked={choice.isAdult}
        onChange={(isAdult) => onChange({ ...choice, isAdult })}
        error={errorFor('consent.isAdult')}
      />
    </fieldset>
  );
}
