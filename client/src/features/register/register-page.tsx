import type { Location } from '@almquest/contracts/location';
import type { UserType } from '@almquest/contracts/session';
import {
  DONOR_TYPES,
  DistributorRegistrationSchema,
  type DonorType,
  DonorRegistrationSchema,
} from '@almquest/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PlaceAutocomplete } from '../places/components/place-autocomplete';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { checkExist } from '../auth/api/check-exist';
import { useAlerts } from '../../lib/alerts';
import { useAllowedUser } from '../auth/components/require-access';
import { firstName, sessionQueryKey } from '../auth/api/session';
import { useForm } from '../../lib/use-form';
import { type RegistrationInput, useRegister } from './api/register';
import { SideArt } from './components/side-art';

type FormValues = {
  name: string;
  phone: string;
  location: Location | null;
  donorType: DonorType;
  distanceRange: string;
  maxCapacity: string;
};

const typeLabel: Record<UserType, string> = { donor: 'Donor', distributor: 'Distributor' };
const distanceCopy: Record<UserType, { placeholder: string; hint: string }> = {
  donor: { placeholder: '8 Kilometres', hint: 'How far you can travel to hand over food.' },
  distributor: { placeholder: '15 Kilometres', hint: 'How far you can travel to collect food.' },
};

export default function RegisterPage() {
  const user = useAllowedUser();
  return <RegisterForm name={user.name} email={user.email} />;
}

function RegisterForm({ name, email }: { name: string; email: string }) {
  // "Join us as a Distributor" arrives with ?type=distributor.
  const [searchParams] = useSearchParams();
  const [userType, setUserType] = useState<UserType>(() =>
    searchParams.get('type') === 'distributor' ? 'distributor' : 'donor',
  );
  const form = useForm<FormValues>({
    name,
    phone: '',
    location: null,
    donorType: 'Individual',
    distanceRange: '',
    maxCapacity: '',
  });
  const { values } = form;
  const registration = useRegister();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name: values.name,
      email,
      phone: values.phone,
      location: values.location,
      distanceRange: values.distanceRange,
    };
    let input: RegistrationInput;
    if (userType === 'donor') {
      const body = form.check(DonorRegistrationSchema, { ...common, donorType: values.donorType });
      if (!body) return;
      input = { userType, body };
    } else {
      const body = form.check(DistributorRegistrationSchema, {
        ...common,
        maxCapacity: values.maxCapacity,
      });
      if (!body) return;
      input = { userType, body };
    }
    registration.mutate(input, {
      onSuccess: async () => {
        // Re-check the user by e-mail, as SPEC asks, then refresh who is signed in.
        await checkExist(email).catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        showAlert({
          type: 'success',
          title: `Successfully registered as a ${typeLabel[userType]}!`,
          msg: `Welcome to the AlmQuest Family, ${firstName(values.name)}!`,
        });
        void navigate('/');
      },
      onError: form.failed('Registration did not go through'),
    });
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_2fr]">
      <div className="flex flex-col items-center gap-4">
        <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">Register</h1>
        <div
          role="radiogroup"
          aria-label="Account type"
          className="flex rounded-full border border-brand-700 p-1"
        >
          {(['donor', 'distributor'] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={userType === type}
              onClick={() => setUserType(type)}
              className={`min-h-11 rounded-full px-5 text-sm font-semibold ${
                userType === type ? 'bg-brand-700 text-white' : 'text-brand-800 dark:text-brand-200'
              }`}
            >
              {typeLabel[type]}
            </button>
          ))}
        </div>
        <SideArt userType={userType} />
      </div>

      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={`Register as ${typeLabel[userType]}`}
        className="space-y-5"
      >
        <TextField label="Name" autoComplete="name" required {...form.textField('name')} />
        <TextField
          label="Email address"
          name="email"
          type="email"
          value={email}
          disabled
          readOnly
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="XXX-XXX-XXXX"
          required
          {...form.textField('phone')}
        />
        <PlaceAutocomplete
          label="Location"
          required
          value={values.location}
          error={form.errorFor('location')}
          onChange={(location) => form.set('location', location)}
        />
        {userType === 'donor' && (
          <SelectField
            label="Donor category"
            id="donorType"
            options={DONOR_TYPES}
            value={values.donorType}
            onChange={(e) => form.set('donorType', e.target.value as DonorType)}
          />
        )}
        <TextField
          label="Distance range (km)"
          type="number"
          inputMode="decimal"
          min={0}
          placeholder={distanceCopy[userType].placeholder}
          required
          {...form.textField('distanceRange')}
          hint={distanceCopy[userType].hint}
        />
        {userType === 'distributor' && (
          <TextField
            label="Maximum capacity"
            type="number"
            inputMode="numeric"
            min={1}
            placeholder="45 Kilograms"
            required
            {...form.textField('maxCapacity')}
            hint="How many meals you can take on at a time."
          />
        )}
        <Button type="submit" disabled={registration.isPending} className="w-full">
          {registration.isPending ? 'Registering…' : `Register as ${typeLabel[userType]}`}
        </Button>
      </form>
    </div>
  );
}
