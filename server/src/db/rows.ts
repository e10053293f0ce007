import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { distributors, donors, notifications, packages, users } from './schema';

/** Row types, one per table the layers above pass around. */

/** A person: the signed-in user, a donor or a distributor (one table, role columns elsewhere). */
export type UserRow = typeof users.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type DonorRow = typeof donors.$inferSelect;
export type DistributorRow = typeof distributors.$inferSelect;
/** A registered person's rows: the user and their role's row. */
export type ProfileRows =
  | { userType: 'donor'; user: UserRow; donor: DonorRow }
  | { userType: 'distributor'; user: UserRow; distributor: DistributorRow };
export type NotificationRow = typeof notifications.$inferSelect;
/** A notification to write; a column may be SQL computed in the same statement. */
export type NewNotification = PgInsertValue<typeof notifications>;

/** A row of the places table as the place lookups select it. */
export type PlaceRecord = {
  id: number;
  name: string;
  kind: 'locality' | 'district';
  district: string | null;
  state: string | null;
  pin: string | null;
  lat: number;
  lng: number;
};
