"use client";
import { useTranslations } from "next-intl";
import { Button } from "./button";
import { ErrorState } from "./states";

/** A list's "Load more" (the next page by `useMorePages`), and what went wrong with the last try. */
export function LoadMore({
  more,
  className,
}: {
  more: { hasMore: boolean; busy: boolean; error: unknown; loadMore: () => Promise<void> };
  className?: string;
}) {
  const tc = useTranslations("common");
  return (
    <>
      {more.error !== null && <ErrorState error={more.error} retry={() => void more.loadMore()} />}
      {more.hasMore && (
        <Button variant="secondary" className={className} onClick={() => void more.loadMore()} disabled={more.busy}>
          {more.busy ? tc("loadingMore") : tc("loadMore")}
        </Button>
      )}
    </>
  );
}
