-- Issue 35: alerts that open their signal, Slack and Teams destinations, and where each user lands.

-- How a watch's webhook is spoken to: the signed generic JSON body, a Slack incoming webhook (Block Kit),
-- or a Microsoft Teams Workflows webhook (an Adaptive Card). Each alert row keeps the format it was queued
-- with, so a retry renders the same message even if the watch changed meanwhile.
ALTER TABLE watches ADD COLUMN webhook_format text NOT NULL DEFAULT 'generic'
  CHECK (webhook_format IN ('generic', 'slack', 'teams'));
ALTER TABLE alerts ADD COLUMN webhook_format text NOT NULL DEFAULT 'generic'
  CHECK (webhook_format IN ('generic', 'slack', 'teams'));

-- A notification's lines, each opening its own signal: [{label, link}].
ALTER TABLE notifications ADD COLUMN items jsonb NOT NULL DEFAULT '[]';

-- The screen a user lands on after sign-in; null: their role's default (members Signals, admins Dashboard).
ALTER TABLE users ADD COLUMN landing_page text CHECK (landing_page IN ('dashboard', 'signals'));
