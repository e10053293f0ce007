import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

const control =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 disabled:bg-gray-100 disabled:text-gray-600 aria-[invalid=true]:border-red-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:disabled:bg-gray-800';

type Common = {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** The error is read out as it appears or changes: for a form that says a refusal only here. */
  announceError?: boolean;
};
type ControlProps = {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/**
 * Label, control, hint and error, with the hint and error tied to the control for screen
 * readers. Every form field of the app is drawn by this.
 */
function Field({
  label,
  error,
  hint,
  announceError = false,
  id,
  className = '',
  children,
}: Common & {
  id?: string | undefined;
  className?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-semibold">
        {label}
      </label>
      {children({
        id: fieldId,
        className: control,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${fieldId}-error`}
          {...(announceError ? { role: 'alert' } : {})}
          className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}

type FieldOwn = Common & { id?: string | undefined; className?: string | undefined };

/** Splits a field's props into the frame's (label, hint, error, id, class) and the control's. */
function splitProps<P extends FieldOwn>(props: P) {
  const { label, error, hint, announceError, id, className, ...control } = props;
  return { frame: { label, error, hint, announceError, id, className }, control };
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { frame, control } = splitProps(props);
  return <Field {...frame}>{(own) => <input {...own} {...control} />}</Field>;
}

export function TextAreaField(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = splitProps(props);
  return <Field {...frame}>{(own) => <textarea {...own} {...control} />}</Field>;
}

export function SelectField({
  options,
  optionLabel = (option) => option,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly string[];
    /** What a person reads for an option (its value stays the option itself). */
    optionLabel?: (option: string) => string;
  }) {
  const { frame, control } = splitProps(props);
  return (
    <Field {...frame}>
      {(own) => (
        <select {...own} {...control}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A yes/no choice: the box, its label beside it, a hint below tied to it, and what is wrong. */
export function CheckboxField({
  label,
  hint,
  error,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={describedBy || undefined}
          {...(error ? { 'aria-invalid': true as const } : {})}
          className="size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-base font-semibold">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="ml-8 text-sm text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ml-8 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
