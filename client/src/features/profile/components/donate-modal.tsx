import type { Location } from '@almquest/contracts/location';
import { DonateRequestSchema } from '@almquest/contracts/packages';
import { type DonorProfile, formatPhone } from '@almquest/contracts/users';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete } from '../../places/components/place-autocomplete';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { useForm } from '../../../lib/use-form';
import { useDonate } from '../api/donate';

type Props = { profile: DonorProfile; isOpen: boolean; onClose: () => void };

/** SPEC "Add a package". One idempotency key per opening: a double submit makes one package. */
export function DonateModal({ profile, isOpen, onClose }: Props) {
  const { t } = useI18n();
  return (
    <Modal title={t('donate.title')} isOpen={isOpen} onClose={onClose}>
      {isOpen && <DonateForm profile={profile} onClose={onClose} />}
    </Modal>
  );
}

function DonateForm({ profile, onClose }: Omit<Props, 'isOpen'>) {
  const { t } = useI18n();
  // Location is null while the text typed in it is not a place picked from the list.
  const form = useForm<{ quantity: string; travelCapacity: string; location: Location | null }>({
    quantity: '',
    travelCapacity: t('donate.travel.value', { km: String(profile.distanceRange) }),
    location: profile.location,
  });
  const [isEditingLocation, setIsEditingLocation] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const donate = useDonate(profile);
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (donate.isPending) return;
    const body = form.check(DonateRequestSchema, {
      ...form.values,
      donor_id: profile.id,
      timestamp: Date.now(),
      donor_name: profile.name,
      donor_phone: profile.phone,
    });
    if (!body) return;
    donate.mutate(
      { body, key: idempotencyKey },
      {
        onSuccess: (pkg) => {
          onClose();
          showAlert(
            pkg.current_state === 'Paired'
              ? {
                  type: 'success',
                  title: t('donate.done.title'),
                  msg: t('donate.done.paired', {
                    name: pkg.pair?.distributor_name ?? t('donate.done.someone'),
                  }),
                }
              : {
                  type: 'info',
                  title: t('donate.done.title'),
                  msg: t('donate.done.waiting'),
                },
          );
          void navigate(`/transaction/${pkg._id}`);
        },
        onError: form.failed(t('donate.failed')),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('donate.title')}>
      <TextField
        label={t('donate.quantity')}
        type="text"
        inputMode="numeric"
        placeholder={t('donate.quantity.placeholder')}
        required
        {...form.textField('quantity')}
      />
      <TextField
        label={t('donate.travel')}
        type="text"
        placeholder={t('donate.travel.placeholder')}
        required
        {...form.textField('travelCapacity')}
        hint={t('donate.travel.hint')}
      />
      <div>
        <PlaceAutocomplete
          label={t('donate.location')}
          value={form.values.location}
          disabled={!isEditingLocation}
          error={form.errorFor('location')}
          onChange={(location) => form.set('location', location)}
        />
        <Button
          variant="ghost"
          className="mt-1 px-0"
          onClick={() => {
            if (isEditingLocation && !form.values.location) {
              form.setError('location', t('field.pickPlace'));
              return;
            }
            setIsEditingLocation((e) => !e);
          }}
        >
          {isEditingLocation ? t('donate.saveLocation') : t('donate.editLocation')}
        </Button>
      </div>
      <p className="text-sm">
        {t('donate.yourPhone')} <span className="font-semibold">{formatPhone(profile.phone)}</span>
      </p>
      <p
        role="note"
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        {t('donate.note')}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={donate.isPending}>
          {donate.isPending ? t('donate.submitting') : t('donate.submit')}
        </Button>
      </div>
    </form>
  );
}
