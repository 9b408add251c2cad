"""The mail gateway: settings, composing, the outbox and its transports, reading mail in."""
