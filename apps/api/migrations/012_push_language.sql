-- The language a device's notifications are written in: the app's language when it subscribed
-- (or last changed its subscription). Subscriptions made before it read Polish, as they did.
ALTER TABLE push_subscriptions ADD COLUMN language text NOT NULL DEFAULT 'pl' CHECK (language IN ('pl', 'en', 'uk'));
