/**
 * The cache key of GET /api/messaging (a person's phone channels): shared, because saving the
 * profile (a new phone number) changes where WhatsApp stands.
 */
export const messagingKey = ['messaging'] as const;
