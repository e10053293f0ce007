import type { Location } from '@almquest/contracts/location';
import { DonateRequestSchema } from '@almquest/contracts/packages';
import { type DonorProfile, formatPhone } from '@almquest/contracts/users';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete } from '../../places/components/place-autocomplete';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useAlerts } from '../../../lib/alerts';
import { useForm } from '../../../lib/use-form';
import { useDonate } from '../api/donate';

type Props = { profile: DonorProfile; isOpen: boolean; onClose: () => void };

const PICK_A_PLACE = 'Pick a place from the list';

/** SPEC "Add a package". One idempotency key per opening: a double submit makes one package. */
export function DonateModal({ profile, isOpen, onClose }: Props) {
  return (
    <Modal title="Add a package" isOpen={isOpen} onClose={onClose}>
      {isOpen && <DonateForm profile={profile} onClose={onClose} />}
    </Modal>
  );
}

function DonateForm({ profile, onClose }: Omit<Props, 'isOpen'>) {
  // Location is null while the text typed in it is not a place picked from the list.
  const form = useForm<{ quantity: string; travelCapacity: string; location: Location | null }>({
    quantity: '',
    travelCapacity: `${profile.distanceRange} Kilometres`,
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
                  title: 'Package donated!',
                  msg: `${pkg.pair?.distributor_name ?? 'A distributor'} will meet you. Thank you!`,
                }
              : {
                  type: 'info',
                  title: 'Package donated!',
                  msg: 'We are looking for a distributor and will tell you the moment one is found.',
                },
          );
          void navigate(`/transaction/${pkg._id}`);
        },
        onError: form.failed('Your package was not donated'),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Add a package">
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        placeholder="Number of meals"
        required
        {...form.textField('quantity')}
      />
      <TextField
        label="Travel Capacity"
        type="text"
        placeholder="10 Kilometres"
        required
        {...form.textField('travelCapacity')}
        hint="How far you can travel to hand it over."
      />
      <div>
        <PlaceAutocomplete
          label="Your Current Location"
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
              form.setError('location', PICK_A_PLACE);
              return;
            }
            setIsEditingLocation((e) => !e);
          }}
        >
          {isEditingLocation ? 'Save Location' : 'Edit Current Location'}
        </Button>
      </div>
      <p className="text-sm">
        Your phone: <span className="font-semibold">{formatPhone(profile.phone)}</span>
      </p>
      <p
        role="note"
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        Please note: a donation cannot be retracted once it has been paired with a distributor.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={donate.isPending}>
          {donate.isPending ? 'Donating…' : 'Donate Package'}
        </Button>
      </div>
    </form>
  );
}
