-- A network's daily vote budget (issue 30): the alerts it voted on (or changed its vote on) in
-- the last 24 hours, read on every vote that would count.
CREATE INDEX alert_votes_network_voted_at_idx ON alert_votes (network, voted_at);
