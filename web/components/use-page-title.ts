import { useEffect } from 'react';
import { documentTitle } from '#common/domain/page-titles';

/** The tab's title, built as the server builds the public pages' (common/domain/page-titles.ts). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
