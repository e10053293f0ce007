import { type ChangeEvent, useCallback, useState } from 'react';
import type { z } from 'zod';
import { useAlerts } from './alerts';
import { ApiError, failureAlert } from './api-client';
import type { MessageWords } from '@almquest/contracts/errors';
import { fieldErrors } from '@almquest/contracts/field-errors';
import { wordsOfFieldMessage } from '@almquest/contracts/field-words';
import { errorPathFor } from './form-errors';
import { useI18n } from '../i18n/i18n';

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * One form's values and field errors, and the flow every form here follows: check the values
 * with the shared schema (errors shown next to their fields), send, and on a refusal show the
 * server's field errors and an alert that says what did not happen.
 */
export function useForm<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The words the API gave its field messages (the schemas' own are looked up as said). */
  const [errorWords, setErrorWords] = useState<Record<string, MessageWords>>({});
  /** Messages the form itself said, already in the reader's language (see setError). */
  const [ownErrors, setOwnErrors] = useState<Record<string, string>>({});
  /** What did not happen, said inside a dialog's form (see failed). */
  const [failure, setFailure] = useState<{ title: string; msg: string } | null>(null);
  const { showAlert } = useAlerts();
  const { fieldText, errorText } = useI18n();
  /** Field messages are the schemas' (and the API's) English; each reader gets them in theirs. */
  const say = (path: string | undefined) => {
    const message = path === undefined ? undefined : errors[path];
    if (path === undefined || message === undefined) return undefined;
    return fieldText(message, errorWords[path] ?? wordsOfFieldMessage(message));
  };

  /** Sets a value; what was said about that field no longer applies once it changes. */
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = String(key);
    setOwnErrors((e) => {
      if (!(field in e)) return e;
      const kept = { ...e };
      delete kept[field];
      return kept;
    });
    setErrors((e) => {
      const stale = Object.keys(e).filter((k) => k === field || k.startsWith(`${field}.`));
      if (stale.length === 0) return e;
      const kept = { ...e };
      for (const k of stale) delete kept[k];
      return kept;
    });
  }, []);

  /** Props that bind a text input or textarea to a string value and its error. */
  const textField = (key: TextKeys<T>) => ({
    name: key,
    value: values[key] as string,
    error: ownErrors[key as string] ?? say(errors[key] === undefined ? undefined : key),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.target.value as T[typeof key]),
  });

  /** The parsed input, or null after showing what is wrong with it. */
  function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    const parsed = schema.safeParse(input);
    setOwnErrors({});
    setFailure(null);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setErrorWords({});
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  /**
   * An onError for the mutation: the server's field errors, and an alert titled `title`. A form
   * in a dialog says it in the form instead (`failure`, shown by DialogError): toasts step aside
   * while a dialog is open.
   */
  const failed =
    (
      title: string,
      {
        inDialog = false,
        saidByField = false,
      }: {
        inDialog?: boolean;
        /** A refusal that names a field is said by the field alone (a short form, in view). */
        saidByField?: boolean;
      } = {},
    ) =>
    (error: Error) => {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setErrorWords(error.fieldWords);
        if (saidByField && Object.keys(error.fields ?? {}).length > 0) return;
      }
      const alert = failureAlert(title, error, errorText);
      if (inDialog) setFailure({ title: alert.title, msg: alert.msg });
      else showAlert(alert);
    };

  return {
    values,
    setValues,
    set,
    errors,
    /**
     * Shows a message next to one field (a check the schema cannot make on its own). The message
     * is already in the reader's words (from t), so it is shown as it is.
     */
    setError: (field: string, message: string) => setOwnErrors((e) => ({ ...e, [field]: message })),
    /** The message for a field or any of its parts ("location" shows "location.coordinates"). */
    errorFor: (field: string) => ownErrors[field] ?? say(errorPathFor(errors, field)),
    textField,
    check,
    failed,
    failure,
  };
}

/**
 * After a refused submit: moves focus to the form's first field marked invalid, once it is marked
 * (the next frame), so a person on a small screen is taken to it and a screen reader reads its
 * message. Nothing happens when no field is marked.
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
