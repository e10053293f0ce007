import { useI18n } from '../../i18n/i18n';
import { Button } from './button';

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** "Show older …" under a paginated list; gone once the last page is shown. */
export function LoadMoreButton({ pages, label }: { pages: Pages; label: string }) {
  const { t } = useI18n();
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="mt-4"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? t('common.loading') : label}
    </Button>
  );
}
