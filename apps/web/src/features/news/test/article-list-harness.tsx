import { useState } from 'react';
import { ArticleList } from '../components/article-list.tsx';
import { EMPTY_SELECTION, type Selection } from '../selection.ts';

/** The article list as the Market Intelligence page holds it: it keeps its own selection; no batch running. */
export function ArticleListHarness({
  sessionId,
  fetching = false,
  onProcessSelected = () => {},
}: {
  sessionId: string | null;
  fetching?: boolean;
  onProcessSelected?: (articleIds: number[], push: boolean) => void;
}) {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  return (
    <ArticleList
      sessionId={sessionId}
      page={1}
      onPageChange={() => {}}
      fetching={fetching}
      selection={selection}
      onSelectionChange={setSelection}
      onOpen={() => {}}
      onSessionLost={() => {}}
      batch={null}
      batchStarting={false}
      onProcessSelected={onProcessSelected}
      onDismissBatch={() => {}}
    />
  );
}
