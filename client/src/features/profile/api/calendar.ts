import { CalendarLinkSchema, CalendarStatusSchema } from '@almquest/contracts/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ignoreBody } from '../../../lib/api-client';

const calendarKey = ['me', 'calendar'] as const;

/** GET /api/me/calendar: whether a feed address exists. */
export function useCalendarStatus() {
  return useQuery({
    queryKey: calendarKey,
    queryFn: () => api.get('/me/calendar', CalendarStatusSchema),
  });
}

/** POST /api/me/calendar (a new address, the old one revoked) or DELETE (no feed). */
export function useCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isOn: boolean) =>
      isOn
        ? (await api.post('/me/calendar', {}, CalendarLinkSchema)).url
        : (await api.delete('/me/calendar', ignoreBody), null),
    onSuccess: (url) => queryClient.setQueryData(calendarKey, { isOn: url !== null }),
  });
}
