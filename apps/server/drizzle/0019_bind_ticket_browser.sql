-- Bind tickets, login tickets and one-time login codes belong to the browser that ran the provider
-- flow (docs/identity.md, Rules): the SHA-256 of its flow cookie. Rows from before carry none and
-- are usable by nobody; they expire within minutes anyway.
ALTER TABLE "bind_tickets" ADD COLUMN "browser_hash" text;
