-- Set while a batch holds the article (its batch item is pending): the API and the cards show it as queued,
-- then processing while a step runs (step_running), instead of the outcome of its last step, such as an old
-- failed_push. On the article rather than only on the batch item, so that its row_version moves with it and
-- cached list pages see the change (migration 007).
ALTER TABLE articles ADD COLUMN queued_in_batch boolean NOT NULL DEFAULT false;

UPDATE articles
SET queued_in_batch = true
WHERE id IN (SELECT article_id FROM pipeline_batch_items WHERE state = 'pending');
