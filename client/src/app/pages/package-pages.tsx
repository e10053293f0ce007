import { useParams } from 'react-router';
import { DonationPage } from '../../features/donations/donation-page';
import { PackagePage } from '../../features/package/package-page';

/**
 * The package page, and a split donation's page, which shares its chunk and route element: one
 * more page for no more bytes on the first page.
 */
export default function PackagePages() {
  return useParams().groupId ? <DonationPage /> : <PackagePage />;
}
