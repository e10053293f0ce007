import type { ReportRequest } from '@almquest/contracts/coordinator';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /api/package/:id/report: the donor or the distributor tells the coordinators. */
export function useReportPackage(packageId: string) {
  return useMutation({
    mutationFn: (body: ReportRequest) =>
      api.post(`/package/${packageId}/report`, body, z.object({ id: z.string() })),
  });
}
