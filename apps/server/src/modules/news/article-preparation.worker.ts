import { prepareArticles, type PreparationTask, type PreparedArticle } from './article-preparation.ts';

/** Piscina runs the default export of this file on its thread for each page (article-preparer.ts). */
export default function prepare(task: PreparationTask): PreparedArticle[] {
  return prepareArticles(task);
}
