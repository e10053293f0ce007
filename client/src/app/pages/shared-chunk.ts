// One chunk for the notifications page and the pages that load with it: a chunk of their own
// made the bundler split the first page's shared code into more files (3 KB more for the first
// page each time).
export { default } from '../../features/notifications/notifications-page';
export { default as UnsubscribePage } from '../../features/notifications/unsubscribe-page';
// The console (coordinators only) and the public impact page.
export { default as CoordinatorPage } from '../../features/coordinator/coordinator-page';
export { default as ImpactPage } from '../../features/impact/impact-page';
