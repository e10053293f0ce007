import type { Location } from '@almquest/contracts/places';
import {
  DONOR_TYPES,
  DistributorUpdateSchema,
  type DonorType,
  DonorUpdateSchema,
  type Profile,
} from '@almquest/contracts/users';
import { type FormEvent, useState } from 'react';
import { PlaceAutocomplete } from '../../../components/place-autocomplete';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useAlerts } from '../../../lib/alerts';
import { ApiError, failureAlert } from '../../../lib/api-client';
import { errorFor, toFieldErrors } from '../../../lib/form-errors';
import { type ProfileUpdate, useUpdateProfile } from '../api/update-profile';

type Props = { profile: Profile; onDone: () => void };

/** 'Edit your Details': every field required except location (SPEC section 5). */
export function ProfileEditForm({ profile, onDone }: Props) {
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone);
  const [location, setLocation] = useState<Location | null>(null);
  const [distanceRange, setDistanceRange] = useState(String(profile.distanceRange));
  const [donorType, setDonorType] = useState<DonorType>(
    profile.userType === 'donor' ? profile.donorType : 'Individual',
  );
  const [maxCapacity, setMaxCapacity] = useState(
    profile.userType === 'distributor' ? String(profile.maxCapacity) : '',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const { showAlert } = useAlerts();

  const discard = () => {
    showAlert({
      type: 'info',
      title: 'Wiping the slate clean!',
      msg: 'All changes have now been discarded.',
    });
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const common = { name, phone, distanceRange, ...(location ? { location } : {}) };
    let change: ProfileUpdate;
    if (profile.userType === 'donor') {
      const parsed = DonorUpdateSchema.safeParse({ ...common, donorType });
      if (!parsed.success) return setErrors(toFieldErrors(parsed.error));
      change = { userType: 'donor', id: profile.id, body: parsed.data };
    } else {
      const parsed = DistributorUpdateSchema.safeParse({ ...common, maxCapacity });
      if (!parsed.success) return setErrors(toFieldErrors(parsed.error));
      change = { userType: 'distributor', id: profile.id, body: parsed.data };
    }
    setErrors({});
    update.mutate(change, {
      onSuccess: () => {
        showAlert({
          type: 'success',
          title: 'Welcoming the new you!',
          msg: 'Your profile has been successfully updated.',
        });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        showAlert(failureAlert('Your changes were not saved', error));
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="edit-title" className="space-y-5">
      <h2 id="edit-title" className="text-2xl font-bold">
        Edit your Details
      </h2>
      <TextField
        label="Name"
        name="name"
        required
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Email address"
        name="email"
        type="email"
        value={profile.email}
        disabled
        readOnly
      />
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        placeholder="XXX-XXX-XXXX"
        required
        value={phone}
        error={errors.phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <PlaceAutocomplete
        label="Location"
        value={location ?? profile.location}
        error={errorFor(errors, 'location')}
        onChange={setLocation}
      />
      {profile.userType === 'donor' && (
        <SelectField
          label="Donor category"
          options={DONOR_TYPES}
          value={donorType}
          onChange={(e) => setDonorType(e.target.value as DonorType)}
        />
      )}
      <TextField
        label="Distance range (km)"
        name="distanceRange"
        type="number"
        inputMode="decimal"
        required
        value={distanceRange}
        error={errors.distanceRange}
        onChange={(e) => setDistanceRange(e.target.value)}
      />
      {profile.userType === 'distributor' && (
        <TextField
          label="Maximum capacity (meals)"
          name="maxCapacity"
          type="number"
          inputMode="numeric"
          required
          value={maxCapacity}
          error={errors.maxCapacity}
          onChange={(e) => setMaxCapacity(e.target.value)}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={discard}>
          Discard Changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
