import {
  type ContactAccepted,
  ContactAcceptedSchema,
  type ContactMessage,
} from '@almquest/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/contact: stored, then mailed to the team when mail is set up. */
export function sendContactMessage(message: ContactMessage): Promise<ContactAccepted> {
  return api.post('/contact', message, ContactAcceptedSchema);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
