-- Who holds the push subscriptions (issue 30): the network each was made from (IPv4 /24,
-- IPv6 /48) and its push service's host, so that no network and no host outside the browsers'
-- push services holds more than its share (PUSH_SUBSCRIPTIONS_PER_NETWORK, _PER_HOST).
-- Subscriptions made before have no network: they count against none.
ALTER TABLE push_subscriptions
  ADD COLUMN network text,
  ADD COLUMN endpoint_host text;

UPDATE push_subscriptions SET endpoint_host = lower(substring(endpoint FROM '^https://([^/?#]+)'));

CREATE INDEX push_subscriptions_network_idx ON push_subscriptions (network);
CREATE INDEX push_subscriptions_endpoint_host_idx ON push_subscriptions (endpoint_host);
