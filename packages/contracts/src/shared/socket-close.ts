/**
 * The close codes every ticketed WebSocket of the console shares (the live channel, the device
 * terminal). A browser cannot read the HTTP status of a refused upgrade, so the close code says it.
 */
export const TicketedSocketClose = {
  /** Server shutting down. */
  goingAway: 1001,
  /** Ticket missing, bad, expired, or its session ended: get a new ticket (after logging in again). */
  unauthorized: 4401,
} as const;
