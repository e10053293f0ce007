import type { PersonDetail } from '@almquest/contracts/coordinator';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useVerifyRegistration } from '../api/people';

/** Where to check a number by hand: FSSAI's FoSCoS search, or NGO Darpan. */
const CHECK_AT = {
  fssai: 'https://foscos.fssai.gov.in/',
  ngo: 'https://ngodarpan.gov.in/',
} as const;

/** A person's FSSAI licence or NGO registration, with a coordinator's check of it. */
export function RegistrationCheck({ person }: { person: PersonDetail }) {
  const { t, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const verify = useVerifyRegistration();
  const registration = person.registration;
  if (!registration) return <p className="mt-3 text-sm">{t('coord.registration.none')}</p>;
  return (
    <div className="mt-3" data-testid="registration">
      <p>
        {t(registration.kind === 'fssai' ? 'edit.fssai' : 'edit.registration')}:{' '}
        <span className="font-semibold">{registration.number}</span> ·{' '}
        {t(registration.isVerified ? 'registration.checked' : 'registration.notChecked')}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <a
          href={CHECK_AT[registration.kind]}
          target="_blank"
          rel="noreferrer"
          className="text-sm underline"
        >
          {t(`coord.registration.lookUp.${registration.kind}`)}
        </a>
        <Button
          variant={registration.isVerified ? 'secondary' : 'primary'}
          aria-disabled={verify.isPending}
          onClick={() =>
            !verify.isPending &&
            verify.mutate(
              {
                personId: person.id,
                isVerified: !registration.isVerified,
                number: registration.number,
              },
              {
                onError: (error) =>
                  showAlert(failureAlert(t('coord.registration.failed'), error, errorText)),
              },
            )
          }
        >
          {t(registration.isVerified ? 'coord.registration.unverify' : 'coord.registration.verify')}
        </Button>
      </div>
    </div>
  );
}
