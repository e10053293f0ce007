import type { ContactAccepted, ContactMessage } from '@almquest/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function sendContactMessage(message: ContactMessage): Promise<ContactAccepted> {
  const res = await api.post<ContactAccepted>('/contact', message);
  return res.data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
