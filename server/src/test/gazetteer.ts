import type { AppDb } from '../db/client';
import { ensureGazetteer, type PostalRecord, readPostalRecords } from '../modules/places/gazetteer';

/** A few real districts from the real data: enough to search, small enough to load fast. */
export const TEST_DISTRICTS = new Set([
  'Central Delhi',
  'New Delhi',
  'South Delhi',
  'Mumbai',
  'Bengaluru',
  'Lucknow',
  'Chennai',
  'Ahmedabad',
  'Thiruvananthapuram',
  'Varanasi',
  'Ghaziabad',
  'Gurgaon',
  'Kolkata',
]);

let records: Promise<PostalRecord[]> | null = null;

export function testPostalRecords(): Promise<PostalRecord[]> {
  records ??= readPostalRecords().then((all) =>
    all.filter((r) => TEST_DISTRICTS.has(r.districtName)),
  );
  return records;
}

export function loadTestGazetteer(db: AppDb): Promise<number> {
  return ensureGazetteer(db, testPostalRecords);
}
