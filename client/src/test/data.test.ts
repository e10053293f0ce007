import { NotificationSchema } from '@almquest/contracts/notifications';
import { PackageSchema } from '@almquest/contracts/packages';
import { SessionUserSchema } from '@almquest/contracts/session';
import { ProfileSchema } from '@almquest/contracts/users';
import { describe, expect, it } from 'vitest';
import {
  buildDistributorProfile,
  buildDonorProfile,
  buildNewcomer,
  buildNotification,
  buildPackage,
  buildSessionUser,
} from './data';

describe('test data builders', () => {
  it('build only shapes the server could send', () => {
    for (const user of [
      buildSessionUser(),
      buildSessionUser({ userType: 'distributor' }),
      buildNewcomer(),
    ]) {
      expect(SessionUserSchema.parse(user)).toEqual(user);
    }
    expect(buildNewcomer()).toMatchObject({ isRegistered: false, userType: null });
    for (const profile of [buildDonorProfile(), buildDistributorProfile()]) {
      expect(ProfileSchema.parse(profile)).toEqual(profile);
    }
    for (const state of ['Not Paired', 'Paired', 'Received', 'Distributed'] as const) {
      expect(PackageSchema.parse(buildPackage(state))).toEqual(buildPackage(state));
    }
    expect(buildPackage('Not Paired').pair).toBeNull();
    expect(NotificationSchema.parse(buildNotification(3))).toEqual(buildNotification(3));
  });
});
